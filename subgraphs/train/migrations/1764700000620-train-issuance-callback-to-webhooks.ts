import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SGR issue callbackUrl is now a one-off target of the train.issuance.* webhook events (docs/decisions.md "Webhook
 * events"): its delivery state lives in webhook_delivery, so train_issuance keeps only callback_url (a repeated issue
 * request is still checked against it) and drops the columns the old train-issuance-callback job kept.
 */
export class TrainIssuanceCallbackToWebhooks1764700000620 implements MigrationInterface {
  name = 'TrainIssuanceCallbackToWebhooks1764700000620';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_issuance DROP COLUMN callback_status, DROP COLUMN callback_attempts, DROP COLUMN callback_delivered_at');
  }

  /** The columns come back empty: what was delivered since is in webhook_delivery, and no job would read them again. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE train_issuance
        ADD COLUMN callback_status VARCHAR(16) NULL AFTER callback_url,
        ADD COLUMN callback_attempts INT NOT NULL DEFAULT 0 AFTER callback_status,
        ADD COLUMN callback_delivered_at DATETIME(3) NULL AFTER callback_attempts`,
    );
  }
}
