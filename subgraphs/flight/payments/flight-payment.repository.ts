import type { DataSource, EntityManager } from 'typeorm';
import { PendingChargeRepository } from '../../../shared/payments/pending-charge.repository';
import { FlightPayment, FlightPaymentStatus, paymentMatches, type PayableReservation } from './flight-payment.policy';
import { nullableDate as date } from '../../../shared/database/column-values.mapper';

/** SQL for flight_payment; the payment and issuance services decide, this only reads and writes rows. */
export class FlightPaymentRepository {
  constructor(private readonly dataSource: DataSource) {
    this.pending = new PendingChargeRepository(dataSource, 'flight_payment');
  }

  /** PENDING charges at a provider, for the status poller. */
  readonly pending: PendingChargeRepository;

  async byId(id: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<FlightPayment | null> {
    const [row] = await m.query<FlightPaymentRow[]>(`SELECT * FROM flight_payment WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [id]);
    return row ? toPayment(row) : null;
  }

  /** Every payment request of a reservation, newest first. */
  async ofReservation(reservationId: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<FlightPayment[]> {
    const rows = await m.query<FlightPaymentRow[]>(
      `SELECT * FROM flight_payment WHERE reservation_id = ? ORDER BY created_at DESC${lock ? ' FOR UPDATE' : ''}`,
      [reservationId],
    );
    return rows.map(toPayment);
  }

  /** Whether any payment of the reservation is CONFIRMED (payment evidence keeps an unpaid-looking reservation alive). */
  async hasConfirmed(reservationId: string): Promise<boolean> {
    const rows = await this.dataSource.query("SELECT 1 FROM flight_payment WHERE reservation_id = ? AND status = 'CONFIRMED' LIMIT 1", [reservationId]);
    return rows.length > 0;
  }

  /** The CONFIRMED payment that pays this reservation under the exact match rule, if any. */
  async confirmedFor(
    r: Pick<PayableReservation, 'id' | 'accountId' | 'paymentReference' | 'price'>,
    m: EntityManager = this.dataSource.manager,
  ): Promise<FlightPayment | null> {
    return (await this.ofReservation(r.id, m)).find((p) => p.status === 'CONFIRMED' && paymentMatches(p, r)) ?? null;
  }

  async insert(p: FlightPayment, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO flight_payment (id, reservation_id, account_id, payment_reference, amount, currency, status, provider, method, provider_reference, created_at, confirmed_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        p.id,
        p.reservationId,
        p.accountId,
        p.paymentReference,
        p.amount,
        p.currency,
        p.status,
        p.provider,
        p.method,
        p.providerReference,
        p.createdAt,
        p.confirmedAt,
        p.updatedAt,
      ],
    );
  }

  /** Records the provider's charge on a request that is still PENDING. */
  async setProviderReference(id: string, providerReference: string, now: Date, checkoutUrl: string | null = null): Promise<void> {
    await this.dataSource.query(
      "UPDATE flight_payment SET provider_reference = ?, checkout_url = COALESCE(?, checkout_url), updated_at = ? WHERE id = ? AND status = 'PENDING'",
      [providerReference, checkoutUrl, now, id],
    );
  }

  /** Moves a payment on, only from one of `from`; confirmedAt is set once and never overwritten. */
  async setStatus(
    id: string,
    status: FlightPaymentStatus,
    now: Date,
    from: FlightPaymentStatus[],
    m: EntityManager = this.dataSource.manager,
    confirmed = false,
  ): Promise<boolean> {
    const result = await m.query(
      `UPDATE flight_payment SET status = ?, updated_at = ?${confirmed ? ', confirmed_at = COALESCE(confirmed_at, ?)' : ''}
        WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`,
      [status, now, ...(confirmed ? [now] : []), id, ...from],
    );
    return Number(result.affectedRows ?? 0) === 1;
  }

  /** Cancelled-payment recovery: the payment now pays the replacement reservation. */
  async reassign(id: string, reservationId: string, paymentReference: string, now: Date, m: EntityManager): Promise<void> {
    await m.query(
      "UPDATE flight_payment SET reservation_id = ?, payment_reference = ?, status = 'CONFIRMED', confirmed_at = COALESCE(confirmed_at, ?), updated_at = ? WHERE id = ?",
      [reservationId, paymentReference, now, now, id],
    );
  }
}

/** A flight_payment row as mysql2 gives it (amount, a DECIMAL, as a string). */
interface FlightPaymentRow {
  id: string;
  reservation_id: string | null;
  account_id: string;
  payment_reference: string;
  amount: string;
  currency: string;
  status: FlightPaymentStatus;
  provider: string;
  method: string | null;
  provider_reference: string | null;
  checkout_url?: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  updated_at: Date;
}

function toPayment(row: FlightPaymentRow): FlightPayment {
  return {
    id: row.id,
    reservationId: row.reservation_id,
    accountId: row.account_id,
    paymentReference: row.payment_reference,
    amount: String(row.amount),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    method: row.method ?? null,
    providerReference: row.provider_reference,
    checkoutUrl: row.checkout_url ?? null,
    createdAt: date(row.created_at)!,
    confirmedAt: date(row.confirmed_at),
    updatedAt: date(row.updated_at)!,
  };
}
