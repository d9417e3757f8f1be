import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { createTestPlatform } from '../support/test-platform';
import type { Platform } from '../../shared/platform/platform.wiring';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { TokenService } from '../../shared/auth/token.service';

/**
 * Tokens carry no expiry, so ACCESS_TOKEN_IDLE_DAYS (default 90) ends a token nobody used for that long: without it
 * every token ever issued would have to be kept (issue 23, retention). A token in use records its last use at most
 * once a day and never lapses.
 */
let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
const DAY = 86_400_000;

beforeAll(async () => {
  env = await createTestPlatform();
  platform = env.platform;
});
afterAll(() => env.close());

async function issued(): Promise<{ token: string; jti: string }> {
  const account = await createAccountService(platform).create({
    email: `idle-${randomUUID().slice(0, 8)}@example.co.tz`,
    password: 'correct horse battery',
    role: 'CUSTOMER',
  });
  const token = await platform.tokens.issue(account);
  return { token, jti: decodeJwt(token).jti! };
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const lastUsedAt = async (jti: string): Promise<Date | null> =>
  ((await platform.dataSource.query('SELECT last_used_at FROM access_token WHERE jti = ?', [jti])) as Array<{ last_used_at: Date | null }>)[0].last_used_at;

test('a token never used for ACCESS_TOKEN_IDLE_DAYS (90 by default) is refused: log in again', async () => {
  expect(env.config.accessTokenIdleDays).toBe(90);
  const { token, jti } = await issued();
  await platform.dataSource.query('UPDATE access_token SET issued_at = ? WHERE jti = ?', [daysAgo(91), jti]);
  await expect(platform.tokens.verify(token)).rejects.toMatchObject({ status: 401, errorMessage: expect.stringMatching(/lapsed after going unused/) });
});

test('a token last used within the idle lifetime works, and its use is recorded (at most once a day)', async () => {
  const { token, jti } = await issued();
  await platform.dataSource.query('UPDATE access_token SET issued_at = ?, last_used_at = ? WHERE jti = ?', [daysAgo(200), daysAgo(89), jti]);
  await expect(platform.tokens.verify(token)).resolves.toMatchObject({ tokenId: jti });
  expect((await lastUsedAt(jti))!.getTime()).toBeGreaterThan(daysAgo(1).getTime());

  // Used today: a fresh token's first verifications write nothing.
  const fresh = await issued();
  await platform.tokens.verify(fresh.token);
  expect(await lastUsedAt(fresh.jti)).toBeNull();
});

test('ACCESS_TOKEN_IDLE_DAYS=0: tokens never lapse', async () => {
  const { token, jti } = await issued();
  await platform.dataSource.query('UPDATE access_token SET issued_at = ? WHERE jti = ?', [daysAgo(3000), jti]);
  const never = new TokenService(platform.dataSource, platform.keys, platform.clock, env.config.publicBaseUrl, platform.invalidations, null);
  await expect(never.verify(token)).resolves.toMatchObject({ tokenId: jti });
});
