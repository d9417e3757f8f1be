import type { DataSource, EntityManager } from 'typeorm';
import { updateWhileStatus } from '../../../shared/database/guarded-update.repository';
import { nullableDate as date } from '../../../shared/database/column-values.mapper';

export type FundingSource = 'AGENT_WALLET' | 'ONLINE_PAYMENT';
/** ONLINE_PAYMENT_CONFIRMED: a customer's confirmed online payment (train_payment) pays the reservation; no wallet is involved. */
export type FundingStatus = 'AGENT_WALLET_ADMITTED' | 'AGENT_WALLET_DEBITED' | 'AGENT_WALLET_RELEASED' | 'ONLINE_PAYMENT_CONFIRMED';
export type PayoutStatus = 'PENDING' | 'RETRYING' | 'PAID' | 'REJECTED';
/** ISSUING: admitted, the job is paying out and issuing. ISSUE_FAILED: paid out but the provider refused to issue. */
export type IssuanceStatus = 'ISSUING' | 'ISSUED' | 'PAYOUT_REJECTED' | 'ISSUE_FAILED';

export interface IssuanceFailure {
  stage: string;
  code: string;
  retryable: boolean;
  action: 'CONTACT_SUPPORT' | 'RETRY_LATER';
}

export interface TrainIssuance {
  reservationId: string;
  paymentReference: string;
  accountId: string;
  fundingSource: FundingSource;
  /** The agent wallet (AGENT_WALLET) … */
  walletId: string | null;
  /** … or the confirmed train_payment (ONLINE_PAYMENT). */
  paymentId: string | null;
  /** The sum of the tickets' grandTotal (TZS): the agent's frozen debit, or what the customer's confirmed payment covers. */
  amount: string;
  currency: string;
  fundingStatus: FundingStatus;
  walletDebited: boolean;
  walletEntryId: string | null;
  payoutStatus: PayoutStatus;
  payoutReference: string | null;
  status: IssuanceStatus;
  failure: IssuanceFailure | null;
  lastError: string | null;
  /** The issue request's one-off target of the train.issuance.* webhook events (checked when it was given). */
  callbackUrl: string | null;
  admittedAt: Date;
  issuedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Who pays a new issuance: the agent's admitted wallet debit or the customer's confirmed online payment. */
export type IssuanceFunding = Pick<TrainIssuance, 'fundingSource' | 'fundingStatus' | 'walletId' | 'paymentId' | 'amount' | 'currency'>;

/**
 * A new issuance row as both fundings start it: ISSUING with the payout pending, admitted now, nothing debited,
 * issued yet. Only the funding and the agent's callback URL (none for a customer) differ.
 */
export function issuingRow(
  reservation: { id: string; paymentReference: string; accountId: string },
  funding: IssuanceFunding,
  callbackUrl: string | null,
  now: Date,
): TrainIssuance {
  return {
    reservationId: reservation.id,
    paymentReference: reservation.paymentReference,
    accountId: reservation.accountId,
    fundingSource: funding.fundingSource,
    walletId: funding.walletId,
    paymentId: funding.paymentId,
    amount: funding.amount,
    currency: funding.currency,
    fundingStatus: funding.fundingStatus,
    walletDebited: false,
    walletEntryId: null,
    payoutStatus: 'PENDING',
    payoutReference: null,
    status: 'ISSUING',
    failure: null,
    lastError: null,
    callbackUrl,
    admittedAt: now,
    issuedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

const COLUMNS: Record<string, string> = {
  fundingStatus: 'funding_status',
  walletDebited: 'wallet_debited',
  walletEntryId: 'wallet_entry_id',
  payoutStatus: 'payout_status',
  payoutReference: 'payout_reference',
  status: 'status',
  lastError: 'last_error',
  issuedAt: 'issued_at',
};

export type TrainIssuanceChanges = Partial<
  Pick<
    TrainIssuance,
    'fundingStatus' | 'walletDebited' | 'walletEntryId' | 'payoutStatus' | 'payoutReference' | 'status' | 'failure' | 'lastError' | 'issuedAt'
  >
>;

/** SQL for train_issuance; the services decide, this only reads and writes rows. */
export class TrainIssuanceRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(i: TrainIssuance, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO train_issuance (reservation_id, payment_reference, account_id, funding_source, wallet_id, payment_id, amount, currency, funding_status,
         wallet_debited, payout_status, status, callback_url, admitted_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        i.reservationId,
        i.paymentReference,
        i.accountId,
        i.fundingSource,
        i.walletId,
        i.paymentId,
        i.amount,
        i.currency,
        i.fundingStatus,
        i.walletDebited ? 1 : 0,
        i.payoutStatus,
        i.status,
        i.callbackUrl,
        i.admittedAt,
        i.createdAt,
        i.updatedAt,
      ],
    );
  }

  async byReservation(reservationId: string, m: EntityManager = this.dataSource.manager, lock = false): Promise<TrainIssuance | null> {
    const [row] = await m.query<TrainIssuanceRow[]>(`SELECT * FROM train_issuance WHERE reservation_id = ? LIMIT 1${lock ? ' FOR UPDATE' : ''}`, [
      reservationId,
    ]);
    return row ? toIssuance(row) : null;
  }

  /** Issuances still ISSUING, untouched since `before` and tried by recovery fewer than `maxAttempts` times. Oldest first. */
  async stalled(before: Date, maxAttempts: number, limit: number): Promise<TrainIssuance[]> {
    const rows = await this.dataSource.query<TrainIssuanceRow[]>(
      "SELECT * FROM train_issuance WHERE status = 'ISSUING' AND updated_at < ? AND recovery_attempts < ? ORDER BY updated_at LIMIT ?",
      [before, maxAttempts, limit],
    );
    return rows.map(toIssuance);
  }

  /** Counts one recovery try (and touches the row, so the next look waits a full stale period); the new count. */
  async noteRecoveryAttempt(reservationId: string, now: Date): Promise<number> {
    await this.dataSource.query('UPDATE train_issuance SET recovery_attempts = recovery_attempts + 1, updated_at = ? WHERE reservation_id = ?', [
      now,
      reservationId,
    ]);
    const [row] = await this.dataSource.query('SELECT recovery_attempts FROM train_issuance WHERE reservation_id = ?', [reservationId]);
    return Number(row?.recovery_attempts ?? 0);
  }

  /** Applies changes; with `from`, only while the status is still one of those (false otherwise). */
  async update(
    reservationId: string,
    changes: TrainIssuanceChanges,
    now: Date,
    m: EntityManager = this.dataSource.manager,
    from?: IssuanceStatus[],
  ): Promise<boolean> {
    const sets = ['updated_at = ?'];
    const params: unknown[] = [now];
    for (const [key, value] of Object.entries(changes)) {
      if (key === 'failure') {
        const f = value as IssuanceFailure | null;
        sets.push('failure_stage = ?', 'failure_code = ?', 'failure_retryable = ?', 'failure_action = ?');
        params.push(f?.stage ?? null, f?.code ?? null, f ? (f.retryable ? 1 : 0) : null, f?.action ?? null);
      } else if (key in COLUMNS) {
        sets.push(`${COLUMNS[key]} = ?`);
        params.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
      } else {
        throw new Error(`unknown train issuance column ${key}`);
      }
    }
    return updateWhileStatus(m, { table: 'train_issuance', key: { column: 'reservation_id', value: reservationId }, sets, params, from });
  }
}

/** A train_issuance row as mysql2 gives it (amount, a DECIMAL, as a string; flags as TINYINT). */
interface TrainIssuanceRow {
  reservation_id: string;
  payment_reference: string;
  account_id: string;
  funding_source: FundingSource;
  wallet_id: string | null;
  payment_id: string | null;
  amount: string;
  currency: string;
  funding_status: FundingStatus;
  wallet_debited: number;
  wallet_entry_id: string | null;
  payout_status: PayoutStatus;
  payout_reference: string | null;
  status: IssuanceStatus;
  /** The four failure columns are set together, or all null. */
  failure_stage: string | null;
  failure_code: string | null;
  failure_retryable: number | null;
  failure_action: IssuanceFailure['action'] | null;
  last_error: string | null;
  callback_url: string | null;
  admitted_at: Date;
  issued_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toIssuance(row: TrainIssuanceRow): TrainIssuance {
  return {
    reservationId: row.reservation_id,
    paymentReference: row.payment_reference,
    accountId: row.account_id,
    fundingSource: row.funding_source,
    walletId: row.wallet_id,
    paymentId: row.payment_id,
    amount: String(row.amount).replace(/\.00$/, ''),
    currency: row.currency,
    fundingStatus: row.funding_status,
    walletDebited: Number(row.wallet_debited) === 1,
    walletEntryId: row.wallet_entry_id,
    payoutStatus: row.payout_status,
    payoutReference: row.payout_reference,
    status: row.status,
    failure: row.failure_code
      ? { stage: row.failure_stage!, code: row.failure_code, retryable: Number(row.failure_retryable) === 1, action: row.failure_action! }
      : null,
    lastError: row.last_error,
    callbackUrl: row.callback_url,
    admittedAt: date(row.admitted_at)!,
    issuedAt: date(row.issued_at),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}
