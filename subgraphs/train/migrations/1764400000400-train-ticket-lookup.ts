import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /api/ticket at a year of bookings (issue 23): each SGR ticket keeps its passenger's email (lower case) beside
 * the phone it already had, and the booking's creation time, both indexed with that time, so a lookup by email or
 * phone reads that passenger's newest tickets from one index. Existing tickets take the email from their
 * reservation's passengers and the time from the reservation.
 */
export class TrainTicketLookup1764400000400 implements MigrationInterface {
  name = 'TrainTicketLookup1764400000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_ticket ADD COLUMN passenger_email VARCHAR(254) NULL AFTER passenger_phone, ADD COLUMN booked_at DATETIME(3) NULL');
    await q.query(`UPDATE train_ticket t
      JOIN train_reservation r ON r.id = t.reservation_id
      LEFT JOIN JSON_TABLE(r.passengers, '$[*]' COLUMNS (
        position FOR ORDINALITY,
        email VARCHAR(254) COLLATE utf8mb4_unicode_ci PATH '$.email')) p ON p.position = t.passenger_index + 1
      SET t.passenger_email = NULLIF(LOWER(TRIM(p.email)), ''), t.booked_at = r.created_at`);
    await q.query(`ALTER TABLE train_ticket
      ADD INDEX ix_train_ticket_email (passenger_email, booked_at),
      ADD INDEX ix_train_ticket_phone (passenger_phone, booked_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE train_ticket DROP INDEX ix_train_ticket_email, DROP INDEX ix_train_ticket_phone,
      DROP COLUMN passenger_email, DROP COLUMN booked_at`);
  }
}
