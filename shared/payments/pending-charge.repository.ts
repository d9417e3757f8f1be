import type { Queryable } from '../database/transactor.port';
import type { PendingCharge } from './provider-status.poller';

/** The payment tables whose PENDING charges the status poller reads: each kind passes its own. */
export type PaymentTable = 'train_payment' | 'flight_payment';

/**
 * SQL the status poller needs of a kind's payment table (shared/payments/provider-status.poller.ts), the same for both:
 * PENDING charges at a provider untouched since `before`, oldest first through (status, updated_at).
 */
export class PendingChargeRepository {
  constructor(
    private readonly db: Queryable,
    private readonly table: PaymentTable,
  ) {}

  async pendingAtProvider(provider: string, before: Date, limit: number): Promise<PendingCharge[]> {
    const rows: Array<{ id: string; created_at: Date }> = await this.db.query(
      `SELECT id, created_at FROM ${this.table}
        WHERE status = 'PENDING' AND updated_at < ? AND provider = ? AND provider_reference IS NOT NULL
        ORDER BY updated_at LIMIT ?`,
      [before, provider, limit],
    );
    return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) }));
  }

  /** Touches a PENDING payment the poller asked about, so it waits a full period before asking again. */
  async notePolled(id: string, now: Date): Promise<void> {
    await this.db.query(`UPDATE ${this.table} SET updated_at = ? WHERE id = ? AND status = 'PENDING'`, [now, id]);
  }
}
