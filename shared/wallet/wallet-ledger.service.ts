import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../errors/app-error.exception';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { InvalidatedCache } from '../cache/invalidated.cache';
import { WALLETS_TOPIC } from '../cache/invalidation-topics.contract';
import { inTransaction, isDuplicateKeyError } from '../database/data-source.factory';
import { Decimal, fitsCurrency, formatAmount, isIso4217Currency, parseAmount } from '../money/money.calculator';
import type { Clock } from '../time/clock.port';
import type { WalletEntity } from './entities/wallet.entity';
import { WalletEntryEntity, WalletEntryKind } from './entities/wallet-entry.entity';
import { WalletHoldEntity, WalletHoldStatus } from './entities/wallet-hold.entity';
import { WalletHoldRepository } from './wallet-hold.repository';
import { WalletRepository } from './wallet.repository';
import { bookingLedgerKeyPrefix } from './ledger-key.codec';

export class WalletException extends AppError {
  static notFound(walletId: string): WalletException {
    return new WalletException('WALLET_NOT_FOUND', 404, `No wallet ${walletId}`);
  }
  static noWalletForAccount(): WalletException {
    return new WalletException('WALLET_NOT_FOUND', 404, 'This account has no wallet: only agent accounts have one');
  }
  static invalidAmount(message: string): WalletException {
    return new WalletException('WALLET_AMOUNT_INVALID', 400, message);
  }
  static insufficient(data: Record<string, unknown>): WalletException {
    return new WalletException('WALLET_INSUFFICIENT_BALANCE', 409, 'The wallet balance cannot cover this amount within its overdraft limit', data);
  }
  static keyReused(businessKey: string): WalletException {
    return new WalletException('WALLET_ENTRY_CONFLICT', 409, `Ledger key "${businessKey}" was already used for a different posting`);
  }
}

export interface WalletView {
  id: string;
  accountId: string;
  currency: string;
  balance: string;
  /** Admitted spends still waiting for their debit. */
  held: string;
  overdraftLimit: string;
}

export interface Posting {
  /** Unique per business operation, e.g. `flight-debit:<reservationId>`: a repeat never posts twice. */
  businessKey: string;
  amount: string;
  note?: string;
}

export interface PostingResult {
  entryId: string;
  wallet: WalletView;
  kind: WalletEntryKind;
  amount: string;
  balanceAfter: string;
  /** True when this key had already been posted: nothing moved this time. */
  duplicate: boolean;
}

export interface Admission {
  admitted: boolean;
  balance: string;
  /** Other admitted spends not yet debited (this one excluded). */
  held: string;
  /** balance − held − this amount: what is left once everything admitted is debited. */
  projectedBalance: string;
  overdraftLimit: string;
  currency: string;
}

/** Accounts whose wallet currency is kept in memory: an entry is an account id and a code, about 200 bytes. */
export const WALLET_CURRENCY_CACHE_MAX = 10_000;
/** A backstop for a wallet opened or changed behind the ledger's back (hand-written SQL); one opened by AccountService publishes at once. */
export const WALLET_CURRENCY_CACHE_TTL_MS = 10 * 60_000;

/**
 * The wallet ledger: immutable entries, a cached balance, one entry per business key, and holds.
 * Every spend passes one rule, decided under the wallet row lock (SELECT ... FOR UPDATE, so concurrent
 * postings serialise and every read comes after the lock): balance − held − amount ≥ −overdraftLimit, where
 * held is the sum of admitted spends whose debit is still to come (kept on the wallet row). A spend is either
 * admitted first as a hold and later debited under the same business key (the debit captures the hold and
 * checks nothing more), or debited at once under the same rule. No wallet goes below its overdraft limit.
 */
