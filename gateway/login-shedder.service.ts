import type { RedisClient } from '../shared/redis/redis.client';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { LoginConfig } from '../shared/config/platform.config';
import { loginAttemptsLimiter } from '../shared/auth/login-attempts.limiter';
import { throttleAddress } from '../shared/http/client-address.reader';

/**
 * A cheap first line in front of the admin subgraph's login throttle (which stays the authority): the gateway reads
 * the throttle's own per-address attempt counter in Redis and answers an address already over its budget with 429
 * itself. A flood from one address then costs one Redis GET per request instead of a REST translation, a subgraph
 * call and the throttle's round trips. The counter is the throttle's, not this process's: every gateway replica
 * sees the same window, and `accounts unlock --address` reopens it for all of them at once.
 */
export class LoginShedder {
  private readonly attempts: RateLimiterRedis;

  constructor(
    redis: RedisClient,
    queuePrefix: string,
    private readonly limits: Pick<LoginConfig, 'addressMaxAttempts' | 'addressAttemptWindowSeconds'>,
  ) {
    this.attempts = loginAttemptsLimiter(redis, queuePrefix, limits);
  }

  /** Null when the attempt may go on; otherwise the seconds until this address may try again. */
  async admit(clientAddress: string): Promise<number | null> {
    let window;
    try {
      window = await this.attempts.get(throttleAddress(clientAddress));
    } catch {
      // The admin subgraph's throttle decides then, and answers 503 without Redis.
      return null;
    }
    if (!window || window.consumedPoints < this.limits.addressMaxAttempts) return null;
    return Math.max(1, Math.ceil(window.msBeforeNext / 1000));
  }
}
