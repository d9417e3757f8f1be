import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Registers the flight reservations made before the trip registry (shared migration 1764800000200), oldest first. */
export class FlightTrips1764800000210 implements MigrationInterface {
  name = 'FlightTrips1764800000210';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT IGNORE INTO trip (kind, booking_id, account_id, status, departure_date, created_at, updated_at)
      SELECT 'FLIGHT', id, account_id, status,
        LEFT(JSON_UNQUOTE(JSON_EXTRACT(supplier_offer, '$.itineraries[0].segments[0].departure.at')), 10), created_at, updated_at
      FROM flight_reservation ORDER BY created_at, id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM trip WHERE kind = 'FLIGHT'");
  }
}