export class WalletLedger {
  /** Account id → its wallet's currency (null: no wallet), for searches that price for an agent on every request. */
  private readonly currencies: InvalidatedCache<string, { currency: string | null }>;
  private readonly wallets: WalletRepository;
  private readonly holds: WalletHoldRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
    currencyCacheMax = WALLET_CURRENCY_CACHE_MAX,
  ) {
    this.currencies = new InvalidatedCache(bus, { topic: WALLETS_TOPIC, max: currencyCacheMax, ttlMs: WALLET_CURRENCY_CACHE_TTL_MS });
    this.wallets = new WalletRepository(dataSource);
    this.holds = new WalletHoldRepository(dataSource);
  }

  async openWallet(manager: EntityManager, accountId: string, currency: string, overdraftLimit = '0'): Promise<WalletView> {
    if (!isIso4217Currency(currency)) throw WalletException.invalidAmount(`"${currency}" is not an ISO 4217 currency code`);
    const overdraft = this.amount(overdraftLimit, currency, true);
    const wallet = await this.wallets.insertWallet(manager, {
      id: randomUUID(),
      accountId,
      currency,
      balance: '0',
      heldTotal: '0',
      overdraftLimit: overdraft.toFixed(4),
    });
    return view(wallet);
  }

  async findByAccount(accountId: string, manager?: EntityManager): Promise<WalletView | null> {
    const wallet = await this.wallets.walletOfAccount(accountId, manager);
    return wallet ? view(wallet) : null;
  }

  /**
   * The currency of the account's wallet, or null when it has none, from memory after the first read. Nothing
   * changes a wallet's currency once it is open, and a wallet is opened with its account, so an entry can only go
   * stale by hand-written SQL (the TTL bounds that) or by a wallet opened later for an account remembered without
   * one (walletOpened publishes it). While the invalidation bus is not trusted every call reads the database.
   */
  async currencyOf(accountId: string): Promise<string | null> {
    const known = await this.currencies.getOrLoad(accountId, async () => ({ currency: await this.wallets.currencyOfAccount(accountId) }));
    return known.currency;
  }

  /** Every process forgets what it knew of this account's wallet: call once the transaction that opened it has committed. */
  walletOpened(accountId: string): Promise<void> {
    return this.bus.publish(WALLETS_TOPIC, accountId);
  }

  credit(walletId: string, posting: Posting, manager?: EntityManager): Promise<PostingResult> {
    return this.post(walletId, WalletEntryKind.CREDIT, posting, manager);
  }

  /**
   * Debits once per business key. A HELD hold under the same key was admitted already: the debit captures it.
   * Without one the debit is admitted now by the same rule as a hold (WALLET_INSUFFICIENT_BALANCE when short).
   */
  debit(walletId: string, posting: Posting, manager?: EntityManager): Promise<PostingResult> {
    return this.post(walletId, WalletEntryKind.DEBIT, posting, manager);
  }

  /**
   * Admits a future debit of `amount` under `businessKey`: under the wallet lock, balance − held − amount must
   * stay at or above −overdraftLimit; then the amount is held until debit() captures it or release() frees it.
   * Idempotent: a key already HELD (same amount) or already debited is admitted again without holding twice.
   */
  async hold(walletId: string, request: Posting, manager?: EntityManager): Promise<Admission> {
    this.checkKey(request.businessKey);
    return inTransaction(this.dataSource, manager, async (m) => {
      const wallet = await this.lock(m, walletId);
      const amount = this.amount(request.amount, wallet.currency);
      const key = { walletId, businessKey: request.businessKey };
      const existing = await this.holds.holdByKey(walletId, request.businessKey, m);
      const alreadySettled =
        existing?.status === WalletHoldStatus.HELD ||
        existing?.status === WalletHoldStatus.CAPTURED ||
        (await this.wallets.entryExists(m, walletId, request.businessKey));
      if (existing && existing.status !== WalletHoldStatus.RELEASED && !new Decimal(existing.amount).eq(amount))
        throw WalletException.keyReused(request.businessKey);
      const held = existing?.status === WalletHoldStatus.HELD ? new Decimal(wallet.heldTotal).minus(existing.amount) : new Decimal(wallet.heldTotal);
      const admission = admissionOf(wallet, held, amount, alreadySettled);
      if (alreadySettled || !admission.admitted) return admission;
      const now = this.clock.now();
      // A RELEASED hold is taken up again only while it is still there and RELEASED: the retention purge may have
      // deleted it since it was read, and then the hold is written anew.
      const reused = existing && (await this.holds.reopenReleased(m, existing.id, { amount: amount.toFixed(4), note: request.note ?? null }));
      if (!reused) {
        await this.holds.insertHold(m, {
          ...key,
          amount: amount.toFixed(4),
          status: WalletHoldStatus.HELD,
          note: request.note ?? null,
          createdAt: now,
          settledAt: null,
        });
      }
      await this.wallets.setHeldTotal(m, walletId, held.plus(amount).toFixed(4));
      return admission;
    });
  }

  /** Frees a HELD hold without a debit (issuance refused, booking cancelled). False when nothing was held. */
  async release(walletId: string, businessKey: string, manager?: EntityManager): Promise<boolean> {
    return inTransaction(this.dataSource, manager, async (m) => {
      const wallet = await this.lock(m, walletId);
      return (await this.settleHold(m, wallet, businessKey, WalletHoldStatus.RELEASED)) !== null;
    });
  }

  /** The hold under this key, if any (read-only; for views and recovery). */
  async holdOf(walletId: string, businessKey: string, manager?: EntityManager): Promise<{ amount: string; status: WalletHoldStatus } | null> {
    const hold = await this.holds.holdByKey(walletId, businessKey, manager);
    return hold ? { amount: hold.amount, status: hold.status } : null;
  }

  /**
   * The bookings of a scope (bookingLedgerKey) whose hold is still HELD since before `before`, oldest first, at most
   * `limit`: the open holds are few (admitted spends waiting for their debit), and their index (status, created_at)
   * finds them without reading the settled ones, however many those are.
   */
  async openHoldBookings(scope: string, before: Date, limit: number): Promise<string[]> {
    const prefix = bookingLedgerKeyPrefix(scope);
    return (await this.holds.openHoldKeys(prefix, before, limit)).map((key) => key.slice(prefix.length));
  }

  entries(walletId: string): Promise<WalletEntryEntity[]> {
    return this.wallets.entries(walletId);
  }

  private checkKey(businessKey: string): void {
    if (!businessKey || businessKey.length > 191) {
      throw WalletException.invalidAmount('a ledger posting needs a business key of 1 to 191 characters');
    }
  }

  private async post(walletId: string, kind: WalletEntryKind, posting: Posting, manager?: EntityManager): Promise<PostingResult> {
    this.checkKey(posting.businessKey);
    try {
      return await inTransaction(this.dataSource, manager, (m) => this.postLocked(m, walletId, kind, posting));
    } catch (error) {
      // The row lock makes this unreachable in practice; the unique key is the backstop.
      if (!isDuplicateKeyError(error)) throw error;
      return inTransaction(this.dataSource, manager, (m) => this.postLocked(m, walletId, kind, posting));
    }
  }

  private async postLocked(m: EntityManager, walletId: string, kind: WalletEntryKind, posting: Posting): Promise<PostingResult> {
    const wallet = await this.lock(m, walletId);
    const amount = this.amount(posting.amount, wallet.currency);
    const existing = await this.wallets.entryByKey(m, walletId, posting.businessKey);
    if (existing) {
      if (existing.kind !== kind || !new Decimal(existing.amount).eq(amount)) throw WalletException.keyReused(posting.businessKey);
      return result(existing, wallet, true);
    }
    const balance = new Decimal(wallet.balance);
    const after = kind === WalletEntryKind.CREDIT ? balance.plus(amount) : balance.minus(amount);
    if (kind === WalletEntryKind.DEBIT) {
      const hold = await this.holds.holdByKey(walletId, posting.businessKey, m);
      if (hold?.status === WalletHoldStatus.HELD) {
        if (!new Decimal(hold.amount).eq(amount)) throw WalletException.keyReused(posting.businessKey);
        await this.settleHold(m, wallet, posting.businessKey, WalletHoldStatus.CAPTURED);
      } else {
        const admission = admissionOf(wallet, new Decimal(wallet.heldTotal), amount, false);
        if (!admission.admitted) throw WalletException.insufficient({ ...admission, amount: formatAmount(amount, wallet.currency) });
      }
    }
    const entry = await this.wallets.insertEntry(m, {
      walletId,
      businessKey: posting.businessKey,
      kind,
      amount: amount.toFixed(4),
      balanceAfter: after.toFixed(4),
      note: posting.note ?? null,
      createdAt: this.clock.now(),
    });
    await this.wallets.setBalance(m, walletId, after.toFixed(4));
    wallet.balance = after.toFixed(4);
    return result(entry, wallet, false);
  }

  /** Moves a HELD hold to CAPTURED or RELEASED and takes it out of the wallet's held total (wallet locked). */
  private async settleHold(m: EntityManager, wallet: WalletEntity, businessKey: string, to: WalletHoldStatus): Promise<WalletHoldEntity | null> {
    const hold = await this.holds.holdByKey(wallet.id, businessKey, m);
    if (hold?.status !== WalletHoldStatus.HELD) return null;
    await this.holds.settle(m, hold.id, to, this.clock.now());
    wallet.heldTotal = Decimal.max(0, new Decimal(wallet.heldTotal).minus(hold.amount)).toFixed(4);
    await this.wallets.setHeldTotal(m, wallet.id, wallet.heldTotal);
    return hold;
  }

  private async lock(m: EntityManager, walletId: string): Promise<WalletEntity> {
    const wallet = await this.wallets.lockWallet(m, walletId);
    if (!wallet) throw WalletException.notFound(walletId);
    return wallet;
  }

  private amount(value: string, currency: string, allowZero = false): Decimal {
    let amount: Decimal;
    try {
      amount = parseAmount(value);
    } catch (error) {
      throw WalletException.invalidAmount((error as Error).message);
    }
    if (allowZero ? amount.isNegative() : amount.lte(0)) {
      throw WalletException.invalidAmount(`amount must be ${allowZero ? 'zero or more' : 'greater than zero'} (got "${value}")`);
    }
    if (!fitsCurrency(amount, currency)) throw WalletException.invalidAmount(`${currency} amounts cannot have that many decimals (got "${value}")`);
    return amount;
  }
}

