import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many times a delivery's attempt was taken over after its sender died mid-send (or stayed silent past its lease)
 * and sent again: the one way an event reaches a receiver twice under "at least once". The chaos run checks every
 * second receipt against it; an operator reads it when an integrator reports a duplicate. An instant ADD COLUMN.
 */
export class WebhookInterruptedSends1764900000300 implements MigrationInterface {
  name = 'WebhookInterruptedSends1764900000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_delivery ADD COLUMN interrupted_sends SMALLINT UNSIGNED NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_delivery DROP COLUMN interrupted_sends');
  }
}
