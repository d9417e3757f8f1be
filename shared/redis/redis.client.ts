import Redis, { Cluster, RedisOptions } from 'ioredis';
import type { RedisTopology } from '../config/redis-topology.config';
import type { Logger } from '../logging/logger';

/** A connection to the queue Redis: one server (REDIS_URL, or the primary Sentinel names) or a Redis Cluster. */
export type RedisClient = Redis | Cluster;

/** Where a client connects: REDIS_URL (its credentials, TLS and database) and the servers standing for its host, if any. */
export interface RedisTarget {
  url: string;
  topology: RedisTopology;
}

/**
 * A Redis connection for BullMQ and caches. BullMQ workers need maxRetriesPerRequest null;
 * request-path clients fail fast instead of queueing commands while Redis is down, and send the commands of
 * one event-loop turn in one write (ioredis auto-pipelining): concurrent searches each store their offers and
 * count their rate, and on these cores a socket write costs more than the command. Measured (issue 23,
 * alternating runs): Redis's CPU per flight search halved, the subgraphs' 5–11% lower. MULTI is not pipelined.
 * Every client of the platform is built here, so a cluster or Sentinel setting reaches queues, caches and pub/sub alike.
 */
export function createRedis(target: string, purpose: 'queue' | 'request', extra?: RedisOptions): Redis;
export function createRedis(target: string | RedisTarget, purpose: 'queue' | 'request', extra?: RedisOptions): RedisClient;
export function createRedis(target: string | RedisTarget, purpose: 'queue' | 'request', extra: RedisOptions = {}): RedisClient {
  const options: RedisOptions = {
    lazyConnect: false,
    maxRetriesPerRequest: purpose === 'queue' ? null : 1,
    enableOfflineQueue: purpose === 'queue',
    enableAutoPipelining: purpose === 'request',
    connectTimeout: 5000,
    retryStrategy: reconnectDelay,
    ...extra,
  };
  const { url, topology } = typeof target === 'string' ? { url: target, topology: { kind: 'single' } as RedisTopology } : target;
  if (topology.kind === 'single') return new Redis(url, options);
  const { lazyConnect, enableOfflineQueue, enableAutoPipelining, retryStrategy, ...perNode } = options;
  const fromUrl = urlCredentials(url);
  if (topology.kind === 'sentinel') {
    // ioredis asks the sentinels for the primary after every disconnect; the failover detector also listens for
    // +switch-master, so a client leaves a demoted primary at once instead of meeting READONLY errors.
    const { auth } = topology;
    return new Redis({
      ...options,
      ...fromUrl,
      sentinels: topology.sentinels,
      name: topology.name,
      sentinelRetryStrategy: reconnectDelay,
      failoverDetector: true,
      // Without it ioredis drops REDIS_URL's TLS (rediss:) for the primary the sentinels name.
      enableTLSForSentinelMode: fromUrl.tls !== undefined,
      sentinelUsername: auth.username ?? undefined,
      sentinelPassword: auth.password?.value(),
      sentinelTLS: auth.tls ? {} : undefined,
    });
  }
  // A cluster has one slot map: the per-node options go in redisOptions, the queueing and retry ones on the Cluster.
  return new Cluster(topology.nodes, {
    lazyConnect,
    enableOfflineQueue,
    enableAutoPipelining,
    clusterRetryStrategy: retryStrategy,
    // A cluster has database 0 only.
    redisOptions: { ...perNode, ...fromUrl, db: 0 },
  });
}

const reconnectDelay = (times: number): number => Math.min(times * 200, 5000);

/** The password, user, database and TLS of REDIS_URL, for the servers a cluster or Sentinel names instead of its host. */
function urlCredentials(url: string): Pick<RedisOptions, 'username' | 'password' | 'db' | 'tls'> {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.slice(1) || '0');
  return {
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

/** BullMQ loses jobs when Redis evicts keys: say so loudly at start (BullMQ production checklist). Only for the queue Redis (REDIS_URL). */
export async function warnUnlessNoEviction(redis: RedisClient, logger: Logger): Promise<void> {
  try {
    // On a cluster each primary has its own setting, and any of them may hold the queues.
    for (const server of await primaries(redis)) {
      const policy = await memorySetting(server, 'maxmemory-policy');
      if (policy !== 'noeviction') {
        logger.warn('Redis maxmemory-policy is not noeviction: queued jobs can be evicted and lost', {
          policy,
          server: `${server.options.host}:${server.options.port}`,
        });
      }
    }
  } catch (error) {
    logger.warn('could not read Redis maxmemory-policy; make sure it is noeviction', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The cache Redis (CACHE_REDIS_URL, when it is its own server) holds only keys that may go: with a memory
 * limit and `noeviction` it refuses writes once full, and every flight search fails with 503 instead of
 * an old cache entry making room. Without a limit it grows until the host runs out: both are worth a line.
 */
export async function warnIfCacheRefusesWrites(redis: RedisClient, logger: Logger): Promise<void> {
  try {
    const [policy, maxmemory] = await Promise.all([memorySetting(redis, 'maxmemory-policy'), memorySetting(redis, 'maxmemory')]);
    if (Number(maxmemory) === 0) {
      logger.warn('the cache Redis has no maxmemory: it grows with the search rate until the host runs out (see docs/operating.md, Redis)', { policy });
    } else if (policy === 'noeviction') {
      logger.warn('the cache Redis refuses writes when full (maxmemory-policy noeviction): searches then fail with 503; use allkeys-lru', { maxmemory });
    }
  } catch (error) {
    logger.warn('could not read the cache Redis memory settings', { reason: error instanceof Error ? error.message : String(error) });
  }
}

async function memorySetting(redis: RedisClient, name: 'maxmemory-policy' | 'maxmemory'): Promise<string | undefined> {
  const reply = (await redis.config('GET', name)) as string[];
  return reply?.[1];
}

/**
 * The keys matching a pattern, at most `limit`: SCAN on one server, on every primary of a cluster (a cluster's SCAN
 * answers for the one node it reaches). For operators' listings and tests, never a request path.
 */
export async function scanKeys(client: RedisClient, pattern: string, limit: number): Promise<string[]> {
  const found = new Set<string>();
  for (const server of await primaries(client)) {
    let cursor = '0';
    do {
      const [next, keys] = await server.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      for (const key of keys) if (found.size < limit) found.add(key);
      cursor = next;
    } while (cursor !== '0' && found.size < limit);
  }
  return [...found];
}

/** The one server, or every primary of a cluster (known once the cluster has read its slot map). */
async function primaries(client: RedisClient): Promise<Redis[]> {
  if (!(client instanceof Cluster)) return [client];
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client.nodes('master');
}

/**
 * Resolves once `redis` is ready (connected, handshake and ready check done), or rejects after `timeoutMs`. A
 * subscriber must wait for it before its first SUBSCRIBE: ioredis writes a SUBSCRIBE at once while the connection is
 * still in its handshake, the server then refuses the ready check's INFO on a subscribed connection, and ioredis drops
 * the connection and fails the queued commands (redis/ioredis#2037).
 */
export async function whenReady(redis: RedisClient, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis not ready within ${timeoutMs} ms (status ${redis.status})`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
