import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wallet holds: one admission rule for every wallet spend, decided under the wallet row lock. The subgraphs'
 * own migrations turn their existing admitted-but-undebited bookings into holds.
 */
export class WalletHolds1764000000100 implements MigrationInterface {
  name = 'WalletHolds1764000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wallet ADD COLUMN held_total DECIMAL(20,4) NOT NULL DEFAULT 0 AFTER balance');
    await q.query(`CREATE TABLE wallet_hold (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      wallet_id CHAR(36) NOT NULL,
      business_key VARCHAR(191) NOT NULL,
      amount DECIMAL(20,4) NOT NULL,
      status VARCHAR(16) NOT NULL,
      note VARCHAR(255) NULL,
      created_at DATETIME(3) NOT NULL,
      settled_at DATETIME(3) NULL,
      UNIQUE KEY uq_wallet_hold_key (wallet_id, business_key),
      KEY ix_wallet_hold_status (status, created_at),
      CONSTRAINT fk_wallet_hold_wallet FOREIGN KEY (wallet_id) REFERENCES wallet (id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE wallet_hold');
    await q.query('ALTER TABLE wallet DROP COLUMN held_total');
  }
}

/** Sets each wallet's held_total from its HELD holds (used after a backfill). */
export const RECOMPUTE_HELD_TOTAL = `UPDATE wallet w SET held_total = (SELECT COALESCE(SUM(h.amount), 0) FROM wallet_hold h WHERE h.wallet_id = w.id AND h.status = 'HELD')`;
