import Redis, { RedisOptions } from 'ioredis';
import type { Logger } from '../logging/logger';

/**
 * A Redis connection for BullMQ and caches. BullMQ workers need maxRetriesPerRequest null;
 * request-path clients fail fast instead of queueing commands while Redis is down, and send the commands of
 * one event-loop turn in one write (ioredis auto-pipelining): concurrent searches each store their offers and
 * count their rate, and on these cores a socket write costs more than the command. Measured (issue 23,
 * alternating runs): Redis's CPU per flight search halved, the subgraphs' 5–11% lower. MULTI is not pipelined.
 */
export function createRedis(url: string, purpose: 'queue' | 'request', extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: purpose === 'queue' ? null : 1,
    enableOfflineQueue: purpose === 'queue',
    enableAutoPipelining: purpose === 'request',
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
    ...extra,
  });
}

/** BullMQ loses jobs when Redis evicts keys: say so loudly at start (BullMQ production checklist). Only for the queue Redis (REDIS_URL). */
export async function warnUnlessNoEviction(redis: Redis, logger: Logger): Promise<void> {
  try {
    const policy = await memorySetting(redis, 'maxmemory-policy');
    if (policy !== 'noeviction') {
      logger.warn('Redis maxmemory-policy is not noeviction: queued jobs can be evicted and lost', { policy });
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
export async function warnIfCacheRefusesWrites(redis: Redis, logger: Logger): Promise<void> {
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

async function memorySetting(redis: Redis, name: 'maxmemory-policy' | 'maxmemory'): Promise<string | undefined> {
  const reply = (await redis.config('GET', name)) as string[];
  return reply?.[1];
}
