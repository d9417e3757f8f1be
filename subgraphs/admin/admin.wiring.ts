import type { DataSource } from 'typeorm';
import { AccountRepository } from '../../shared/auth/account.repository';
import { createNotificationRequester } from '../../shared/notifications/notifications.module';
import type { ModulePlatform } from '../subgraph-module.port';
import { AccountService } from './services/account.service';
import { WalletStatementService } from './wallet/wallet-statement.service';
import { WalletStatementRepository } from '../../shared/wallet/wallet-statement.repository';

/**
 * What the account operations are built from: the services they call, the login throttle's settings and the prefix
 * of its keys, and the reminder lead of the requester they send the creation message through.
 */
export type AccountPlatform = Pick<
  ModulePlatform<'login' | 'queuePrefix' | 'notifications'>,
  'dataSource' | 'ledger' | 'tokens' | 'queueRedis' | 'outbox' | 'clock' | 'config'
>;

/**
 * The account operations of the admin graph, the operator CLI (bin/accounts.cli.ts) and the tests, over one platform.
 * `accounts`: the repository the admin root already made for the login service, when it has one.
 */
export function createAccountService(platform: AccountPlatform, accounts = new AccountRepository(platform.dataSource)): AccountService {
  const { dataSource: transactor, ledger, tokens, queueRedis, config } = platform;
  const notifications = createNotificationRequester(platform);
  const settings = { login: config.login, queuePrefix: config.queuePrefix };
  return new AccountService({ transactor, ledger, tokens, notifications, queueRedis, config: settings }, accounts);
}

/** The wallet statement and the administrators' top-ups and adjustments: the admin graph and the accounts CLI. */
export function createWalletStatementService(
  platform: Pick<AccountPlatform, 'dataSource' | 'ledger'> & { lagTolerantReads?: DataSource },
): WalletStatementService {
  return new WalletStatementService(platform.dataSource, platform.ledger, new WalletStatementRepository(), platform.lagTolerantReads);
}
