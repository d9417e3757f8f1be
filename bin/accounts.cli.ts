import { AccountStatus } from '../shared/auth/entities/account.entity';
import { randomUUID } from 'node:crypto';
import { Role } from '../shared/auth/roles.types';
import type { Principal } from '../shared/auth/token.service';
import { createAccountService, createWalletStatementService } from '../subgraphs/admin/admin.wiring';
import { AccountException } from '../subgraphs/admin/services/account.service';
import { parseFlags, required, runCommand, UsageError } from './cli-support.kit';
import { readPassword } from './password-input.kit';

const USAGE = `usage: npm run accounts -- <command> [options]
  create --email E --role ROLE [--password-stdin] [--name NAME] [--currency TZS] [--balance 500000] [--overdraft 0]
                                    asks for the password on a terminal; --password-stdin reads it from standard input
                                    (--password P is for test scripts only: npm's banner and ps show it)
  topup --email E --amount 100000 [--key K] [--reason TEXT]    (agents; with --key a repeated top-up credits once)
  adjust --email E --amount -2500 --key K --reason TEXT          (agents; signed; never below the overdraft limit)
  revoke-tokens --email E
  disable --email E | enable --email E
  unlock --email E [--address IP]   clears the login throttle of E (from every address); with --address, that address's too
  list [--role ROLE] [--status ACTIVE|DISABLED] [--email-contains TEXT] [--limit 50]   (limit 1 to 200)
  --help, -h                        this text
roles: CUSTOMER, SERVICE_AGENT, THIRD_PARTY_AGENT, ADMIN, SUDO, ISSUER`;

const [command, ...given] = process.argv.slice(2);
// A switch without a value, unlike every other option: the password itself never comes on the command line.
const passwordStdin = command === 'create' && given.includes('--password-stdin');
const args = given.filter((arg) => !(passwordStdin && arg === '--password-stdin'));

/** Who the console's postings are made as: the operator, with SUDO's rights (it holds the database credentials). */
const OPERATOR: Principal = { accountId: 'operator-cli', email: 'operator@console', role: Role.SUDO, permissionLevel: null, tokenId: 'operator-cli' };

const parsers: Record<string, () => Record<string, string>> = {
  create: () => parseFlags(args, ['email', 'password', 'role', 'name', 'currency', 'balance', 'overdraft']),
  topup: () => parseFlags(args, ['email', 'amount', 'key', 'reason']),
  adjust: () => parseFlags(args, ['email', 'amount', 'key', 'reason']),
  'revoke-tokens': () => parseFlags(args, ['email']),
  disable: () => parseFlags(args, ['email']),
  enable: () => parseFlags(args, ['email']),
  unlock: () => parseFlags(args, ['email', 'address']),
  list: () => parseFlags(args, ['role', 'status', 'email-contains', 'limit']),
};

let flags: Record<string, string> = {};
const validate = () => {
  const parse = command && Object.hasOwn(parsers, command) ? parsers[command] : undefined;
  if (!parse) throw new UsageError(command ? `unknown command "${command}"` : 'a command is required');
  flags = parse();
  if (command === 'list') {
    if (flags.limit !== undefined && !/^\d{1,3}$/.test(flags.limit)) throw new UsageError('--limit must be from 1 to 200');
    return;
  }
  required(flags, 'email');
  if (command === 'create') {
    required(flags, 'role');
    if (passwordStdin && flags.password !== undefined) throw new UsageError('give the password with --password-stdin or --password, not both');
    if (!passwordStdin && flags.password === undefined && !process.stdin.isTTY) {
      throw new UsageError('the password is required: pipe it in with --password-stdin, or run on a terminal to be asked for it');
    }
  }
  if (command === 'topup') required(flags, 'amount');
  if (command === 'adjust') ['amount', 'key', 'reason'].forEach((f) => required(flags, f));
};

void runCommand(
  USAGE,
  async (platform) => {
    const accounts = createAccountService(platform);
    switch (command) {
      case 'create': {
        const account = await accounts.create({
          email: flags.email,
          password: flags.password ?? (await readPassword(passwordStdin)),
          role: flags.role,
          fullName: flags.name,
          currency: flags.currency,
          openingBalance: flags.balance,
          overdraftLimit: flags.overdraft,
        });
        return { action: 'account-created', account };
      }
      case 'topup':
      case 'adjust': {
        // The operator at the console acts as SUDO: the same service, checks and ledger entries as the admin graph's mutations.
        const account = await accounts.summaryByEmail(flags.email);
        if (!account.wallet) throw AccountException.noWallet(account.email);
        const posting = { accountId: account.id, amount: flags.amount, reason: flags.reason ?? 'operator top-up', idempotencyKey: flags.key ?? randomUUID() };
        const statement = createWalletStatementService(platform);
        const { entry, duplicate, wallet } = command === 'topup' ? await statement.topUp(OPERATOR, posting) : await statement.adjust(OPERATOR, posting);
        const done = command === 'topup' ? 'wallet-topped-up' : 'wallet-adjusted';
        return { action: duplicate ? `${command}-already-applied` : done, email: account.email, amount: flags.amount, entryId: entry.id, wallet, entry };
      }
      case 'revoke-tokens': {
        const { account, revoked } = await accounts.revokeTokens(flags.email);
        return { action: 'tokens-revoked', email: account.email, revoked };
      }
      case 'unlock': {
        const cleared = await accounts.unlockLogin(flags.email, flags.address);
        return { action: 'login-unlocked', ...cleared };
      }
      case 'list': {
        const { total, accounts: found } = await accounts.list({
          role: flags.role,
          status: flags.status,
          emailContains: flags['email-contains'],
          limit: Number(flags.limit ?? 50),
        });
        return { action: 'accounts-listed', total, accounts: found };
      }
      default: {
        const status = command === 'disable' ? AccountStatus.DISABLED : AccountStatus.ACTIVE;
        const account = await accounts.setStatus(flags.email, status);
        return { action: command === 'disable' ? 'account-disabled' : 'account-enabled', email: account.email, status };
      }
    }
  },
  validate,
);
