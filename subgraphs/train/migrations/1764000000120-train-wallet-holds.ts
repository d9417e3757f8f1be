import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RECOMPUTE_HELD_TOTAL } from '../../../shared/database/migrations/1764000000100-wallet-holds';

/**
 * Admitted agent issuances not yet debited (issuing, or frozen after a refused issue) become wallet holds; and
 * recovery_attempts bounds how often the recovery job retries an issuance that stopped half way.
 */
export class TrainWalletHolds1764000000120 implements MigrationInterface {
  name = 'TrainWalletHolds1764000000120';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_issuance ADD COLUMN recovery_attempts INT NOT NULL DEFAULT 0, ADD KEY ix_train_issuance_recovery (status, updated_at)');
    await q.query(`INSERT INTO wallet_hold (wallet_id, business_key, amount, status, note, created_at)
      SELECT i.wallet_id, CONCAT('train-reservation:', i.reservation_id), i.amount, 'HELD', CONCAT('SGR ', i.payment_reference), i.admitted_at
      FROM train_issuance i
      WHERE i.funding_source = 'AGENT_WALLET' AND i.wallet_id IS NOT NULL AND i.wallet_debited = 0 AND i.status IN ('ISSUING', 'ISSUE_FAILED')
        AND NOT EXISTS (SELECT 1 FROM wallet_hold h WHERE h.wallet_id = i.wallet_id AND h.business_key = CONCAT('train-reservation:', i.reservation_id))`);
    await q.query(RECOMPUTE_HELD_TOTAL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM wallet_hold WHERE business_key LIKE 'train-reservation:%'");
    await q.query('ALTER TABLE train_issuance DROP KEY ix_train_issuance_recovery, DROP COLUMN recovery_attempts');
    await q.query(RECOMPUTE_HELD_TOTAL);
  }
}
