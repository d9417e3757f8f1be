import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SGR agent issuance: one row per reservation, written in the transaction that admits the agent wallet and
 * claims the reservation. It carries the frozen debit, the funding / payout / issuance states, the last
 * failure and the agent's callback URL with its delivery state.
 */
export class TrainIssuance1763800000430 implements MigrationInterface {
  name = 'TrainIssuance1763800000430';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE train_issuance (
      reservation_id CHAR(36) NOT NULL PRIMARY KEY,
      payment_reference VARCHAR(20) NOT NULL,
      account_id CHAR(36) NOT NULL,
      wallet_id CHAR(36) NOT NULL,
      amount DECIMAL(14,2) NOT NULL,
      currency CHAR(3) NOT NULL,
      funding_status VARCHAR(32) NOT NULL,
      wallet_debited TINYINT(1) NOT NULL DEFAULT 0,
      wallet_entry_id VARCHAR(32) NULL,
      payout_status VARCHAR(16) NOT NULL,
      payout_reference VARCHAR(64) NULL,
      status VARCHAR(24) NOT NULL,
      failure_stage VARCHAR(16) NULL,
      failure_code VARCHAR(32) NULL,
      failure_retryable TINYINT(1) NULL,
      failure_action VARCHAR(32) NULL,
      last_error VARCHAR(500) NULL,
      callback_url VARCHAR(2048) NULL,
      callback_status VARCHAR(16) NULL,
      callback_attempts INT NOT NULL DEFAULT 0,
      callback_delivered_at DATETIME(3) NULL,
      admitted_at DATETIME(3) NOT NULL,
      issued_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_train_issuance_payment_reference (payment_reference),
      KEY ix_train_issuance_wallet (wallet_id, wallet_debited, status)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE train_issuance');
  }
}
