import type { DataSource } from 'typeorm';
import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from '../../../shared/graphql/keyset-cursor.codec';
import { Decimal, formatAmount, parseAmount } from '../../../shared/money/money.calculator';
import { tripReference } from '../../../shared/trips/trip-id.codec';
import { bookingOfLedgerKey } from '../../../shared/wallet/ledger-key.codec';
import { WalletException, type WalletLedger, type WalletView } from '../../../shared/wallet/wallet-ledger.service';
import type { StatementEntryRow, WalletStatementRepository } from '../../../shared/wallet/wallet-statement.repository';

export const WALLET_ENTRIES_DEFAULT = 20;
export const WALLET_ENTRIES_MAX = 100;
/** Open holds answered at once: an agent has as many as bookings being paid for right now. */
export const WALLET_HOLDS_MAX = 100;
export const WALLET_REASON_MAX_LENGTH = 255;
export const WALLET_KEY_MAX_LENGTH = 128;
/** The largest single top-up or adjustment, in the wallet's currency: a typo of a few zeros is refused, not posted. */
export const WALLET_POSTING_MAX = '1000000000';

export type WalletEntryType = 'OPENING_BALANCE' | 'TOP_UP' | 'ADJUSTMENT' | 'BOOKING_DEBIT' | 'CREDIT' | 'DEBIT';

export interface StatementEntry {
  id: string;
  type: WalletEntryType;
  direction: 'CREDIT' | 'DEBIT';
  /** Signed: negative for a debit, so the previous balanceAfter plus amount is this balanceAfter. */
  amount: string;
  currency: string;
  balanceAfter: string;
  /** The booking's trip (global id and type name), null for an entry of no booking. */
  trip: { __typename: string; id: string } | null;
  reason: string | null;
  createdAt: Date;
}

export interface StatementPage {
  edges: Array<{ cursor: string; node: StatementEntry }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface StatementRequest {
  first: number;
  after?: string | null;
  filter?: { direction?: 'CREDIT' | 'DEBIT'; createdFrom?: string; createdBefore?: string } | null;
}

export interface WalletPosting {
  accountId: string;
  amount: string;
  reason: string;
  idempotencyKey: string;
}

function typeOf(entry: StatementEntryRow): WalletEntryType {
  const scope = entry.businessKey.slice(0, entry.businessKey.indexOf(':'));
  if (scope === 'opening-balance') return 'OPENING_BALANCE';
  if (scope === 'topup') return 'TOP_UP';
  if (scope === 'adjust') return 'ADJUSTMENT';
  if (bookingOfLedgerKey(entry.businessKey) && entry.kind === 'DEBIT') return 'BOOKING_DEBIT';
  return entry.kind;
}

function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw PlatformException.badRequest(`${name} is not a date-time`);
  return at;
}

/**
 * The statement of an agent wallet (docs/decisions.md "Wallet statement"): entries newest first with their running
 * balance, the open holds, what is spendable; and the administrators' top-ups and adjustments, each one idempotent
 * ledger entry with a reason. Who may see what: the wallet's account, and ADMIN and SUDO.
 */
export class WalletStatementService {
  constructor(
    private readonly db: DataSource,
    private readonly ledger: WalletLedger,
    private readonly statements: WalletStatementRepository,
    /** The statement and hold lists: lag-tolerant, so the read replica when there is one. An entry just posted is read from `db`. */
    private readonly reads: DataSource = db,
  ) {}

  async entries(principal: Principal, wallet: WalletView, request: StatementRequest): Promise<StatementPage> {
    this.mayRead(principal, wallet);
    const limit = request.first;
    if (!Number.isInteger(limit) || limit < 1 || limit > WALLET_ENTRIES_MAX) throw PlatformException.badRequest(`first must be 1 to ${WALLET_ENTRIES_MAX}`);
    const filter = request.filter ?? {};
    const createdFrom = instant(filter.createdFrom, 'filter.createdFrom');
    const createdBefore = instant(filter.createdBefore, 'filter.createdBefore');
    if (createdFrom && createdBefore && createdFrom >= createdBefore)
      throw PlatformException.badRequest('filter.createdFrom is not before filter.createdBefore');
    const beforeId = request.after ? decodeKeysetCursor('entry', request.after) : null;
    if (request.after && beforeId === null) throw PlatformException.badRequest('after is not a cursor of this statement: pass a pageInfo.endCursor');
    const rows = await this.statements.entries(this.reads, wallet.id, { kind: filter.direction, createdFrom, createdBefore }, beforeId, limit + 1);
    return keysetPage(
      rows,
      limit,
      (row) => encodeKeysetCursor('entry', row.id),
      (row) => this.entryOf(row, wallet.currency),
    );
  }

  async openHolds(principal: Principal, wallet: WalletView) {
    this.mayRead(principal, wallet);
    const holds = await this.statements.openHolds(this.reads, wallet.id, WALLET_HOLDS_MAX);
    return holds.map((h) => ({
      id: h.id,
      amount: formatAmount(new Decimal(h.amount), wallet.currency),
      currency: wallet.currency,
      trip: tripOf(h.businessKey),
      reason: h.note,
      createdAt: h.createdAt,
    }));
  }

