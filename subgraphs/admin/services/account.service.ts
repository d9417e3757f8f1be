import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { AppError } from '../../../shared/errors/app-error.exception';
import type { AccountEntity } from '../../../shared/auth/entities/account.entity';
import { AccountStatus } from '../../../shared/auth/entities/account.entity';
import type { AccountRepository } from '../../../shared/auth/account.repository';
import { hashPassword, passwordProblem } from '../../../shared/auth/password.service';
import { isAgentRole, permissionLevelFor, Role, ROLES } from '../../../shared/auth/roles.types';
import { isDuplicateKeyError } from '../../../shared/database/data-source.factory';
import type { RedisClient } from '../../../shared/redis/redis.client';
import type { TokenService } from '../../../shared/auth/token.service';
import type { LoginConfig } from '../../../shared/config/platform.config';
import type { Transactor } from '../../../shared/database/transactor.port';
import type { NotificationRequester } from '../../../shared/notifications/notification-request.service';
import type { WalletLedger, WalletView } from '../../../shared/wallet/wallet-ledger.service';
import { ACCOUNT_NOTIFICATION_KIND } from '../../../shared/notifications/notification.types';
import { LoginThrottle } from './login-throttle.service';

export class AccountException extends AppError {
  static invalid(message: string): AccountException {
    return new AccountException('ACCOUNT_INVALID', 400, message);
  }
  static emailTaken(email: string): AccountException {
    return new AccountException('ACCOUNT_EMAIL_TAKEN', 409, `An account with email ${email} already exists`);
  }
  static notFound(email: string): AccountException {
    return new AccountException('ACCOUNT_NOT_FOUND', 404, `No account with email ${email}`);
  }
  static noWallet(email: string): AccountException {
    return new AccountException('ACCOUNT_HAS_NO_WALLET', 409, `Account ${email} is not an agent account and has no wallet`);
  }
}

export interface CreateAccountInput {
  email: string;
  password: string;
  role: string;
  fullName?: string;
  currency?: string;
  openingBalance?: string;
  overdraftLimit?: string;
}

export interface AccountSummary {
  id: string;
  email: string;
  role: Role;
  fullName: string;
  permissionLevel: number | null;
  status: AccountStatus;
  wallet: WalletView | null;
}

export interface AccountFilter {
  role?: string;
  status?: string;
  emailContains?: string;
  /** 1 to 200. */
  limit: number;
}

export interface AccountListing {
  total: number;
  accounts: Array<Omit<AccountSummary, 'wallet'> & { createdAt: Date }>;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What the account operations use besides their repository (admin.wiring.ts builds them from the platform). */
export interface AccountServicePorts {
  /** Account creation's one transaction: the account row, its creation message, its wallet and opening balance. */
  transactor: Transactor;
  ledger: Pick<WalletLedger, 'openWallet' | 'credit' | 'walletOpened' | 'findByAccount'>;
  tokens: Pick<TokenService, 'revokeAll' | 'accountChanged'>;
  notifications: Pick<NotificationRequester, 'request'>;
  /** Read by unlockLogin only: an operator's one-off call may wait for Redis. */
  queueRedis: RedisClient;
  /** The login throttle's settings and the prefix of its keys (unlockLogin). */
  config: { login: LoginConfig; queuePrefix: string };
}

/** Accounts and their wallets: what the operator CLI and the admin graph use. */
export class AccountService {
  constructor(
    private readonly ports: AccountServicePorts,
    private readonly accounts: AccountRepository,
  ) {}

