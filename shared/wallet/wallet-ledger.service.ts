import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../errors/app-error';
import { inTransaction, isDuplicateKeyError } from '../database/data-source';
import { Decimal, fitsCurrency, formatAmount, isCurrencyCode, parseAmount } from '../money/money';
import type { Clock } from '../time/clock';
import { WalletEntity } from './entities/wallet.entity';
import { WalletEntryEntity, WalletEntryKind } from './entities/wallet-entry.entity';

export class WalletException extends AppError {
  static notFound(walletId: string): WalletException {
    return new WalletException('WALLET_NOT_FOUND', 404, `No wallet ${walletId}`);
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
  projectedBalance: string;
  overdraftLimit: string;
  currency: string;
}

/**
 * The wallet ledger: immutable entries, a cached balance, one entry per business key.
 * Every posting locks the wallet row (SELECT ... FOR UPDATE), so concurrent postings serialise.
 */
export class WalletLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async openWallet(manager: EntityManager, accountId: string, currency: string, overdraftLimit = '0'): Promise<WalletView> {
    if (!isCurrencyCode(currency)) throw WalletException.invalidAmount(`"${currency}" is not an ISO 4217 currency code`);
    const overdraft = this.amount(overdraftLimit, currency, true);
    const wallet = manager.create(WalletEntity, {
      id: randomUUID(),
      accountId,
      currency,
      balance: '0',
      overdraftLimit: overdraft.toFixed(4),
    });
    await manager.insert(WalletEntity, wallet);
    return view(wallet);
  }

  async findByAccount(accountId: string, manager?: EntityManager): Promise<WalletView | null> {
    const wallet = await (manager ?? this.dataSource.manager).findOneBy(WalletEntity, { accountId });
    return wallet ? view(wallet) : null;
  }

  credit(walletId: string, posting: Posting, manager?: EntityManager): Promise<PostingResult> {
    return this.post(walletId, WalletEntryKind.CREDIT, posting, false, manager);
  }

  /**
   * Debits once per business key. With enforceLimit the balance may not fall below the negative
   * overdraft limit; without it (a debit after an earlier admission) it may, as the spec allows.
   */
  debit(walletId: string, posting: Posting & { enforceLimit: boolean }, manager?: EntityManager): Promise<PostingResult> {
    return this.post(walletId, WalletEntryKind.DEBIT, posting, posting.enforceLimit, manager);
  }

  /** Would this amount fit within balance plus overdraft? Read under lock when given a transaction. */
  async admit(walletId: string, amount: string, manager?: EntityManager): Promise<Admission> {
    return inTransaction(this.dataSource, manager, async (m) => {
      const wallet = await this.lock(m, walletId);
      const value = this.amount(amount, wallet.currency);
      const projected = new Decimal(wallet.balance).minus(value);
      return {
        admitted: projected.gte(new Decimal(wallet.overdraftLimit).negated()),
        balance: formatAmount(new Decimal(wallet.balance), wallet.currency),
        projectedBalance: formatAmount(projected, wallet.currency),
        overdraftLimit: formatAmount(new Decimal(wallet.overdraftLimit), wallet.currency),
        currency: wallet.currency,
      };
    });
  }

  async entries(walletId: string): Promise<WalletEntryEntity[]> {
    return this.dataSource.manager.find(WalletEntryEntity, { where: { walletId }, order: { id: 'ASC' } });
  }

  private async post(
    walletId: string,
    kind: WalletEntryKind,
    posting: Posting,
    enforceLimit: boolean,
    manager?: EntityManager,
  ): Promise<PostingResult> {
    if (!posting.businessKey || posting.businessKey.length > 191) {
      throw WalletException.invalidAmount('a ledger posting needs a business key of 1 to 191 characters');
    }
    try {
      return await inTransaction(this.dataSource, manager, (m) => this.postLocked(m, walletId, kind, posting, enforceLimit));
    } catch (error) {
      // The row lock makes this unreachable in practice; the unique key is the backstop.
      if (!isDuplicateKeyError(error)) throw error;
      return inTransaction(this.dataSource, manager, (m) => this.postLocked(m, walletId, kind, posting, enforceLimit));
    }
  }

  private async postLocked(
    m: EntityManager,
    walletId: string,
    kind: WalletEntryKind,
    posting: Posting,
    enforceLimit: boolean,
  ): Promise<PostingResult> {
    const wallet = await this.lock(m, walletId);
    const amount = this.amount(posting.amount, wallet.currency);
    const existing = await m.findOneBy(WalletEntryEntity, { walletId, businessKey: posting.businessKey });
    if (existing) {
      if (existing.kind !== kind || !new Decimal(existing.amount).eq(amount)) throw WalletException.keyReused(posting.businessKey);
      return result(existing, wallet, true);
    }
    const balance = new Decimal(wallet.balance);
    const after = kind === WalletEntryKind.CREDIT ? balance.plus(amount) : balance.minus(amount);
    if (enforceLimit && after.lt(new Decimal(wallet.overdraftLimit).negated())) {
      throw WalletException.insufficient({
        currency: wallet.currency,
        balance: formatAmount(balance, wallet.currency),
        amount: formatAmount(amount, wallet.currency),
        overdraftLimit: formatAmount(new Decimal(wallet.overdraftLimit), wallet.currency),
      });
    }
    const entry = m.create(WalletEntryEntity, {
      walletId,
      businessKey: posting.businessKey,
      kind,
      amount: amount.toFixed(4),
      balanceAfter: after.toFixed(4),
      note: posting.note ?? null,
      createdAt: this.clock.now(),
    });
    await m.insert(WalletEntryEntity, entry);
    await m.update(WalletEntity, { id: walletId }, { balance: after.toFixed(4) });
    wallet.balance = after.toFixed(4);
    return result(entry, wallet, false);
  }

  private async lock(m: EntityManager, walletId: string): Promise<WalletEntity> {
    const wallet = await m.findOne(WalletEntity, { where: { id: walletId }, lock: { mode: 'pessimistic_write' } });
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

function view(wallet: WalletEntity): WalletView {
  return {
    id: wallet.id,
    accountId: wallet.accountId,
    currency: wallet.currency,
    balance: formatAmount(new Decimal(wallet.balance), wallet.currency),
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
