import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createTestPlatform } from '../support/test-platform';
import { within } from '../support/cache-peer';
import { sqlDuring } from '../support/sql-during';
import type { Platform } from '../../shared/platform/platform.wiring';
import { InvalidationBus } from '../../shared/cache/invalidation-bus.service';
import { WALLETS_TOPIC } from '../../shared/cache/invalidation-topics.contract';
import { createRedis } from '../../shared/redis/redis.client';
import { WalletLedger } from '../../shared/wallet/wallet-ledger.service';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import type Redis from 'ioredis';

/** Account → wallet currency from memory (issue 23, item 8): one read per account, forgotten when a wallet is opened. */
let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
/** Another process's ledger: its own bus on its own Redis connections, the same database. */
let otherRedis: Redis;
let otherBus: InvalidationBus;
let other: WalletLedger;

const WALLET_SQL = (query: string) => /\bwallet\b/.test(query);
const walletReadsDuring = (fn: () => Promise<unknown>) => sqlDuring(platform.dataSource, fn, WALLET_SQL);

async function agent(currency: string): Promise<string> {
  return (
    await createAccountService(platform).create({ email: `${randomUUID()}@wallets.test`, password: 'wallet password 1', role: 'THIRD_PARTY_AGENT', currency })
  ).id;
}

beforeAll(async () => {
  env = await createTestPlatform();
  platform = env.platform;
  otherRedis = createRedis(env.config.redisUrl, 'request');
  otherBus = new InvalidationBus(otherRedis, env.config.redisUrl, `${env.config.queuePrefix}:invalidations`, platform.logger);
  other = new WalletLedger(platform.dataSource, platform.clock, otherBus);
  platform.invalidations.start();
  otherBus.start();
  await within(5_000, async () => platform.invalidations.trusted() && otherBus.trusted(), Boolean);
});

afterAll(async () => {
  await otherBus?.close();
  otherRedis?.disconnect();
  await env?.close();
});

test("an account's wallet currency is read once, then answered from memory", async () => {
  const id = await agent('KES');
  expect(await walletReadsDuring(() => platform.ledger.currencyOf(id))).toHaveLength(1);
  expect(await walletReadsDuring(async () => expect(await platform.ledger.currencyOf(id)).toBe('KES'))).toEqual([]);
});

test('an account remembered without a wallet has one as soon as it is opened, in every process', async () => {
  const id = (await createAccountService(platform).create({ email: `${randomUUID()}@wallets.test`, password: 'wallet password 1', role: 'CUSTOMER' })).id;
  expect(await other.currencyOf(id)).toBeNull();
  expect(await platform.ledger.currencyOf(id)).toBeNull();
  await platform.dataSource.transaction((m) => platform.ledger.openWallet(m, id, 'UGX'));
  await platform.ledger.walletOpened(id);
  expect(await platform.ledger.currencyOf(id)).toBe('UGX');
  await within(
    1_000,
    () => other.currencyOf(id),
    (currency) => currency === 'UGX',
  );
});

test('opening an agent account tells every process', async () => {
  const heard: Array<string | undefined> = [];
  otherBus.listen(WALLETS_TOPIC, (key) => heard.push(key));
  const id = await agent('TZS');
  await within(
    1_000,
    async () => heard,
    (keys) => keys.includes(id),
  );
});

test('while the bus is not trusted every call reads the database', async () => {
  const deadRedis = createRedis('redis://127.0.0.1:1', 'request', { retryStrategy: () => null, lazyConnect: true });
  const deadBus = new InvalidationBus(deadRedis, 'redis://127.0.0.1:1', `${env.config.queuePrefix}:dead`, platform.logger);
  try {
    const untrusted = new WalletLedger(platform.dataSource, platform.clock, deadBus);
    const id = await agent('USD');
    expect(
      await walletReadsDuring(async () => {
        for (let i = 0; i < 3; i++) expect(await untrusted.currencyOf(id)).toBe('USD');
      }),
    ).toHaveLength(3);
  } finally {
    await deadBus.close();
    deadRedis.disconnect();
  }
});

test('the cache holds at most its bound of accounts, least recently used out', async () => {
  const bounded = new WalletLedger(platform.dataSource, platform.clock, platform.invalidations, 2);
  const [a, b, c] = [await agent('KES'), await agent('TZS'), await agent('RWF')];
  expect(
    await walletReadsDuring(async () => {
      for (const id of [a, b, c]) await bounded.currencyOf(id);
    }),
  ).toHaveLength(3);
  expect(await walletReadsDuring(() => bounded.currencyOf(c))).toEqual([]);
  expect(await walletReadsDuring(() => bounded.currencyOf(a))).toHaveLength(1);
});
