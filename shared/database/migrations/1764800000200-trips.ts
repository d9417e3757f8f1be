import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trip registry (docs/decisions.md "Trips"): one row per booking of any kind, written by the booking's own module in
 * the transaction that creates it and in each that changes its status. It holds only what a "my trips" page filters and
 * sorts by; every field a trip shows is read from the module that owns the booking. `seq` is the keyset order (newest
 * first), and each filter has an index that starts with the account.
 */
export class Trips1764800000200 implements MigrationInterface {
  name = 'Trips1764800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE trip (
      seq BIGINT NOT NULL AUTO_INCREMENT,
      kind VARCHAR(8) NOT NULL,
      booking_id CHAR(36) NOT NULL,
      account_id CHAR(36) NOT NULL,
      status VARCHAR(32) NOT NULL,
      departure_date DATE NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (seq),
      UNIQUE KEY uq_trip_booking (booking_id, kind),
      KEY ix_trip_account (account_id, seq),
      KEY ix_trip_account_kind (account_id, kind, seq),
      KEY ix_trip_account_status (account_id, status, seq),
      KEY ix_trip_account_departure (account_id, departure_date, seq)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE trip');
  }
}
