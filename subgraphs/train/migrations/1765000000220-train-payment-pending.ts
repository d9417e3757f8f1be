import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The payment status poller finds PENDING charges by last change (shared/payments/provider-status.poller.ts). */
export class TrainPaymentPending1765000000220 implements MigrationInterface {
  name = 'TrainPaymentPending1765000000220';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_payment ADD KEY ix_train_payment_status_updated (status, updated_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_payment DROP KEY ix_train_payment_status_updated');
  }
}
