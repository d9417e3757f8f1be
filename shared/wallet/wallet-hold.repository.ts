import type { DataSource } from 'typeorm';

/** SQL for wallet_hold outside the ledger's own postings (which work under the wallet row lock). */
export class WalletHoldRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Deletes up to `limit` holds settled (RELEASED or CAPTURED) before `cutoff`, oldest first on
   * ix_wallet_hold_settled; answers how many went and whether more may be left. A HELD hold is never touched: the
   * status is checked again in the DELETE, so a released hold admitted again meanwhile stays. What the ledger reads
   * of a settled hold does not depend on it existing: a capture's debit is a ledger entry under the same key (which
   * hold() treats as settled), and a RELEASED hold and no hold admit the same way (see WalletLedger.hold).
   */
  async purgeSettled(cutoff: Date, limit: number): Promise<{ removed: number; more: boolean }> {
    const rows: Array<{ id: string }> = await this.dataSource.query('SELECT id FROM wallet_hold WHERE settled_at < ? ORDER BY settled_at, id LIMIT ?', [
      cutoff,
      limit,
    ]);
    if (rows.length === 0) return { removed: 0, more: false };
    // READ COMMITTED, by primary key: no gap locks on a table every admission writes.
    const removed = await this.dataSource.transaction('READ COMMITTED', async (m) => {
      const result: { affectedRows: number } = await m.query(
        `DELETE FROM wallet_hold WHERE id IN (${rows.map(() => '?').join(', ')}) AND settled_at < ? AND status IN ('RELEASED', 'CAPTURED')`,
        [...rows.map((r) => r.id), cutoff],
      );
      return result.affectedRows;
    });
    return { removed, more: rows.length === limit };
  }
}
