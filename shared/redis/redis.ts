import Redis, { RedisOptions } from 'ioredis';
import type { Logger } from '../logging/logger';

/**
 * A Redis connection for BullMQ and caches. BullMQ workers need maxRetriesPerRequest null;
 * request-path clients fail fast instead of queueing commands while Redis is down.
 */
export function createRedis(url: string, purpose: 'queue' | 'request', extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: purpose === 'queue' ? null : 1,
    enableOfflineQueue: purpose === 'queue',
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
    ...extra,
  });
}

/** BullMQ loses jobs when Redis evicts keys: say so loudly at start (BullMQ production checklist). */
export async function warnUnlessNoEviction(redis: Redis, logger: Logger): Promise<void> {
  try {
    const reply = (await redis.config('GET', 'maxmemory-policy')) as string[];
    const policy = reply?.[1];
    if (policy !== 'noeviction') {
      logger.warn('Redis maxmemory-policy is not noeviction: queued jobs can be evicted and lost', { policy });
    }
  } catch (error) {
    logger.warn('could not read Redis maxmemory-policy; make sure it is noeviction', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}
