import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /api/ticket at a year of bookings (issue 23): each ticket keeps its passenger's contact in indexed columns
 * (email in lower case, phone in E.164, as the lookup normalises its filters) and the booking's creation time, so a
 * lookup by email or phone reads that passenger's newest tickets from one index instead of scanning every
 * reservation's passengers JSON; ticket numbers and PNRs get the indexes their lookups lacked. Existing tickets take
 * their values from their reservation's passengers (one pass over the table when the migration runs).
 */
export class FlightTicketLookup1764400000300 implements MigrationInterface {
  name = 'FlightTicketLookup1764400000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE flight_ticket
      ADD COLUMN passenger_email VARCHAR(254) NULL,
      ADD COLUMN passenger_phone VARCHAR(20) NULL,
      ADD COLUMN booked_at DATETIME(3) NULL`);
    await q.query(`UPDATE flight_ticket t
      JOIN flight_reservation r ON r.id = t.reservation_id
      LEFT JOIN JSON_TABLE(r.passengers, '$[*]' COLUMNS (
        traveler_id VARCHAR(8) COLLATE utf8mb4_unicode_ci PATH '$.travelerId',
        email VARCHAR(254) COLLATE utf8mb4_unicode_ci PATH '$.email',
        phone VARCHAR(20) COLLATE utf8mb4_unicode_ci PATH '$.phone')) p ON p.traveler_id = t.traveler_id
      SET t.passenger_email = NULLIF(LOWER(TRIM(p.email)), ''), t.passenger_phone = NULLIF(TRIM(p.phone), ''), t.booked_at = r.created_at`);
    await q.query(`ALTER TABLE flight_ticket
      ADD INDEX ix_flight_ticket_email (passenger_email, booked_at),
      ADD INDEX ix_flight_ticket_phone (passenger_phone, booked_at),
      ADD INDEX ix_flight_ticket_number (ticket_number)`);
    await q.query('ALTER TABLE flight_reservation ADD INDEX ix_flight_reservation_pnr (pnr)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_reservation DROP INDEX ix_flight_reservation_pnr');
    await q.query(`ALTER TABLE flight_ticket
      DROP INDEX ix_flight_ticket_email, DROP INDEX ix_flight_ticket_phone, DROP INDEX ix_flight_ticket_number,
      DROP COLUMN passenger_email, DROP COLUMN passenger_phone, DROP COLUMN booked_at`);
  }
}
