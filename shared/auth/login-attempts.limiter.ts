import type { RedisClient } from '../redis/redis.client';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { LoginConfig } from '../config/login.config';

/**
 * The per-address login attempt window, in Redis: the admin subgraph's throttle counts in it, every gateway process
 * reads it (login-shedder.service.ts), and `accounts unlock --address` clears it, for every process at once.
 */
export function loginAttemptsLimiter(
  redis: RedisClient,
  queuePrefix: string,
  limits: Pick<LoginConfig, 'addressMaxAttempts' | 'addressAttemptWindowSeconds'>,
): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${queuePrefix}:login-attempts`,
    points: limits.addressMaxAttempts,
    duration: limits.addressAttemptWindowSeconds,
    // Without Redis a rule cannot be enforced: fail at once rather than wait or let it through.
    rejectIfRedisNotReady: true,
  });
}