/** The one admission rule: balance − held − amount ≥ −overdraftLimit. */
function admissionOf(wallet: WalletEntity, held: Decimal, amount: Decimal, alreadyAdmitted: boolean): Admission {
  const projected = new Decimal(wallet.balance).minus(held).minus(amount);
  const overdraft = new Decimal(wallet.overdraftLimit);
  return {
    admitted: alreadyAdmitted || projected.gte(overdraft.negated()),
    balance: formatAmount(new Decimal(wallet.balance), wallet.currency),
    held: formatAmount(held, wallet.currency),
    projectedBalance: formatAmount(projected, wallet.currency),
    overdraftLimit: formatAmount(overdraft, wallet.currency),
    currency: wallet.currency,
  };
}

function view(wallet: WalletEntity): WalletView {
  return {
    id: wallet.id,
    accountId: wallet.accountId,
    currency: wallet.currency,
    balance: formatAmount(new Decimal(wallet.balance), wallet.currency),
    held: formatAmount(new Decimal(wallet.heldTotal), wallet.currency),
    overdraftLimit: formatAmount(new Decimal(wallet.overdraftLimit), wallet.currency),
  };
}

function result(entry: WalletEntryEntity, wallet: WalletEntity, duplicate: boolean): PostingResult {
  return {
    entryId: String(entry.id),
    wallet: view(wallet),
    kind: entry.kind,
    amount: formatAmount(new Decimal(entry.amount), wallet.currency),
    balanceAfter: formatAmount(new Decimal(entry.balanceAfter), wallet.currency),
    duplicate,
  };
}
