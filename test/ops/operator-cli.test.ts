import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTestPlatform } from '../support/test-platform';
import { CliName, runCli } from '../support/cli';
import { LoginThrottle } from '../../subgraphs/admin/services/login-throttle.service';

let env: Awaited<ReturnType<typeof createTestPlatform>>;

const cli = (name: CliName, ...args: string[]) => runCli(name, args, env.config);

function expectSuccess(result: ReturnType<typeof runCli>) {
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return result.json;
}

beforeAll(async () => {
  env = await createTestPlatform();
});

afterAll(async () => {
  await env?.close();
});

describe('--help', () => {
  // Nothing listens on port 1: a CLI that connected to the database or Redis before printing its usage would fail.
  const unreachable = { DATABASE_URL: 'mysql://root@127.0.0.1:1/nothing', REDIS_URL: 'redis://127.0.0.1:1' };
  const names: CliName[] = ['migrate', 'accounts', 'keys', 'notifications', 'queues', 'schema', 'openapi'];

  test.each(names.flatMap((name) => [[name, '--help'] as const, [name, '-h'] as const]))(
    '%s %s prints the usage and exits 0 without a database',
    (name, flag) => {
      const result = runCli(name, [flag], env.config, unreachable);
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
      expect(result.stdout).toMatch(/^usage: /);
    },
  );

  test('after a command too: migrate up --help does not migrate', () => {
    const result = runCli('migrate', ['up', '--help'], env.config, unreachable);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/revert --yes/);
  });

  test('the npm scripts run the built code through bin/built.cjs, which runs it when dist/ is current', () => {
    const launcher = path.resolve(__dirname, '..', '..', '..', 'bin', 'built.cjs');
    const result = spawnSync(process.execPath, [launcher, 'keys', '--help'], { encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(/^usage: npm run keys/);
  });
});

describe('migrate status and revert', () => {
  test('status lists every migration as applied and none pending', () => {
    const json = expectSuccess(cli('migrate', 'status'));
    expect(json.action).toBe('migrate-status');
    expect(json.pending).toEqual([]);
    expect(json.applied.length).toBeGreaterThan(3);
  });

  test('revert without --yes is refused and changes nothing', () => {
    const before = expectSuccess(cli('migrate', 'status'));
    const result = cli('migrate', 'revert');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/add --yes to confirm/);
    expect(expectSuccess(cli('migrate', 'status'))).toEqual(before);
  });

  test('revert --yes undoes exactly the newest migration; migrate applies it again', () => {
    const before = expectSuccess(cli('migrate', 'status'));
    const newest = before.applied[before.applied.length - 1];
    expect(expectSuccess(cli('migrate', 'revert', '--yes'))).toEqual({ action: 'migration-reverted', reverted: [newest] });
    expect(expectSuccess(cli('migrate', 'status'))).toEqual({ action: 'migrate-status', applied: before.applied.slice(0, -1), pending: [newest] });

    expect(expectSuccess(cli('migrate')).migrations).toEqual([newest]);
    expect(expectSuccess(cli('migrate', 'status'))).toEqual(before);
  });
});

