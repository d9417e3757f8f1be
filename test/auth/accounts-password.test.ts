import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AccountEntity } from '../../shared/auth/entities/account.entity';
import { verifyPassword } from '../../shared/auth/password.service';
import { childEnv, createTestPlatform } from '../support/test-platform';

const REPO = path.resolve(__dirname, '..', '..', '..');
const PASSWORD = 'a secret nobody may read 7';

let env: Awaited<ReturnType<typeof createTestPlatform>>;

beforeAll(async () => {
  env = await createTestPlatform();
});
afterAll(() => env?.close());

/** `npm run accounts -- …` as an operator types it, the password piped in; everything npm and the CLI print. */
function npmAccounts(args: string[], input: string) {
  const result = spawnSync('npm', ['run', 'accounts', '--', ...args], { cwd: REPO, input, encoding: 'utf8', env: childEnv(env.config) });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, stdout: result.stdout };
}

const storedHash = async (email: string) => (await env.platform.dataSource.getRepository(AccountEntity).findOneByOrFail({ email })).passwordHash;

describe('accounts create: the password never on a command line or in a log', () => {
  it('--password-stdin takes it from standard input: not in npm banner, nor in any output line', async () => {
    const run = npmAccounts(['create', '--email', 'stdin@x.co.tz', '--password-stdin', '--role', 'CUSTOMER'], `${PASSWORD}\n`);
    expect(run.status).toBe(0);
    // npm echoes the command it runs: the banner is there, the password is not.
    expect(run.output).toMatch(/built\.cjs accounts create --email stdin@x\.co\.tz --password-stdin --role CUSTOMER/);
    expect(run.output).not.toContain(PASSWORD);
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toMatchObject({ action: 'account-created' });
    // The trailing newline of the pipe is not part of the password.
    await expect(verifyPassword(PASSWORD, await storedHash('stdin@x.co.tz'))).resolves.toBe(true);
  });

  it('refuses a password it cannot accept without printing it', () => {
    const short = 'short pw';
    const run = npmAccounts(['create', '--email', 'short-stdin@x.co.tz', '--password-stdin', '--role', 'CUSTOMER'], short);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/at least 10 characters/);
    expect(run.output).not.toContain(short);
  });

  it('refuses an empty standard input, and asks for --password-stdin when none is given off a terminal', () => {
    const empty = npmAccounts(['create', '--email', 'empty@x.co.tz', '--password-stdin', '--role', 'CUSTOMER'], '');
    expect(empty.status).toBe(2);
    expect(empty.output).toMatch(/standard input was empty/);

    const none = npmAccounts(['create', '--email', 'none@x.co.tz', '--role', 'CUSTOMER'], '');
    expect(none.status).toBe(2);
    expect(none.output).toMatch(/pipe it in with --password-stdin/);
  });

  it('documents only the form without the password on the command line', () => {
    for (const file of ['README.md', 'docs/operating.md', 'docs/payments.md']) {
      const text = readFileSync(path.join(REPO, file), 'utf8');
      const creates = text.split('\n').filter((line) => /npm run accounts -- create/.test(line));
      expect([file, creates.filter((line) => /--password(?!-stdin)/.test(line))]).toEqual([file, []]);
    }
  });
});
