import 'reflect-metadata';
import { createTestPlatform } from '../support/test-platform';
import { runCli } from '../support/cli';
import { waitFor } from '../support/wait';
import type { Platform } from '../../shared/platform/platform.wiring';
import { AccountEntity } from '../../shared/auth/entities/account.entity';
import { AppError } from '../../shared/errors/app-error.exception';
import { AccountService } from '../../subgraphs/admin/services/account.service';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';

const AGENT = 'a@x.co.tz';
const CUSTOMER = 'customer@x.co.tz';
const PASSWORD = 'long password 1';

let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
let accounts: AccountService;

const accountsCli = (...args: string[]) => runCli('accounts', args, env.config);
const keysCli = (...args: string[]) => runCli('keys', args, env.config);

/** A successful run prints exactly one JSON line and nothing on stderr. */
function expectSuccess(result: ReturnType<typeof runCli>) {
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return result.json;
}

/**
 * The refusal of a token once this process heard of a change the CLI made: the CLI is another process, and its
 * word reaches this process's verified-token cache over the invalidation bus, a moment after the CLI exits.
 */
async function refusalOf(token: string): Promise<unknown> {
  const outcome = await waitFor(
    () =>
      platform.tokens.verify(token).then(
        () => ({ refused: false as const }),
        (error: unknown) => ({ refused: true as const, error }),
      ),
    (result) => result.refused,
    10_000,
  );
  return outcome.refused ? outcome.error : undefined;
}

async function balanceOf(email: string): Promise<string | undefined> {
  return (await accounts.summaryByEmail(email)).wallet?.balance;
}

async function accountExists(email: string): Promise<boolean> {
  return (await platform.dataSource.getRepository(AccountEntity).countBy({ email })) > 0;
}

beforeAll(async () => {
  env = await createTestPlatform();
  platform = env.platform;
  accounts = createAccountService(platform);
});

afterAll(async () => {
  await env?.close();
});