  /** Balance minus the open holds: what the wallet holds once every admitted booking is debited. */
  availableBalance(wallet: WalletView): string {
    return formatAmount(new Decimal(wallet.balance).minus(wallet.held), wallet.currency);
  }

  /** What a new booking may still take: the available balance plus the overdraft. */
  spendable(wallet: WalletView): string {
    return formatAmount(new Decimal(wallet.balance).minus(wallet.held).plus(wallet.overdraftLimit), wallet.currency);
  }

  /** ADMIN and SUDO (and the accounts CLI, which acts as SUDO): one credit per key; `duplicate` when the key was posted before. */
  async topUp(principal: Principal, posting: WalletPosting): Promise<{ entry: StatementEntry; duplicate: boolean; wallet: WalletView }> {
    const { wallet, amount } = await this.checked(principal, posting, false);
    const result = await this.ledger.credit(wallet.id, {
      businessKey: `topup:${posting.idempotencyKey}`,
      amount: amount.toFixed(),
      note: posting.reason.trim(),
    });
    return { entry: await this.postedEntry(wallet, result.entryId), duplicate: result.duplicate, wallet: result.wallet };
  }

  async adjust(principal: Principal, posting: WalletPosting): Promise<{ entry: StatementEntry; duplicate: boolean; wallet: WalletView }> {
    const { wallet, amount } = await this.checked(principal, posting, true);
    const request = { businessKey: `adjust:${posting.idempotencyKey}`, amount: amount.abs().toFixed(), note: posting.reason.trim() };
    // A downward adjustment is a debit: the ledger's one rule keeps it within the overdraft (WALLET_INSUFFICIENT_BALANCE).
    const result = amount.isNegative() ? await this.ledger.debit(wallet.id, request) : await this.ledger.credit(wallet.id, request);
    return { entry: await this.postedEntry(wallet, result.entryId), duplicate: result.duplicate, wallet: result.wallet };
  }

  private mayRead(principal: Principal, wallet: WalletView): void {
    if (wallet.accountId !== principal.accountId && !isAdministrator(principal.role)) throw PlatformException.forbidden();
  }

  private async checked(principal: Principal, posting: WalletPosting, signed: boolean): Promise<{ wallet: WalletView; amount: Decimal }> {
    if (!isAdministrator(principal.role)) throw PlatformException.forbidden('Only ADMIN and SUDO top up or adjust wallets');
    let amount: Decimal;
    try {
      amount = parseAmount(posting.amount);
    } catch {
      throw WalletException.invalidAmount(`amount must be a decimal string, e.g. "150000" or "-2500.50" (got "${posting.amount.slice(0, 40)}")`);
    }
    if (signed ? amount.isZero() : amount.lte(0)) throw WalletException.invalidAmount(signed ? 'amount must not be zero' : 'amount must be greater than zero');
    if (amount.abs().gt(WALLET_POSTING_MAX)) throw WalletException.invalidAmount(`amount must be at most ${WALLET_POSTING_MAX} in absolute value`);
    const problems: string[] = [];
    const reason = posting.reason.trim();
    if (reason.length === 0 || reason.length > WALLET_REASON_MAX_LENGTH) problems.push(`reason must be 1 to ${WALLET_REASON_MAX_LENGTH} characters`);
    if (!/^[\x21-\x7e]{1,128}$/.test(posting.idempotencyKey)) problems.push(`idempotencyKey must be 1 to ${WALLET_KEY_MAX_LENGTH} visible ASCII characters`);
    if (problems.length) throw PlatformException.badRequest(problems.join('; '));
    const wallet = /^[0-9a-f-]{36}$/i.test(posting.accountId) ? await this.ledger.findByAccount(posting.accountId) : null;
    if (!wallet) throw PlatformException.notFound('No agent wallet belongs to this account');
    return { wallet, amount };
  }

  private async postedEntry(wallet: WalletView, entryId: string): Promise<StatementEntry> {
    return this.entryOf((await this.statements.entry(this.db, wallet.id, entryId))!, wallet.currency);
  }

  private entryOf(row: StatementEntryRow, currency: string): StatementEntry {
    const amount = new Decimal(row.amount);
    return {
      id: row.id,
      type: typeOf(row),
      direction: row.kind,
      amount: formatAmount(row.kind === 'DEBIT' ? amount.negated() : amount, currency),
      currency,
      balanceAfter: formatAmount(new Decimal(row.balanceAfter), currency),
      trip: tripOf(row.businessKey),
      reason: row.note,
      createdAt: row.createdAt,
    };
  }
}

function tripOf(businessKey: string): { __typename: string; id: string } | null {
  const booking = bookingOfLedgerKey(businessKey);
  if (!booking) return null;
  return tripReference(booking.kind, booking.bookingId);
}
