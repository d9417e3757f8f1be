import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reservations and their tickets. One reservation per (account, offerReference): the unique
 * key is what makes a retried reserve request find the first attempt instead of booking twice.
 */
export class FlightReservations1763800000320 implements MigrationInterface {
  name = 'FlightReservations1763800000320';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flight_reservation (
      id CHAR(36) NOT NULL PRIMARY KEY,
      account_id CHAR(36) NOT NULL,
      channel VARCHAR(16) NOT NULL,
      booking_user_type VARCHAR(32) NOT NULL,
      offer_reference CHAR(36) NOT NULL,
      external_user_id VARCHAR(128) NULL,
      selected_option VARCHAR(32) NOT NULL,
      notifications VARCHAR(500) NOT NULL,
      status VARCHAR(32) NOT NULL,
      booking_reference VARCHAR(16) NOT NULL,
      payment_reference VARCHAR(32) NOT NULL,
      pnr VARCHAR(16) NULL,
      language VARCHAR(2) NOT NULL,
      display_currency CHAR(3) NOT NULL,
      supplier_offer LONGTEXT NOT NULL,
      price LONGTEXT NOT NULL,
      original_price LONGTEXT NOT NULL,
      price_version VARCHAR(64) NOT NULL,
      price_change_expires_at DATETIME(3) NULL,
      requirements LONGTEXT NOT NULL,
      passengers LONGTEXT NULL,
      supplier_booking LONGTEXT NULL,
      pricing_records LONGTEXT NULL,
      documents LONGTEXT NULL,
      offer_expires_at DATETIME(3) NOT NULL,
      payment_deadline_at DATETIME(3) NULL,
      wallet_id CHAR(36) NULL,
      wallet_currency CHAR(3) NULL,
      wallet_debit_total DECIMAL(20,4) NULL,
      admitted_at DATETIME(3) NULL,
      authentication_context VARCHAR(32) NOT NULL,
      processing_until DATETIME(3) NULL,
      last_error VARCHAR(500) NULL,
      issued_at DATETIME(3) NULL,
      cancelled_at DATETIME(3) NULL,
      cancel_reason VARCHAR(500) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_reservation_offer (account_id, offer_reference),
      UNIQUE KEY uq_reservation_booking_reference (booking_reference),
      UNIQUE KEY uq_reservation_payment_reference (payment_reference),
      KEY ix_reservation_status_deadline (status, payment_deadline_at)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE flight_ticket (
      uuid CHAR(36) NOT NULL PRIMARY KEY,
      ticket_id VARCHAR(32) NOT NULL,
      reservation_id CHAR(36) NOT NULL,
      traveler_id VARCHAR(8) NOT NULL,
      passenger_reference INT NOT NULL,
      itinerary_index INT NOT NULL,
      direction VARCHAR(8) NOT NULL,
      departure_date DATE NOT NULL,
      departure_time CHAR(5) NOT NULL,
      from_code CHAR(3) NOT NULL,
      to_code CHAR(3) NOT NULL,
      from_name VARCHAR(200) NOT NULL,
      to_name VARCHAR(200) NOT NULL,
      price_total DECIMAL(20,4) NOT NULL,
      price_currency CHAR(3) NOT NULL,
      provider_segment_references VARCHAR(200) NOT NULL,
      ticket_number VARCHAR(16) NULL,
      document_id VARCHAR(64) NULL,
      document_status VARCHAR(16) NOT NULL,
      provider_document_element VARCHAR(2) NULL,
      validating_carrier VARCHAR(3) NULL,
      tst_reference INT NULL,
      pricing_record_reference INT NULL,
      coupons LONGTEXT NOT NULL,
      issued_at DATETIME(3) NULL,
      status VARCHAR(32) NOT NULL,
      UNIQUE KEY uq_ticket_passenger_itinerary (reservation_id, traveler_id, itinerary_index),
      KEY ix_ticket_ticket_id (ticket_id),
      CONSTRAINT fk_ticket_reservation FOREIGN KEY (reservation_id) REFERENCES flight_reservation (id)
    ) ENGINE=InnoDB`);
    // Customer payments, kept apart from the reservation workflow: evidence that survives it.
    await q.query(`CREATE TABLE flight_payment (
      id CHAR(36) NOT NULL PRIMARY KEY,
      reservation_id CHAR(36) NULL,
      account_id CHAR(36) NOT NULL,
      payment_reference VARCHAR(32) NOT NULL,
      amount DECIMAL(20,4) NOT NULL,
      currency CHAR(3) NOT NULL,
      status VARCHAR(16) NOT NULL,
      provider VARCHAR(16) NOT NULL,
      provider_reference VARCHAR(64) NULL,
      created_at DATETIME(3) NOT NULL,
      confirmed_at DATETIME(3) NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_payment_reservation (reservation_id, status),
      KEY ix_payment_reference (payment_reference)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE flight_payment');
    await q.query('DROP TABLE flight_ticket');
    await q.query('DROP TABLE flight_reservation');
  }
}
