import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestPlatform } from '../support/test-platform';
import { CachePeer, within } from '../support/cache-peer';
import type { Platform } from '../../shared/platform/platform.wiring';
import { AccountService } from '../../subgraphs/admin/services/account.service';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { AccountStatus } from '../../shared/auth/entities/account.entity';
import { InvalidationBus } from '../../shared/cache/invalidation-bus.service';
import { TokenService } from '../../shared/auth/token.service';
import { createRedis } from '../../shared/redis/redis.client';
import { sqlDuring } from '../support/sql-during';

/**
 * Verified tokens are cached per process; revocation, disabling an account and retiring a key reach another
 * process within a second over the invalidation bus, and a lost Redis link makes the cache step aside.
 */
let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
let accounts: AccountService;
let peer: CachePeer;
const measured: string[] = [];

beforeAll(async () => {
  env = await createTestPlatform();
  platform = env.platform;
  accounts = createAccountService(platform);
  peer = await CachePeer.start(env.config);
  platform.invalidations.start();
  await within(5_000, async () => platform.invalidations.trusted(), Boolean);
});

afterAll(async () => {
  await peer?.stop();
  await env?.close();
  if (measured.length) process.stderr.write(`invalidation reached the other process in: ${measured.join(', ')}\n`);
});

let counter = 0;
async function newAccount(role = 'CUSTOMER') {
  const email = `tc${++counter}-${randomUUID().slice(0, 8)}@example.co.tz`;
  const summary = await accounts.create({ email, password: 'correct horse battery', role });
  return { summary, email, token: await platform.tokens.issue(summary) };
}

const queriesDuring = (fn: () => Promise<unknown>) => sqlDuring(platform.dataSource, fn);

const acceptedHere = (token: string) =>
  platform.tokens.verify(token).then(
    () => true,
    () => false,
  );
const acceptedThere = async (token: string) => (await peer.send<{ accepted: boolean }>({ op: 'verify', token })).accepted;

test('a token is verified once per process: the second verification sends no SQL', async () => {
  const { token, summary } = await newAccount();
  const first = await queriesDuring(() => platform.tokens.verify(token));
  expect(first.some((q) => q.includes('access_token'))).toBe(true);
  let principal: unknown;
  expect(await queriesDuring(async () => (principal = await platform.tokens.verify(token)))).toEqual([]);
  expect(principal).toMatchObject({ accountId: summary.id, tokenId: decodeJwt(token).jti });
});

test('a forged token that names a cached jti is not served from the cache', async () => {
  const { token } = await newAccount();
  await platform.tokens.verify(token);
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url')}.${signature}`;
  await expect(platform.tokens.verify(forged)).rejects.toMatchObject({ errorCode: 'UNAUTHENTICATED' });
  await expect(platform.tokens.verify(token)).resolves.toBeDefined();
});

test('revoked in the other process, a token this process accepted is refused here within a second', async () => {
  const { token, email } = await newAccount();
  expect(await acceptedHere(token)).toBe(true);
  expect(await acceptedThere(token)).toBe(true);
  // Cached here: the next answer comes without the database.
  expect(await queriesDuring(() => acceptedHere(token))).toEqual([]);

  await peer.send({ op: 'revoke', email });
  const { elapsedMs } = await within(
    1_000,
    () => acceptedHere(token),
    (accepted) => !accepted,
  );
  measured.push(`revoke ${elapsedMs} ms`);
  expect(await acceptedThere(token)).toBe(false);
});

test('an account disabled in the other process is refused here within a second', async () => {
  const { token, email } = await newAccount('SERVICE_AGENT');
  expect(await acceptedHere(token)).toBe(true);
  expect(await acceptedThere(token)).toBe(true);

  await peer.send({ op: 'disable', email });
  const { elapsedMs } = await within(
    1_000,
    () => acceptedHere(token),
    (accepted) => !accepted,
  );
  measured.push(`disable ${elapsedMs} ms`);

  await accounts.setStatus(email, AccountStatus.ACTIVE);
  await within(1_000, () => acceptedThere(token), Boolean);
});

test('a key retired here is refused by the other process within a second', async () => {
  const { token: oldToken, summary } = await newAccount();
  const oldKid = decodeProtectedHeader(oldToken).kid as string;
  await platform.keys.rotate();
  const newToken = await platform.tokens.issue(summary);
  expect(await acceptedThere(oldToken)).toBe(true);
  expect(await acceptedThere(newToken)).toBe(true);

  await platform.keys.retire(oldKid);
  const { elapsedMs } = await within(
    1_000,
    () => acceptedThere(oldToken),
    (accepted) => !accepted,
  );
  measured.push(`retire key ${elapsedMs} ms`);
  // Only that key's tokens: the other one is still accepted.
  expect(await acceptedThere(newToken)).toBe(true);
});

test('when the invalidation link drops, cached tokens are no longer trusted (a revocation it missed is seen)', async () => {
  const { token } = await newAccount();
  await platform.tokens.verify(token);
  // Revoked behind the bus's back (as if its message were lost): the cache still answers, which is the point of it.
  await platform.dataSource.query('UPDATE access_token SET revoked_at = NOW(3) WHERE jti = ?', [decodeJwt(token).jti]);
  expect(await acceptedHere(token)).toBe(true);

  const admin = new Redis(env.config.redisUrl);
  try {
    const clients = String(await admin.client('LIST')).split('\n');
    const ours = clients.find((c) => c.includes(`name=${platform.invalidations.connectionName} `));
    expect(ours).toBeDefined();
    await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(ours!)![1]);
  } finally {
    admin.disconnect();
  }
  await within(
    1_000,
    () => acceptedHere(token),
    (accepted) => !accepted,
  );
  // The bus reconnects; what was cached before the drop is gone (messages may have been missed meanwhile),
  // and the cache works again for what is verified afterwards.
  await within(5_000, async () => platform.invalidations.trusted(), Boolean);
  expect(await acceptedHere(token)).toBe(false);
  const fresh = await newAccount();
  await platform.tokens.verify(fresh.token);
  expect(await queriesDuring(() => platform.tokens.verify(fresh.token))).toEqual([]);
});

test('with Redis unreachable nothing is cached: every verification is the full check', async () => {
  const deadRedis = createRedis('redis://127.0.0.1:1', 'request', { retryStrategy: () => null, lazyConnect: true });
  const bus = new InvalidationBus(deadRedis, 'redis://127.0.0.1:1', `${env.config.queuePrefix}:dead`, platform.logger);
  const tokens = new TokenService(platform.dataSource, platform.keys, platform.clock, env.config.publicBaseUrl, bus);
  try {
    const { token } = await newAccount();
    await expect(tokens.verify(token)).resolves.toBeDefined();
    expect(bus.trusted()).toBe(false);
    expect((await queriesDuring(() => tokens.verify(token))).some((q) => q.includes('access_token'))).toBe(true);
    await platform.dataSource.query('UPDATE access_token SET revoked_at = NOW(3) WHERE jti = ?', [decodeJwt(token).jti]);
    await expect(tokens.verify(token)).rejects.toMatchObject({ errorCode: 'UNAUTHENTICATED' });
  } finally {
    await bus.close();
    deadRedis.disconnect();
  }
});
