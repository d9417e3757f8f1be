import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the retention purge of the GDS simulator's tables needs to find its rows through an index (docs/decisions.md
 * "Retention"): bookings by last change (their idempotency keys already have a PNR index and go with them), seat
 * counters by flight date (a virtual column read from the inventory key `<carrier><number>@<date>|<cabin>`, so no
 * writer changes) and trigger memory by creation (new column; rows there before this count from now).
 */
export class FlightRetentionIndexes1764500000630 implements MigrationInterface {
  name = 'FlightRetentionIndexes1764500000630';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE gds_sim_booking ADD KEY ix_gds_sim_booking_updated (updated_at)');
    await q.query(`ALTER TABLE gds_sim_seat
      ADD COLUMN flight_date CHAR(10) GENERATED ALWAYS AS (SUBSTRING_INDEX(SUBSTRING_INDEX(inventory_key, '|', 1), '@', -1)) VIRTUAL,
      ADD KEY ix_gds_sim_seat_date (flight_date)`);
    await q.query(`ALTER TABLE gds_sim_trigger ADD COLUMN created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      ADD KEY ix_gds_sim_trigger_created (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE gds_sim_trigger DROP KEY ix_gds_sim_trigger_created, DROP COLUMN created_at');
    await q.query('ALTER TABLE gds_sim_seat DROP KEY ix_gds_sim_seat_date, DROP COLUMN flight_date');
    await q.query('ALTER TABLE gds_sim_booking DROP KEY ix_gds_sim_booking_updated');
  }
}