// The tests of this file build on each other (one agent account whose balance grows): they run in order.
describe('accounts CLI', () => {
  test('create an agent with opening balance and overdraft', async () => {
    const json = expectSuccess(
      accountsCli('create', '--email', AGENT, '--password', PASSWORD, '--role', 'SERVICE_AGENT', '--balance', '500000', '--overdraft', '1000'),
    );
    expect(json.action).toBe('account-created');
    expect(json.account).toMatchObject({
      email: AGENT,
      role: 'SERVICE_AGENT',
      permissionLevel: 222,
      status: 'ACTIVE',
      wallet: { currency: 'TZS', balance: '500000', overdraftLimit: '1000' },
    });
    expect(json.account.id).toEqual(expect.any(String));
    // The output never carries the password or its hash.
    expect(JSON.stringify(json)).not.toContain(PASSWORD);
    expect(JSON.stringify(json)).not.toContain('scrypt');

    const stored = await accounts.summaryByEmail(AGENT);
    expect(stored).toMatchObject({ id: json.account.id, role: 'SERVICE_AGENT', permissionLevel: 222 });
    expect(stored.wallet).toMatchObject({ balance: '500000', overdraftLimit: '1000' });
  });

  test('topup credits the wallet', async () => {
    const json = expectSuccess(accountsCli('topup', '--email', AGENT, '--amount', '100000'));
    expect(json).toMatchObject({ action: 'wallet-topped-up', email: AGENT, amount: '100000', wallet: { balance: '600000' } });
    expect(await balanceOf(AGENT)).toBe('600000');
  });

  test('topup without a key is not deduplicated', async () => {
    // Two key-less top-ups are two top-ups: only --key makes a repeat a no-op.
    expectSuccess(accountsCli('topup', '--email', AGENT, '--amount', '1'));
    const json = expectSuccess(accountsCli('topup', '--email', AGENT, '--amount', '1'));
    expect(json).toMatchObject({ action: 'wallet-topped-up', wallet: { balance: '600002' } });
    expect(await balanceOf(AGENT)).toBe('600002');
  });

  test('topup with --key credits once when repeated', async () => {
    const first = expectSuccess(accountsCli('topup', '--email', AGENT, '--amount', '100000', '--key', 'k1'));
    expect(first).toMatchObject({ action: 'wallet-topped-up', wallet: { balance: '700002' } });

    const second = expectSuccess(accountsCli('topup', '--email', AGENT, '--amount', '100000', '--key', 'k1'));
    expect(second).toMatchObject({ action: 'topup-already-applied', wallet: { balance: '700002' } });
    expect(second.entryId).toBe(first.entryId);
    expect(await balanceOf(AGENT)).toBe('700002');
  });

  test('revoke-tokens revokes every live token of the account', async () => {
    const account = await accounts.summaryByEmail(AGENT);
    const tokens = [await platform.tokens.issue(account), await platform.tokens.issue(account)];
    for (const token of tokens) await expect(platform.tokens.verify(token)).resolves.toMatchObject({ accountId: account.id });

    const json = expectSuccess(accountsCli('revoke-tokens', '--email', AGENT));
    expect(json).toEqual({ action: 'tokens-revoked', email: AGENT, revoked: 2 });
    for (const token of tokens) expect(await refusalOf(token)).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });

    // Nothing left to revoke the second time.
    expect(expectSuccess(accountsCli('revoke-tokens', '--email', AGENT))).toMatchObject({ revoked: 0 });
  });

  test('a customer account can be created (the account for the refusals below)', async () => {
    const json = expectSuccess(accountsCli('create', '--email', CUSTOMER, '--password', PASSWORD, '--role', 'CUSTOMER'));
    expect(json.account).toMatchObject({ email: CUSTOMER, role: 'CUSTOMER', permissionLevel: null, wallet: null });
  });

  describe('bad arguments exit non-zero with a message on stderr and change nothing', () => {
    const cases: Array<[string, string[], number, RegExp]> = [
      ['no command', [], 2, /a command is required/],
      ['an unknown command', ['frobnicate', '--email', AGENT], 2, /unknown command "frobnicate"/],
      ['a missing --email', ['create', '--password', PASSWORD, '--role', 'CUSTOMER'], 2, /--email is required/],
      ['a missing --password', ['create', '--email', 'nopass@x.co.tz', '--role', 'CUSTOMER'], 2, /the password is required: pipe it in with --password-stdin/],
      ['an unknown flag', ['create', '--email', 'foo@x.co.tz', '--password', PASSWORD, '--role', 'CUSTOMER', '--foo', 'bar'], 2, /unknown option --foo/],
      ['a flag without a value', ['topup', '--email', AGENT, '--amount'], 2, /--amount needs a value/],
      ['an unknown role', ['create', '--email', 'role@x.co.tz', '--password', PASSWORD, '--role', 'NOT_A_ROLE'], 1, /role must be one of.*NOT_A_ROLE/],
      [
        'a non-agent with --balance',
        ['create', '--email', 'rich@x.co.tz', '--password', PASSWORD, '--role', 'CUSTOMER', '--balance', '100'],
        1,
        /only agent accounts/,
      ],
      ['a short password', ['create', '--email', 'short@x.co.tz', '--password', 'short', '--role', 'CUSTOMER'], 1, /at least 10 characters/],
      ['an invalid email', ['create', '--email', 'not-an-email', '--password', PASSWORD, '--role', 'CUSTOMER'], 1, /not a valid email/],
      ['topup with --amount abc', ['topup', '--email', AGENT, '--amount', 'abc'], 1, /WALLET_AMOUNT_INVALID/],
      ['topup with a negative amount', ['topup', '--email', AGENT, '--amount', '-5'], 1, /WALLET_AMOUNT_INVALID/],
      ['topup of a customer account', ['topup', '--email', CUSTOMER, '--amount', '100'], 1, /ACCOUNT_HAS_NO_WALLET/],
      ['topup of an unknown account', ['topup', '--email', 'ghost@x.co.tz', '--amount', '100'], 1, /ACCOUNT_NOT_FOUND/],
      ['a duplicate email', ['create', '--email', AGENT.toUpperCase(), '--password', PASSWORD, '--role', 'SERVICE_AGENT'], 1, /ACCOUNT_EMAIL_TAKEN/],
    ];

    test.each(cases)('%s', async (_name, args, exitCode, message) => {
      const balanceBefore = await balanceOf(AGENT);
      const result = accountsCli(...args);
      expect(result.status).toBe(exitCode);
      expect(result.stderr).toMatch(message);
      expect(result.stdout.trim()).toBe('');
      expect(result.json).toBeUndefined();
      expect(await balanceOf(AGENT)).toBe(balanceBefore);
    });

    test('refused creates left no account behind', async () => {
      for (const email of ['role@x.co.tz', 'rich@x.co.tz', 'short@x.co.tz', 'foo@x.co.tz', 'nopass@x.co.tz']) {
        expect(await accountExists(email)).toBe(false);
      }
      const agents = await platform.dataSource.getRepository(AccountEntity).countBy({ email: AGENT });
      expect(agents).toBe(1);
    });
  });
});

