import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Registers the train reservations made before the trip registry (shared migration 1764800000200), oldest first. */
export class TrainTrips1764800000220 implements MigrationInterface {
  name = 'TrainTrips1764800000220';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT IGNORE INTO trip (kind, booking_id, account_id, status, departure_date, created_at, updated_at)
      SELECT 'TRAIN', id, account_id, status, JSON_UNQUOTE(JSON_EXTRACT(outbound, '$.departure.date')), created_at, updated_at
      FROM train_reservation ORDER BY created_at, id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM trip WHERE kind = 'TRAIN'");
  }
}
