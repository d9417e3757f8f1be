import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The wallet statement (docs/decisions.md "Wallet statement"): an agent's ledger entries newest first in keyset pages
 * (the entry id is the order), by direction or by a creation range, and its open holds; each read starts with the
 * wallet.
 */
export class WalletStatement1764800000300 implements MigrationInterface {
  name = 'WalletStatement1764800000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_entry
      ADD KEY ix_wallet_entry_wallet (wallet_id, id),
      ADD KEY ix_wallet_entry_wallet_kind (wallet_id, kind, id),
      ADD KEY ix_wallet_entry_wallet_created (wallet_id, created_at)`);
    await q.query('ALTER TABLE wallet_hold ADD KEY ix_wallet_hold_wallet_status (wallet_id, status, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wallet_hold DROP KEY ix_wallet_hold_wallet_status');
    await q.query('ALTER TABLE wallet_entry DROP KEY ix_wallet_entry_wallet, DROP KEY ix_wallet_entry_wallet_kind, DROP KEY ix_wallet_entry_wallet_created');
  }
}
