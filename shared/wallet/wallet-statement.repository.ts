import type { Queryable } from '../database/transactor.port';

/** One ledger entry as the statement reads it; amounts are DECIMAL text, never floats. */
export interface StatementEntryRow {
  id: string;
  businessKey: string;
  kind: 'CREDIT' | 'DEBIT';
  amount: string;
  balanceAfter: string;
  note: string | null;
  createdAt: Date;
}

export interface StatementFilter {
  kind?: 'CREDIT' | 'DEBIT';
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface OpenHoldRow {
  id: string;
  businessKey: string;
  amount: string;
  note: string | null;
  createdAt: Date;
}

type EntryDbRow = {
  id: string | number;
  business_key: string;
  kind: 'CREDIT' | 'DEBIT';
  amount: string;
  balance_after: string;
  note: string | null;
  created_at: Date;
};

const ENTRY_COLUMNS = 'id, business_key, kind, amount, balance_after, note, created_at';

function entryOf(r: EntryDbRow): StatementEntryRow {
  return {
    id: String(r.id),
    businessKey: r.business_key,
    kind: r.kind,
    amount: r.amount,
    balanceAfter: r.balance_after,
    note: r.note,
    createdAt: r.created_at,
  };
}

/**
 * SQL of the wallet statement (shared/database/migrations/1764800000300-wallet-statement.ts): entries newest first after
 * a keyset cursor (the entry id), and the open holds. Each statement names the index it reads, which starts with the
 * wallet, and stops after `limit` rows.
 */
export class WalletStatementRepository {
  async entries(m: Queryable, walletId: string, filter: StatementFilter, beforeId: string | null, limit: number): Promise<StatementEntryRow[]> {
    const where = ['wallet_id = ?'];
    const params: unknown[] = [walletId];
    if (filter.kind) {
      where.push('kind = ?');
      params.push(filter.kind);
    }
    if (filter.createdFrom) {
      where.push('created_at >= ?');
      params.push(filter.createdFrom);
    }
    if (filter.createdBefore) {
      where.push('created_at < ?');
      params.push(filter.createdBefore);
    }
    if (beforeId !== null) {
      where.push('id < ?');
      params.push(beforeId);
    }
    params.push(limit);
    const index =
      filter.createdFrom || filter.createdBefore ? 'ix_wallet_entry_wallet_created' : filter.kind ? 'ix_wallet_entry_wallet_kind' : 'ix_wallet_entry_wallet';
    const rows = (await m.query(
      `SELECT ${ENTRY_COLUMNS} FROM wallet_entry FORCE INDEX (${index})
        WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`,
      params,
    )) as EntryDbRow[];
    return rows.map(entryOf);
  }

  /** One entry of the wallet by id (the one a posting just wrote or found), or null. */
  async entry(m: Queryable, walletId: string, id: string): Promise<StatementEntryRow | null> {
    const rows = (await m.query(`SELECT ${ENTRY_COLUMNS} FROM wallet_entry WHERE id = ? AND wallet_id = ?`, [id, walletId])) as EntryDbRow[];
    return rows.length ? entryOf(rows[0]) : null;
  }

  /** The wallet's HELD holds, newest first, at most `limit`. */
  async openHolds(m: Queryable, walletId: string, limit: number): Promise<OpenHoldRow[]> {
    const rows = (await m.query(
      `SELECT id, business_key, amount, note, created_at FROM wallet_hold FORCE INDEX (ix_wallet_hold_wallet_status)
        WHERE wallet_id = ? AND status = 'HELD' ORDER BY id DESC LIMIT ?`,
      [walletId, limit],
    )) as Array<{ id: string | number; business_key: string; amount: string; note: string | null; created_at: Date }>;
    return rows.map((r) => ({ id: String(r.id), businessKey: r.business_key, amount: r.amount, note: r.note, createdAt: r.created_at }));
  }
}
