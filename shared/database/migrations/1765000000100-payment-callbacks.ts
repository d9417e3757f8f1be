import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The provider transactions that confirmed a payment (shared/payments/payment-callback.repository.ts): one row per
 * provider transaction id, so a callback delivered again never confirms twice, and one per our charge reference, so a
 * second transaction paying the same charge is told apart instead of confirming it again. received_at is what a
 * retention sweep would read.
 */
export class PaymentCallbacks1765000000100 implements MigrationInterface {
  name = 'PaymentCallbacks1765000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE payment_callback (
      provider VARCHAR(16) NOT NULL,
      provider_transaction_id VARCHAR(64) NOT NULL,
      charge_reference VARCHAR(100) NOT NULL,
      amount DECIMAL(19,4) NOT NULL,
      currency CHAR(3) NOT NULL,
      received_at DATETIME(3) NOT NULL,
      PRIMARY KEY (provider, provider_transaction_id),
      UNIQUE KEY uq_payment_callback_reference (provider, charge_reference),
      KEY ix_payment_callback_received (received_at)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payment_callback');
  }
}