describe('accounts unlock and list', () => {
  const PASSWORD = 'long password 1';

  test('unlock clears the login throttle of an email, from every address', async () => {
    const email = 'locked@x.co.tz';
    const throttle = new LoginThrottle(env.platform.redis, env.config.queuePrefix, env.config.login);
    const failFrom = async (address: string) => {
      for (let i = 0; i < env.config.login.maxFailures; i++) await throttle.admit(email, address);
      await expect(throttle.admit(email, address)).rejects.toMatchObject({ status: 429, errorCode: 'LOGIN_THROTTLED' });
    };
    await failFrom('198.51.100.7');
    await failFrom('2001:db8::7');

    const json = expectSuccess(cli('accounts', 'unlock', '--email', 'Locked@X.co.tz'));
    expect(json).toEqual({ action: 'login-unlocked', email, emailCounters: 2, addressCounters: 0 });
    await expect(throttle.admit(email, '198.51.100.7')).resolves.toBeDefined();
    await expect(throttle.admit(email, '2001:db8::7')).resolves.toBeDefined();
  });

  test('unlock with --address also clears that address counters too', async () => {
    const throttle = new LoginThrottle(env.platform.redis, env.config.queuePrefix, env.config.login);
    const address = '203.0.113.9';
    // Failures for many emails put the address over its limit: an email with no failures of its own is still
    // checked there (a failed check answered 429), and once it has failed from there it is refused at once.
    for (let i = 0; i < env.config.login.addressMaxFailures; i++) await throttle.admit(`guess${i % 4}@x.co.tz`, address);
    expect((await throttle.admit('someone@x.co.tz', address)).refusal).toMatchObject({ status: 429 });
    await expect(throttle.admit('someone@x.co.tz', address)).rejects.toMatchObject({ status: 429 });

    const json = expectSuccess(cli('accounts', 'unlock', '--email', 'someone@x.co.tz', '--address', address));
    expect(json).toMatchObject({ action: 'login-unlocked', emailCounters: 1, addressCounters: 2 });
    // Both cleared: the address is under its limit again (a failure would be an ordinary 401).
    expect((await throttle.admit('someone@x.co.tz', address)).refusal).toBeNull();
  });

  test('unlock refuses an address that is not an IP address', () => {
    const result = cli('accounts', 'unlock', '--email', 'a@x.co.tz', '--address', 'example.com');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/not an IP address/);
  });

  test('list filters by role, status and email fragment, and limits', () => {
    for (const [email, role] of [
      ['ops-admin@x.co.tz', 'ADMIN'],
      ['ops-agent1@x.co.tz', 'SERVICE_AGENT'],
      ['ops-agent2@x.co.tz', 'SERVICE_AGENT'],
      ['other_agent@y.co.tz', 'SERVICE_AGENT'],
    ]) {
      expectSuccess(cli('accounts', 'create', '--email', email, '--password', PASSWORD, '--role', role));
    }
    expectSuccess(cli('accounts', 'disable', '--email', 'ops-agent2@x.co.tz'));

    const emails = (...args: string[]) => {
      const json = expectSuccess(cli('accounts', 'list', ...args));
      expect(json.action).toBe('accounts-listed');
      return { total: json.total, emails: json.accounts.map((a: { email: string }) => a.email) };
    };
    expect(emails('--role', 'SERVICE_AGENT')).toEqual({ total: 3, emails: ['ops-agent1@x.co.tz', 'ops-agent2@x.co.tz', 'other_agent@y.co.tz'] });
    expect(emails('--role', 'SERVICE_AGENT', '--status', 'DISABLED')).toEqual({ total: 1, emails: ['ops-agent2@x.co.tz'] });
    expect(emails('--email-contains', 'OPS-')).toEqual({ total: 3, emails: ['ops-admin@x.co.tz', 'ops-agent1@x.co.tz', 'ops-agent2@x.co.tz'] });
    // "_" is a LIKE wildcard: it is matched literally.
    expect(emails('--email-contains', 'r_a')).toEqual({ total: 1, emails: ['other_agent@y.co.tz'] });
    expect(emails('--role', 'SERVICE_AGENT', '--limit', '1')).toEqual({ total: 3, emails: ['ops-agent1@x.co.tz'] });

    const listed = expectSuccess(cli('accounts', 'list', '--email-contains', 'ops-admin')).accounts[0];
    expect(listed).toMatchObject({ email: 'ops-admin@x.co.tz', role: 'ADMIN', status: 'ACTIVE' });
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|password/i);
  });

  test.each([
    [['list', '--role', 'KING'], 1, /role must be one of/],
    [['list', '--status', 'ASLEEP'], 1, /status must be one of/],
    [['list', '--limit', '0'], 1, /limit must be from 1 to 200/],
    [['list', '--limit', 'many'], 2, /--limit must be from 1 to 200/],
  ])('list %j is refused', (args, status, message) => {
    const result = cli('accounts', ...args);
    expect(result.status).toBe(status);
    expect(result.stderr).toMatch(message);
  });
});
