import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { loadConfig } from '../../shared/config/platform.config';
import { createRedis, type RedisTarget, whenReady } from '../../shared/redis/redis.client';
import { startRedisSentinel, type RedisSentinelSetup } from '../support/redis-server';
import { waitFor } from '../support/wait';

jest.setTimeout(60_000);

/**
 * The platform's client through a real Sentinel (issue 27 item 4): one primary, one replica and one sentinel started by
 * the test. After `SENTINEL FAILOVER` the client finds the promoted replica and its queue keeps working.
 */
describe('Redis Sentinel (primary, replica and sentinel processes)', () => {
  let setup: RedisSentinelSetup;
  let target: RedisTarget;
  const prefix = `{t_${process.pid}_${randomBytes(3).toString('hex')}}`;

  beforeAll(async () => {
    setup = await startRedisSentinel();
    const config = loadConfig({
      NODE_ENV: 'test',
      REDIS_URL: setup.primary.url,
      REDIS_SENTINELS: `127.0.0.1:${setup.sentinel.port}`,
      REDIS_SENTINEL_NAME: setup.name,
      QUEUE_PREFIX: prefix,
    });
    target = { url: config.redisUrl, topology: config.redisTopology };
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('connects through the sentinel and follows a failover to the promoted replica', async () => {
    const client = createRedis(target, 'queue') as Redis;
    const worker = createRedis(target, 'queue') as Redis;
    client.on('error', () => undefined);
    worker.on('error', () => undefined);
    const queue = new Queue('sentinel-check', { connection: client, prefix });
    const seen: number[] = [];
    const consumer = new Worker('sentinel-check', async (job) => void seen.push(job.data.n as number), { connection: worker, prefix });
    try {
      await client.set(`${prefix}:before`, '1');
      expect(await serverPort(client)).toBe(setup.primary.port);
      await queue.add('n', { n: 1 });
      await waitFor(
        async () => seen,
        (s) => s.includes(1),
        20_000,
      );

      await failover(setup);
      await waitFor(
        () => setup.primaryPort(),
        (port) => port === setup.replica.port,
        30_000,
      );

      // The client answers from the new primary: a write succeeds there and what was written before is there too.
      await waitFor(
        () => serverPort(client).catch(() => null),
        (port) => port === setup.replica.port,
        30_000,
      );
      await waitFor(
        () =>
          client.set(`${prefix}:after`, '2').then(
            () => 'written',
            (error: Error) => error.message,
          ),
        (outcome) => outcome === 'written',
        30_000,
      );
      expect(await client.get(`${prefix}:before`)).toBe('1');
      await queue.add('n', { n: 2 });
      await waitFor(
        async () => seen,
        (s) => s.includes(2),
        30_000,
      );
    } finally {
      await consumer.close();
      await queue.close();
      client.disconnect();
      worker.disconnect();
    }
  });
});

describe('a Sentinel that requires a password of its own', () => {
  const password = `sentinel-${randomBytes(6).toString('hex')}`;
  let setup: RedisSentinelSetup;
  const targetWith = (extra: Record<string, string>): RedisTarget => {
    const config = loadConfig({
      NODE_ENV: 'test',
      REDIS_URL: setup.primary.url,
      REDIS_SENTINELS: `127.0.0.1:${setup.sentinel.port}`,
      REDIS_SENTINEL_NAME: setup.name,
      QUEUE_PREFIX: `{t_${process.pid}}`,
      ...extra,
    });
    return { url: config.redisUrl, topology: config.redisTopology };
  };

  beforeAll(async () => {
    setup = await startRedisSentinel('safiri-auth', { sentinelPassword: password });
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('reaches the primary with REDIS_SENTINEL_PASSWORD, and is refused by the sentinel without it', async () => {
    const withPassword = createRedis(targetWith({ REDIS_SENTINEL_PASSWORD: password }), 'request') as Redis;
    withPassword.on('error', () => undefined);
    try {
      await whenReady(withPassword, 10_000);
      expect(await withPassword.set(`{t_${process.pid}}:auth`, 'ok')).toBe('OK');
      expect(await serverPort(withPassword)).toBe(setup.primary.port);
    } finally {
      withPassword.disconnect();
    }
    const errors: string[] = [];
    const without = createRedis(targetWith({}), 'request', { maxRetriesPerRequest: 0 }) as Redis;
    without.on('error', (error: Error) => errors.push(error.message));
    try {
      await expect(without.ping()).rejects.toThrow();
      await waitFor(
        async () => errors.join('\n'),
        (all) => /NOAUTH|Authentication required|All sentinels are unreachable/i.test(all),
        10_000,
      );
    } finally {
      without.disconnect();
    }
  });
});

/** The TCP port of the server a client is on now, as that server reports it (INFO server). */
async function serverPort(client: Redis): Promise<number> {
  const info = await client.info('server');
  return Number(/tcp_port:(\d+)/.exec(info)?.[1]);
}

/** SENTINEL FAILOVER, retried while the sentinel still says no good replica is known (it learns the replica's state by polling). */
async function failover(setup: RedisSentinelSetup): Promise<void> {
  const sentinel = createRedis(setup.sentinel.url, 'request');
  try {
    await waitFor(
      () =>
        sentinel.call('SENTINEL', 'FAILOVER', setup.name).then(
          () => 'started',
          (error: Error) => error.message,
        ),
      (outcome) => outcome === 'started',
      30_000,
    );
  } finally {
    sentinel.disconnect();
  }
}