describe('keys CLI', () => {
  test('rotate signs new tokens with a new kid; retire --kid stops the old one', async () => {
    const account = await accounts.summaryByEmail(AGENT);
    const oldKid = (await platform.keys.signingKey()).kid;
    const oldToken = await platform.tokens.issue(account);

    const rotated = expectSuccess(keysCli('rotate'));
    expect(rotated).toMatchObject({ action: 'key-rotated', previousKid: oldKid });
    expect(rotated.kid).toEqual(expect.any(String));
    expect(rotated.kid).not.toBe(oldKid);
    expect((await platform.keys.signingKey()).kid).toBe(rotated.kid);
    expect((await platform.keys.activeJwks()).map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, rotated.kid]));
    await expect(platform.tokens.verify(oldToken)).resolves.toMatchObject({ accountId: account.id });
    const newToken = await platform.tokens.issue(account);
    await expect(platform.tokens.verify(newToken)).resolves.toMatchObject({ accountId: account.id });

    const listed = expectSuccess(keysCli('list'));
    expect(listed.action).toBe('keys-listed');
    expect(listed.keys.map((k: { kid: string }) => k.kid)).toEqual(expect.arrayContaining([oldKid, rotated.kid]));

    const retired = expectSuccess(keysCli('retire', '--kid', oldKid));
    expect(retired).toMatchObject({ action: 'key-retired', kid: oldKid, signingKid: rotated.kid });
    expect(Number.isNaN(Date.parse(retired.retiredAt))).toBe(false);
    expect((await platform.keys.activeJwks()).map((k) => k.kid)).toEqual([rotated.kid]);
    expect(await refusalOf(oldToken)).toBeInstanceOf(AppError);
    await expect(platform.tokens.verify(newToken)).resolves.toMatchObject({ accountId: account.id });
  });

  test('retiring the only active key or an unknown kid is refused with exit 1', async () => {
    const [only] = await platform.keys.activeJwks();
    const last = keysCli('retire', '--kid', only.kid);
    expect(last.status).toBe(1);
    expect(last.stderr).toMatch(/only active key/);
    expect((await platform.keys.activeJwks()).map((k) => k.kid)).toEqual([only.kid]);

    const unknown = keysCli('retire', '--kid', 'no-such-kid');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no signing key with kid "no-such-kid"/);
  });

  test.each<[string, string[], RegExp]>([
    ['retire without --kid', ['retire'], /--kid is required/],
    ['no command', [], /a command is required/],
    ['an unknown command', ['explode'], /unknown command "explode"/],
    ['an unknown flag', ['rotate', '--force', 'yes'], /unknown option --force/],
  ])('%s exits 2 with usage on stderr', async (_name, args, message) => {
    const before = (await platform.keys.listKeys()).length;
    const result = keysCli(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('usage: npm run keys');
    expect(result.stdout.trim()).toBe('');
    expect((await platform.keys.listKeys()).length).toBe(before);
  });
});
