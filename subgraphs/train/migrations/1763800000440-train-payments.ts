import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SGR online payments (docs/train-payments.md): frozen payable quotes per reservation and currency, the
 * charge details on train_payment (quote, processing fee, deposit operation, mobile-money rail), and
 * train_issuance opened to customer bookings funded by a confirmed online payment instead of a wallet.
 */
export class TrainPayments1763800000440 implements MigrationInterface {
  name = 'TrainPayments1763800000440';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE train_payment_quote (
      reservation_id CHAR(36) NOT NULL,
      currency CHAR(3) NOT NULL,
      amount DECIMAL(14,2) NOT NULL,
      exchange_rate DECIMAL(30,18) NOT NULL,
      base_amount DECIMAL(14,2) NOT NULL,
      base_currency CHAR(3) NOT NULL,
      frozen_at DATETIME(3) NOT NULL,
      PRIMARY KEY (reservation_id, currency)
    ) ENGINE=InnoDB`);
    await q.query(`ALTER TABLE train_payment
      ADD COLUMN operation VARCHAR(16) NOT NULL DEFAULT 'CARD' AFTER account_id,
      ADD COLUMN provider VARCHAR(16) NOT NULL DEFAULT 'SANDBOX' AFTER operation,
      ADD COLUMN quote_amount DECIMAL(14,2) NOT NULL DEFAULT 0 AFTER currency,
      ADD COLUMN processing_fee DECIMAL(14,2) NOT NULL DEFAULT 0 AFTER quote_amount,
      ADD COLUMN rail VARCHAR(24) NULL AFTER processing_fee,
      ADD COLUMN payer_country CHAR(2) NULL AFTER rail,
      ADD COLUMN decline_reason VARCHAR(200) NULL AFTER provider_reference,
      ADD COLUMN attached_at DATETIME(3) NULL AFTER confirmed_at,
      ADD KEY ix_train_payment_owner (account_id, payment_reference)`);
    await q.query(`ALTER TABLE train_issuance
      MODIFY wallet_id CHAR(36) NULL,
      ADD COLUMN funding_source VARCHAR(16) NOT NULL DEFAULT 'AGENT_WALLET' AFTER account_id,
      ADD COLUMN payment_id CHAR(36) NULL AFTER wallet_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_issuance DROP COLUMN payment_id, DROP COLUMN funding_source, MODIFY wallet_id CHAR(36) NOT NULL');
    await q.query(`ALTER TABLE train_payment DROP KEY ix_train_payment_owner, DROP COLUMN attached_at, DROP COLUMN decline_reason, DROP COLUMN payer_country,
      DROP COLUMN rail, DROP COLUMN processing_fee, DROP COLUMN quote_amount, DROP COLUMN provider, DROP COLUMN operation`);
    await q.query('DROP TABLE train_payment_quote');
  }
}
