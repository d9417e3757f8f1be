import { randomBytes } from 'node:crypto';
import { Cluster } from 'ioredis';
import { InvalidationBus } from '../../shared/cache/invalidation-bus.service';
import { WorkerHost } from '../../shared/queue/worker-host.service';
import { createRedis, warnUnlessNoEviction } from '../../shared/redis/redis.client';
import { createLogger } from '../../shared/logging/logger';
import { SearchRateLimiter } from '../../shared/rate-limit/search-rate-limiter.service';
import { LivePublisher } from '../../shared/live/live-publisher.service';
import { accountChannel, type LiveBookingUpdate } from '../../shared/live/live-update.contract';
import { LiveChannelHub } from '../../gateway/live/live-channel.hub';
import { startRedisCluster, type RedisCluster } from '../support/redis-server';
import { createTestPlatform } from '../support/test-platform';
import { waitFor } from '../support/wait';

jest.setTimeout(60_000);

/**
 * The platform on a real Redis Cluster of three primaries (issue 27 item 4): a hash-tag prefix puts every key of a
 * queue, a rate limit or an offer search in one slot, the queue listing finds queues on whichever primary holds them,
 * and pub/sub crosses clients connected to different nodes.
 */
describe('Redis Cluster (three redis-server processes)', () => {
  let cluster: RedisCluster;
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let workers: WorkerHost | undefined;

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
    env = await createTestPlatform({
      REDIS_URL: cluster.servers[0].url,
      REDIS_CLUSTER_NODES: cluster.nodes.join(','),
      QUEUE_PREFIX: `{t_${process.pid}_${randomBytes(3).toString('hex')}}`,
    });
  });

  afterAll(async () => {
    await workers?.close();
    await env?.close();
    await cluster?.stop();
  });

  it('connects the queues, caches and request clients as a cluster', () => {
    expect(env.platform.queueRedis).toBeInstanceOf(Cluster);
    expect(env.platform.redis).toBeInstanceOf(Cluster);
    expect(env.platform.cacheRedis).toBe(env.platform.redis);
  });

  it('enqueues and processes a BullMQ job under the hash-tag prefix, and lists the queues', async () => {
    const { platform, config } = env;
    const seen: unknown[] = [];
    workers = new WorkerHost(platform.queueRedis, config.queuePrefix, platform.logger);
    workers.start([{ queue: 'cluster-check', name: 'echo', process: async (payload) => void seen.push(payload) }]);
    await platform.queues.get('cluster-check').add('echo', { n: 1 });
    await platform.queues.get('cluster-other').add('idle', {});
    await waitFor(
      async () => seen,
      (s) => s.length === 1,
      20_000,
    );
    expect(seen).toEqual([{ n: 1 }]);
    expect(await platform.queues.existingNames()).toEqual(['cluster-check', 'cluster-other']);
  });

  it('warns at start when any primary may evict queued jobs', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', {}, (line) => lines.push(line));
    await warnUnlessNoEviction(env.platform.queueRedis, logger);
    expect(lines).toEqual([]);
    const evicting = cluster.servers[2];
    const admin = createRedis(evicting.url, 'queue');
    try {
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      await warnUnlessNoEviction(env.platform.queueRedis, logger);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ policy: 'allkeys-lru', server: `127.0.0.1:${evicting.port}` });
    } finally {
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      admin.disconnect();
    }
  });

  it('keeps the search rate in the cluster (its Lua script runs there) and reads keys of one feature together', async () => {
    const { platform, config } = env;
    const limiter = new SearchRateLimiter('flight', platform);
    const key = `${config.queuePrefix}:search-rate:account-1`;
    // A limiter that could not run its script in Redis would decide in the process and leave no key; one whose answer
    // came after its 500 ms bound (a loaded machine) does the same once, hence the retries.
    const stored = async () => {
      await limiter.admit('account-1');
      return platform.cacheRedis.exists(key);
    };
    await waitFor(stored, (count) => count === 1, 20_000);
    // Two keys in one command: a cluster refuses it across slots (CROSSSLOT), the hash-tag prefix keeps them in one.
    await expect(platform.redis.mget(`${config.queuePrefix}:a`, `${config.queuePrefix}:b`)).resolves.toEqual([null, null]);
  });

  it('carries a cache invalidation between two clients', async () => {
    const { platform, config } = env;
    const other = createRedis({ url: config.redisUrl, topology: config.redisTopology }, 'request');
    const bus = new InvalidationBus(other, { url: config.redisUrl, topology: config.redisTopology }, `${config.queuePrefix}:invalidations`, platform.logger);
    try {
      const heard: Array<string | undefined> = [];
      bus.listen('cluster-topic', (key) => heard.push(key));
      await waitFor(
        async () => bus.trusted(),
        (trusted) => trusted,
        20_000,
      );
      await platform.invalidations.publish('cluster-topic', 'k1');
      await waitFor(
        async () => heard,
        (h) => h.includes('k1'),
        20_000,
      );
    } finally {
      await bus.close();
      other.disconnect();
    }
  });

  it('carries a live update from a publisher to the gateway hub', async () => {
    const { platform, config } = env;
    const hub = new LiveChannelHub({ url: config.redisUrl, topology: config.redisTopology }, config.queuePrefix, platform.logger);
    try {
      const heard: LiveBookingUpdate[] = [];
      await hub.listen(accountChannel(config.queuePrefix, 'account-7'), (update) => heard.push(update));
      const update: LiveBookingUpdate = {
        eventId: 'e1',
        eventType: 'booking.confirmed',
        accountId: 'account-7',
        kind: 'FLIGHT',
        bookingId: 'b1',
        status: 'CONFIRMED',
        occurredAt: new Date(0).toISOString(),
      };
      await new LivePublisher(platform.redis, config.queuePrefix).publish(update);
      await waitFor(
        async () => heard,
        (h) => h.length === 1,
        20_000,
      );
      expect(heard[0]).toEqual(update);
    } finally {
      await hub.close();
    }
  });
});