  async create(input: CreateAccountInput): Promise<AccountSummary> {
    const email = normalizeEmail(input.email);
    if (!EMAIL.test(email) || email.length > 254) throw AccountException.invalid(`"${input.email}" is not a valid email address`);
    const problem = passwordProblem(input.password);
    if (problem) throw AccountException.invalid(problem);
    if (!(ROLES as string[]).includes(input.role)) throw AccountException.invalid(`role must be one of ${ROLES.join(', ')} (got "${input.role}")`);
    const role = input.role as Role;
    const agent = isAgentRole(role);
    if (!agent && (input.currency || input.openingBalance || input.overdraftLimit)) {
      throw AccountException.invalid(
        `only agent accounts (${Role.SERVICE_AGENT}, ${Role.THIRD_PARTY_AGENT}) have a wallet: drop --currency, --balance and --overdraft`,
      );
    }
    const fullName = (input.fullName ?? email.split('@')[0]).trim();
    if (!fullName || fullName.length > 200) throw AccountException.invalid('name must have 1 to 200 characters');
    const passwordHash = await hashPassword(input.password);
    const id = randomUUID();
    try {
      await this.ports.transactor.transaction(async (m) => {
        await this.accounts.insert(m, {
          id,
          email,
          passwordHash,
          role,
          fullName,
          permissionLevel: permissionLevelFor(role),
          status: AccountStatus.ACTIVE,
        });
        await this.ports.notifications.request(m, { bookingKind: ACCOUNT_NOTIFICATION_KIND, bookingId: id, messageType: 'ACCOUNT_CREATION' });
        if (!agent) return;
        const wallet = await this.ports.ledger.openWallet(m, id, (input.currency ?? 'TZS').toUpperCase(), input.overdraftLimit ?? '0');
        if (input.openingBalance && input.openingBalance !== '0') {
          await this.ports.ledger.credit(wallet.id, { businessKey: `opening-balance:${id}`, amount: input.openingBalance, note: 'opening balance' }, m);
        }
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw AccountException.emailTaken(email);
      throw error;
    }
    if (agent) await this.ports.ledger.walletOpened(id);
    return this.summaryByEmail(email);
  }

  async revokeTokens(email: string): Promise<{ account: AccountSummary; revoked: number }> {
    const account = await this.summaryByEmail(email);
    return { account, revoked: await this.ports.tokens.revokeAll(account.id) };
  }

  async setStatus(email: string, status: AccountStatus): Promise<AccountSummary> {
    const account = await this.summaryByEmail(email);
    await this.accounts.setStatus(account.id, status);
    await this.ports.tokens.accountChanged(account.id);
    return { ...account, status };
  }

  /** Accounts matching every given filter, by email; `total` counts all matches, `accounts` the first `limit`. */
  async list(filter: AccountFilter): Promise<AccountListing> {
    if (filter.role !== undefined && !(ROLES as string[]).includes(filter.role)) {
      throw AccountException.invalid(`role must be one of ${ROLES.join(', ')} (got "${filter.role}")`);
    }
    const statuses = Object.values(AccountStatus) as string[];
    if (filter.status !== undefined && !statuses.includes(filter.status)) {
      throw AccountException.invalid(`status must be one of ${statuses.join(', ')} (got "${filter.status}")`);
    }
    if (!Number.isInteger(filter.limit) || filter.limit < 1 || filter.limit > 200) throw AccountException.invalid('limit must be from 1 to 200');
    const fragment = filter.emailContains === undefined ? undefined : normalizeEmail(filter.emailContains);
    if (fragment !== undefined && (!fragment || fragment.length > 254)) throw AccountException.invalid('email-contains must have 1 to 254 characters');
    const [rows, total] = await this.accounts.search({
      role: filter.role as Role | undefined,
      status: filter.status as AccountStatus | undefined,
      emailContains: fragment,
      limit: filter.limit,
    });
    return {
      total,
      accounts: rows.map((a) => ({
        id: a.id,
        email: a.email,
        role: a.role,
        fullName: a.fullName,
        permissionLevel: a.permissionLevel,
        status: a.status,
        createdAt: a.createdAt,
      })),
    };
  }

  /** Clears the login throttle of an email (every address), and of one client address when given. */
  async unlockLogin(rawEmail: string, address?: string): Promise<{ email: string; emailCounters: number; addressCounters: number }> {
    const email = normalizeEmail(rawEmail);
    if (!EMAIL.test(email)) throw AccountException.invalid(`"${rawEmail}" is not a valid email address`);
    if (address !== undefined && !isIP(address)) throw AccountException.invalid(`"${address}" is not an IP address`);
    // The queue connection waits for Redis to be ready: an operator's one-off call, not a request that must fail fast.
    const throttle = new LoginThrottle(this.ports.queueRedis, this.ports.config.queuePrefix, this.ports.config.login);
    return { email, ...(await throttle.unlock(email, address)) };
  }

  async summaryByEmail(email: string): Promise<AccountSummary> {
    const account = await this.accounts.byEmail(normalizeEmail(email));
    if (!account) throw AccountException.notFound(normalizeEmail(email));
    return this.summary(account);
  }

  async summaryById(id: string): Promise<AccountSummary | null> {
    const account = await this.accounts.byId(id);
    return account ? this.summary(account) : null;
  }

  private async summary(account: AccountEntity): Promise<AccountSummary> {
    return {
      id: account.id,
      email: account.email,
      role: account.role,
      fullName: account.fullName,
      permissionLevel: account.permissionLevel,
      status: account.status,
      wallet: await this.ports.ledger.findByAccount(account.id),
    };
  }
}
