import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the retention purge of the train module's tables needs to find its rows through an index (docs/decisions.md
 * "Retention"): our seat holds by expiry; the rail simulator's holds by creation, reservations by last change (and
 * their idempotency keys by PNR, deleted with them), seat segments by service date (a virtual column read from the
 * trip key `<train>@<date>`, so no writer changes) and trigger memory by creation (new column; rows there before this
 * count from now).
 */
export class TrainRetentionIndexes1764500000620 implements MigrationInterface {
  name = 'TrainRetentionIndexes1764500000620';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_seat_hold ADD KEY ix_train_seat_hold_expires (expires_at)');
    await q.query('ALTER TABLE rail_sim_hold ADD KEY ix_rail_sim_hold_created (created_at)');
    await q.query('ALTER TABLE rail_sim_reservation ADD KEY ix_rail_sim_reservation_updated (updated_at)');
    await q.query('ALTER TABLE rail_sim_reservation_key ADD KEY ix_rail_sim_reservation_key_pnr (pnr)');
    await q.query(`ALTER TABLE rail_sim_seat_segment
      ADD COLUMN service_date CHAR(10) GENERATED ALWAYS AS (SUBSTRING_INDEX(trip_key, '@', -1)) VIRTUAL,
      ADD KEY ix_rail_sim_seat_segment_date (service_date)`);
    await q.query(`ALTER TABLE rail_sim_trigger ADD COLUMN created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      ADD KEY ix_rail_sim_trigger_created (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE rail_sim_trigger DROP KEY ix_rail_sim_trigger_created, DROP COLUMN created_at');
    await q.query('ALTER TABLE rail_sim_seat_segment DROP KEY ix_rail_sim_seat_segment_date, DROP COLUMN service_date');
    await q.query('ALTER TABLE rail_sim_reservation_key DROP KEY ix_rail_sim_reservation_key_pnr');
    await q.query('ALTER TABLE rail_sim_reservation DROP KEY ix_rail_sim_reservation_updated');
    await q.query('ALTER TABLE rail_sim_hold DROP KEY ix_rail_sim_hold_created');
    await q.query('ALTER TABLE train_seat_hold DROP KEY ix_train_seat_hold_expires');
  }
}
