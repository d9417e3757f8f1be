import { insertUnlessDuplicate } from '../database/data-source.factory';
import type { Queryable } from '../database/transactor.port';

/** A provider transaction that confirmed one of our charges. */
export interface ConfirmedTransaction {
  provider: string;
  transactionId: string;
  /** Our charge reference at the provider (the payment id, Flutterwave's tx_ref). */
  chargeReference: string;
  amount: string;
  currency: string;
  receivedAt: Date;
}

/** What claiming a transaction found: first to claim it, the same transaction again, or another one for the same charge. */
export type ClaimOutcome = 'claimed' | 'same-transaction' | 'other-transaction';

export interface ConfirmedTransactions {
  claim(transaction: ConfirmedTransaction): Promise<ClaimOutcome>;
}

/** SQL for payment_callback (shared/database/migrations/1765000000100-payment-callbacks.ts). */
export class PaymentCallbackRepository implements ConfirmedTransactions {
  constructor(private readonly db: Queryable) {}

  /** The unique keys decide between concurrent deliveries: exactly one claims a transaction, and a charge once. */
  async claim(t: ConfirmedTransaction): Promise<ClaimOutcome> {
    const claimed = await insertUnlessDuplicate(
      this.db,
      `INSERT INTO payment_callback (provider, provider_transaction_id, charge_reference, amount, currency, received_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [t.provider, t.transactionId, t.chargeReference, t.amount, t.currency, t.receivedAt],
    );
    if (claimed) return 'claimed';
    const rows: unknown[] = await this.db.query('SELECT 1 FROM payment_callback WHERE provider = ? AND provider_transaction_id = ?', [
      t.provider,
      t.transactionId,
    ]);
    return rows.length ? 'same-transaction' : 'other-transaction';
  }
}
