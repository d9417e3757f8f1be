import type { DataSource, EntityManager } from 'typeorm';
import { WalletHoldEntity, WalletHoldStatus } from './entities/wallet-hold.entity';

/** A hold as admitted (its id is the database's). */
export type NewHold = Omit<WalletHoldEntity, 'id'>;

/** SQL for wallet_hold: the ledger's hold postings (on its EntityManager, under the wallet row lock), its recovery scan and the purge. */
export class WalletHoldRepository {
  constructor(private readonly dataSource: DataSource) {}

  holdByKey(walletId: string, businessKey: string, m?: EntityManager): Promise<WalletHoldEntity | null> {
    return (m ?? this.dataSource.manager).findOneBy(WalletHoldEntity, { walletId, businessKey });
  }

  async insertHold(m: EntityManager, hold: NewHold): Promise<void> {
    await m.insert(WalletHoldEntity, hold);
  }

  /**
   * Takes up a RELEASED hold again with a new amount and note, only while it is still there and RELEASED (the purge
   * may have deleted it since it was read); true when it was.
   */
  async reopenReleased(m: EntityManager, holdId: string, fields: Pick<WalletHoldEntity, 'amount' | 'note'>): Promise<boolean> {
    const result = await m.update(
      WalletHoldEntity,
      { id: holdId, status: WalletHoldStatus.RELEASED },
      { ...fields, status: WalletHoldStatus.HELD, settledAt: null },
    );
    return !!result.affected;
  }

  async settle(m: EntityManager, holdId: string, to: WalletHoldStatus, settledAt: Date): Promise<void> {
    await m.update(WalletHoldEntity, { id: holdId }, { status: to, settledAt });
  }

  /**
   * Business keys starting with `prefix` whose hold is still HELD since before `before`, oldest first, at most
   * `limit`, on the (status, created_at) index: the open holds are few, the settled ones never read.
   */
  async openHoldKeys(prefix: string, before: Date, limit: number): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(WalletHoldEntity)
      .createQueryBuilder('h')
      .select('h.businessKey', 'businessKey')
      .where('h.status = :held AND h.createdAt < :before AND h.businessKey LIKE :prefix', {
        held: WalletHoldStatus.HELD,
        before,
        prefix: `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      })
      .orderBy('h.createdAt')
      .limit(limit)
      .getRawMany<{ businessKey: string }>();
    return rows.map((r) => r.businessKey);
  }

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
