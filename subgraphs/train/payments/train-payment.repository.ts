import type { DataSource, EntityManager } from 'typeorm';
import { PendingChargeRepository } from '../../../shared/payments/pending-charge.repository';
import { Decimal, formatAmount } from '../../../shared/money/money.calculator';
import type { TrainPayment, TrainPaymentQuote, TrainPaymentStatus } from './train-payment.policy';
import { nullableDate as date } from '../../../shared/database/column-values.mapper';

/** SQL for train_payment and train_payment_quote; the payment service decides, this only reads and writes rows. */
export class TrainPaymentRepository {
  constructor(private readonly dataSource: DataSource) {
    this.pending = new PendingChargeRepository(dataSource, 'train_payment');
  }

  /** PENDING charges at a provider, for the status poller. */
  readonly pending: PendingChargeRepository;

  async quotesOf(reservationId: string, m: EntityManager = this.dataSource.manager): Promise<TrainPaymentQuote[]> {
    const rows = await m.query<TrainPaymentQuoteRow[]>('SELECT * FROM train_payment_quote WHERE reservation_id = ? ORDER BY frozen_at, currency', [
      reservationId,
    ]);
    return rows.map(toQuote);
  }

  /** Freezes a quote unless one exists for the currency already (the first one stays for the reservation's life). */
  async freezeQuote(q: TrainPaymentQuote, m: EntityManager = this.dataSource.manager): Promise<void> {
    await m.query(
      `INSERT IGNORE INTO train_payment_quote (reservation_id, currency, amount, exchange_rate, base_amount, base_currency, frozen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [q.reservationId, q.currency, q.amount, q.exchangeRate, q.baseAmount, q.baseCurrency, q.frozenAt],
    );
  }

  async byId(id: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<TrainPayment | null> {
    const [row] = await m.query<TrainPaymentRow[]>(`SELECT * FROM train_payment WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [id]);
    return row ? toPayment(row) : null;
  }

  /** Every payment of a reservation, newest first. */
  async ofReservation(reservationId: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<TrainPayment[]> {
    const rows = await m.query<TrainPaymentRow[]>(
      `SELECT * FROM train_payment WHERE reservation_id = ? ORDER BY created_at DESC, id${lock ? ' FOR UPDATE' : ''}`,
      [reservationId],
    );
    return rows.map(toPayment);
  }

  async insert(p: TrainPayment, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO train_payment (id, reservation_id, payment_reference, account_id, operation, provider, method, amount, currency, quote_amount,
         processing_fee, rail, payer_country, status, provider_reference, decline_reason, confirmed_at, attached_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        p.id,
        p.reservationId,
        p.paymentReference,
        p.accountId,
        p.operation,
        p.provider,
        p.method,
        p.amount,
        p.currency,
        p.quoteAmount,
        p.processingFee,
        p.rail,
        p.payerCountry,
        p.status,
        p.providerReference,
        p.declineReason,
        p.confirmedAt,
        p.attachedAt,
        p.createdAt,
        p.updatedAt,
      ],
    );
  }

  async setProviderReference(id: string, providerReference: string, now: Date, checkoutUrl: string | null = null): Promise<void> {
    await this.dataSource.query(
      "UPDATE train_payment SET provider_reference = ?, checkout_url = COALESCE(?, checkout_url), updated_at = ? WHERE id = ? AND status = 'PENDING'",
      [providerReference, checkoutUrl, now, id],
    );
  }

  /** Moves a payment on, only from one of `from`; confirmed_at is set once, when it first becomes CONFIRMED. */
  async setStatus(
    id: string,
    status: TrainPaymentStatus,
    now: Date,
    from: TrainPaymentStatus[],
    m: EntityManager = this.dataSource.manager,
    extra: { declineReason?: string } = {},
  ): Promise<boolean> {
    const result = await m.query(
      `UPDATE train_payment SET status = ?, updated_at = ?, decline_reason = COALESCE(?, decline_reason),
         confirmed_at = CASE WHEN ? = 'CONFIRMED' AND confirmed_at IS NULL THEN ? ELSE confirmed_at END
       WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`,
      [status, now, extra.declineReason?.slice(0, 200) ?? null, status, now, id, ...from],
    );
    return Number(result.affectedRows ?? 0) === 1;
  }

  async markAttached(id: string, now: Date, m: EntityManager): Promise<void> {
    await m.query('UPDATE train_payment SET attached_at = ?, updated_at = ? WHERE id = ?', [now, now, id]);
  }
}

/** DECIMAL columns come back with the column's scale; answer the currency's own decimals (0 or 2). */
const money = (value: unknown, currency: string) => formatAmount(new Decimal(String(value)), currency);

/** A train_payment_quote row as mysql2 gives it (DECIMAL columns as strings). */
interface TrainPaymentQuoteRow {
  reservation_id: string;
  currency: string;
  amount: string;
  exchange_rate: string;
  base_amount: string;
  base_currency: string;
  frozen_at: Date;
}

/** A train_payment row as mysql2 gives it (DECIMAL columns as strings). */
interface TrainPaymentRow {
  id: string;
  reservation_id: string;
  payment_reference: string;
  account_id: string;
  operation: TrainPayment['operation'];
  method: string;
  provider: string;
  amount: string;
  currency: string;
  quote_amount: string;
  processing_fee: string;
  rail: string | null;
  payer_country: string | null;
  status: TrainPaymentStatus;
  provider_reference: string | null;
  checkout_url?: string | null;
  decline_reason: string | null;
  confirmed_at: Date | null;
  attached_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toQuote(row: TrainPaymentQuoteRow): TrainPaymentQuote {
  return {
    reservationId: row.reservation_id,
    currency: row.currency,
    amount: money(row.amount, row.currency),
    exchangeRate: new Decimal(String(row.exchange_rate)).toFixed(),
    baseAmount: money(row.base_amount, row.base_currency),
    baseCurrency: row.base_currency,
    frozenAt: date(row.frozen_at)!,
  };
}

function toPayment(row: TrainPaymentRow): TrainPayment {
  return {
    id: row.id,
    reservationId: row.reservation_id,
    paymentReference: row.payment_reference,
    accountId: row.account_id,
    operation: row.operation,
    method: row.method,
    provider: row.provider,
    amount: money(row.amount, row.currency),
    currency: row.currency,
    quoteAmount: money(row.quote_amount, row.currency),
    processingFee: money(row.processing_fee, row.currency),
    rail: row.rail,
    payerCountry: row.payer_country,
    status: row.status,
    providerReference: row.provider_reference,
    checkoutUrl: row.checkout_url ?? null,
    declineReason: row.decline_reason,
    confirmedAt: date(row.confirmed_at),
    attachedAt: date(row.attached_at),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}
