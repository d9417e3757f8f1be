import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { LoginConfig } from '../../../shared/config/platform.config';
import { AppError, PlatformErrorCode, PlatformException } from '../../../shared/errors/app-error.exception';
import { throttleAddress } from '../../../shared/http/client-address.reader';

/** An attempt admitted by the throttle, waiting for the outcome of its password check. */
export interface LoginAttempt {
  /** The right password: this email's failures from this address are forgotten, the address keeps its others. */
  succeeded(): Promise<void>;
  /** The password was never checked (too busy): the failures this attempt reserved are handed back. */
  unchecked(): Promise<void>;
}

/**
 * The throttling rules of POST /api/logon, in Redis (rate-limiter-flexible), shared by every admin
 * process. Failures count per (email, client address) and per client address, never per email
 * alone: a stranger's guesses throttle the stranger's address, not the agent who owns the email.
 * Every attempt also counts against a per-address attempt limit that is checked before any hashing.
 */
export class LoginThrottle {
  private readonly attempts: RateLimiterRedis;
  private readonly pairFailures: RateLimiterRedis;
  private readonly addressFailures: RateLimiterRedis;
  private readonly pairIndexPrefix: string;
  private readonly pairIndexSeconds: number;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    limits: LoginConfig,
  ) {
    const limiter = (name: string, points: number, duration: number) =>
      // Without Redis a rule cannot be enforced: fail at once (503) rather than wait or let it through.
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}:login-${name}`, points, duration, rejectIfRedisNotReady: true });
    this.attempts = limiter('attempts', limits.addressMaxAttempts, limits.addressAttemptWindowSeconds);
    this.pairFailures = limiter('failures', limits.maxFailures, limits.failureWindowSeconds);
    this.addressFailures = limiter('address-failures', limits.addressMaxFailures, limits.addressFailureWindowSeconds);
    // Which (email, address) counters an email has, so an operator can clear them knowing only the email.
    this.pairIndexPrefix = `${keyPrefix}:login-failure-pairs`;
    this.pairIndexSeconds = limits.failureWindowSeconds;
  }

  /**
   * Counts the attempt, and reserves it as a failure, before the password is checked: concurrent
   * guesses cannot all slip in under a limit. Throws 429 LOGIN_THROTTLED when a rule is over.
   */
  async admit(email: string, clientAddress: string): Promise<LoginAttempt> {
    const address = throttleAddress(clientAddress);
    const pair = pairKey(email, address);
    await this.take(this.attempts, address, 'Too many login attempts from this address: wait and try again');
    const index = this.pairIndexKey(email);
    await redisCall(() => this.redis.multi().sadd(index, pair).expire(index, this.pairIndexSeconds).exec());
    await this.take(this.pairFailures, pair, 'Too many failed logins for this email: wait and try again');
    await this.take(this.addressFailures, address, 'Too many failed logins from this address: wait and try again');
    return {
      succeeded: () => redisCall(() => Promise.all([this.pairFailures.delete(pair), this.addressFailures.reward(address, 1)])),
      unchecked: () => redisCall(() => Promise.all([this.pairFailures.reward(pair, 1), this.addressFailures.reward(address, 1)])),
    };
  }

  /**
   * The operator's unlock (`npm run accounts -- unlock`): forgets this email's failures from every address. With an
   * address, that address's own counters (failures for any email, attempts) are cleared too.
   */
  async unlock(email: string, clientAddress?: string): Promise<{ emailCounters: number; addressCounters: number }> {
    const index = this.pairIndexKey(email);
    const pairs = new Set(await this.redis.smembers(index));
    const address = clientAddress === undefined ? undefined : throttleAddress(clientAddress);
    if (address !== undefined) pairs.add(pairKey(email, address));
    const cleared = await Promise.all([...pairs].map((pair) => this.pairFailures.delete(pair)));
    await this.redis.del(index);
    const addressCleared = address === undefined ? [] : await Promise.all([this.addressFailures.delete(address), this.attempts.delete(address)]);
    return { emailCounters: cleared.filter(Boolean).length, addressCounters: addressCleared.filter(Boolean).length };
  }

  private pairIndexKey(email: string): string {
    return `${this.pairIndexPrefix}:${createHash('sha256').update(email).digest('hex')}`;
  }

  private async take(limiter: RateLimiterRedis, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) throw loginUnavailable();
      throw new AppError(PlatformErrorCode.LOGIN_THROTTLED, 429, message, {
        retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)),
      });
    }
  }
}

/** Hashed, so that Redis holds no email addresses. */
function pairKey(email: string, address: string): string {
  return createHash('sha256').update(`${email}\n${address}`).digest('hex');
}

/** Throttling is a safety rule: without Redis, login is unavailable rather than unthrottled. */
function loginUnavailable(): AppError {
  return PlatformException.unavailable('Login is temporarily unavailable');
}

async function redisCall(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch {
    throw loginUnavailable();
  }
}
