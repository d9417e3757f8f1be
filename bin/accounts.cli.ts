import { AccountStatus } from '../shared/auth/entities/account.entity';
import { createAccountService } from '../subgraphs/admin/admin.wiring';
import { parseFlags, required, runCommand, UsageError } from './cli-support.kit';

const USAGE = `usage: npm run accounts -- <command> [options]
  create --email E --password P --role ROLE [--name NAME] [--currency TZS] [--balance 500000] [--overdraft 0]
  topup --email E --amount 100000 [--key K]     (agents; with --key a repeated top-up credits once)
  revoke-tokens --email E
  disable --email E | enable --email E
  unlock --email E [--address IP]   clears the login throttle of E (from every address); with --address, that address's too
  list [--role ROLE] [--status ACTIVE|DISABLED] [--email-contains TEXT] [--limit 50]   (limit 1 to 200)
  --help, -h                        this text
roles: CUSTOMER, SERVICE_AGENT, THIRD_PARTY_AGENT, ADMIN, SUDO, ISSUER`;

const [command, ...args] = process.argv.slice(2);

const parsers: Record<string, () => Record<string, string>> = {
  create: () => parseFlags(args, ['email', 'password', 'role', 'name', 'currency', 'balance', 'overdraft']),
  topup: () => parseFlags(args, ['email', 'amount', 'key']),
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
  if (command === 'create') ['password', 'role'].forEach((f) => required(flags, f));
  if (command === 'topup') required(flags, 'amount');
};

void runCommand(
  USAGE,
  async (platform) => {
    const accounts = createAccountService(platform);
    switch (command) {
      case 'create': {
        const account = await accounts.create({
          email: flags.email,
          password: flags.password,
          role: flags.role,
          fullName: flags.name,
          currency: flags.currency,
          openingBalance: flags.balance,
          overdraftLimit: flags.overdraft,
        });
        return { action: 'account-created', account };
      }
      case 'topup': {
        const { account, duplicate, entryId } = await accounts.topUp(flags.email, flags.amount, flags.key);
        return {
          action: duplicate ? 'topup-already-applied' : 'wallet-topped-up',
          email: account.email,
          amount: flags.amount,
          entryId,
          wallet: account.wallet,
        };
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
