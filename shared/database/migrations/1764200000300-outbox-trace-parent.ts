import { MigrationInterface, QueryRunner } from 'typeorm';

/** The W3C traceparent of the span that wrote an outbox row, so the relay continues that trace into the job. */
export class OutboxTraceParent1764200000300 implements MigrationInterface {
  name = 'OutboxTraceParent1764200000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_message ADD COLUMN trace_parent VARCHAR(128) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_message DROP COLUMN trace_parent');
  }
}
