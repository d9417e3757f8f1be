import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keyed outbox rows: a caller-chosen BullMQ job id (unique, so writing the same key again re-schedules one row
 * instead of adding another) and the job's own retry policy, for work that must exist at most once per entity.
 */
export class OutboxJobKeys1764000000510 implements MigrationInterface {
  name = 'OutboxJobKeys1764000000510';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_message
      ADD COLUMN job_id VARCHAR(128) NULL,
      ADD COLUMN job_retry VARCHAR(255) NULL,
      ADD UNIQUE KEY uq_outbox_job_id (job_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_message DROP INDEX uq_outbox_job_id, DROP COLUMN job_retry, DROP COLUMN job_id');
  }
}
