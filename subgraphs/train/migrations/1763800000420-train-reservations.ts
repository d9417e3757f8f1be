import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SGR reservations: one row per reservation request (unique per account and set of holds, so a retried
 * request finds its reservation instead of making another), one ticket per passenger and journey, and
 * the payment evidence the expiry job reads before it cancels (written by the payment work).
 */
export class TrainReservations1763800000420 implements MigrationInterface {
  name = 'TrainReservations1763800000420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE train_reservation (
      id CHAR(36) NOT NULL PRIMARY KEY,
      account_id CHAR(36) NOT NULL,
      booking_user_type VARCHAR(24) NOT NULL,
      idempotency_key CHAR(64) NOT NULL,
      request_fingerprint CHAR(64) NOT NULL,
      status VARCHAR(24) NOT NULL,
      attempt INT NOT NULL DEFAULT 0,
      journey_type VARCHAR(16) NOT NULL,
      ticket_purchase TINYINT(1) NOT NULL,
      notifications JSON NOT NULL,
      outbound JSON NOT NULL,
      return_journey JSON NULL,
      passengers JSON NOT NULL,
      issuer_device_info JSON NULL,
      authentication_context VARCHAR(32) NOT NULL,
      language VARCHAR(2) NOT NULL,
      pricing_context VARCHAR(24) NOT NULL,
      payment_reference VARCHAR(20) NOT NULL,
      pnr VARCHAR(16) NULL,
      workflow_id VARCHAR(64) NULL,
      workflow_start_confirmed TINYINT(1) NULL,
      bill_id VARCHAR(32) NULL,
      control_number VARCHAR(20) NULL,
      bill_amount DECIMAL(14,2) NULL,
      bill_currency CHAR(3) NULL,
      payment_required DECIMAL(14,2) NULL,
      payment_currency CHAR(3) NULL,
      reserved_at DATETIME(3) NULL,
      internal_expires_at DATETIME(3) NULL,
      expires_at DATETIME(3) NULL,
      provider_expires_at DATETIME(3) NULL,
      processing_until DATETIME(3) NULL,
      last_error VARCHAR(500) NULL,
      cancelled_at DATETIME(3) NULL,
      cancel_reason VARCHAR(40) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_train_reservation_key (idempotency_key),
      UNIQUE KEY uq_train_reservation_payment_reference (payment_reference),
      UNIQUE KEY uq_train_reservation_pnr (pnr),
      KEY ix_train_reservation_account (account_id, created_at)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE train_ticket (
      train_ticket_uuid CHAR(36) NOT NULL PRIMARY KEY,
      reservation_id CHAR(36) NOT NULL,
      passenger_index INT NOT NULL,
      journey VARCHAR(8) NOT NULL,
      passenger_name VARCHAR(100) NOT NULL,
      passenger_phone VARCHAR(20) NOT NULL,
      ticket_number VARCHAR(20) NOT NULL,
      hold_key VARCHAR(64) NOT NULL,
      time_table_train_set_id INT NOT NULL,
      travel_date DATE NOT NULL,
      from_stop_id VARCHAR(16) NOT NULL,
      to_stop_id VARCHAR(16) NOT NULL,
      car_id INT NOT NULL,
      car_type_id INT NOT NULL,
      car_class VARCHAR(16) NOT NULL,
      seat_id INT NOT NULL,
      seat_label VARCHAR(8) NOT NULL,
      ticket_type_id INT NOT NULL,
      luggage_id INT NOT NULL,
      fare_amount DECIMAL(14,2) NOT NULL,
      price_total DECIMAL(14,2) NOT NULL,
      price_currency CHAR(3) NOT NULL,
      price JSON NOT NULL,
      status VARCHAR(16) NOT NULL,
      authentication_context VARCHAR(32) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_train_ticket_number (ticket_number),
      UNIQUE KEY uq_train_ticket_journey (reservation_id, passenger_index, journey),
      KEY ix_train_ticket_reservation (reservation_id)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE train_payment (
      id CHAR(36) NOT NULL PRIMARY KEY,
      reservation_id CHAR(36) NOT NULL,
      payment_reference VARCHAR(20) NOT NULL,
      account_id CHAR(36) NOT NULL,
      method VARCHAR(24) NOT NULL,
      amount DECIMAL(14,2) NOT NULL,
      currency CHAR(3) NOT NULL,
      status VARCHAR(16) NOT NULL,
      provider_reference VARCHAR(64) NULL,
      confirmed_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_train_payment_reservation (reservation_id, status),
      KEY ix_train_payment_reference (payment_reference)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE train_payment');
    await q.query('DROP TABLE train_ticket');
    await q.query('DROP TABLE train_reservation');
  }
}
