import { MigrationInterface, QueryRunner } from 'typeorm';

/** The id of the request that caused an outbox row, so its job (and the worker's log lines for it) carry it too. */
export class OutboxRequestId1764200000100 implements MigrationInterface {
  name = 'OutboxRequestId1764200000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_message ADD COLUMN request_id VARCHAR(64) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_message DROP COLUMN request_id');
  }
}
