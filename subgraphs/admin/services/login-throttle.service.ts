import { createHash } from 'node:crypto';
import type { RedisClient } from '../../../shared/redis/redis.client';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { LoginConfig } from '../../../shared/config/platform.config';
import { AppError, PlatformErrorCode, PlatformException } from '../../../shared/errors/app-error.exception';
import { loginAttemptsLimiter } from '../../../shared/auth/login-attempts.limiter';
import { throttleAddress } from '../../../shared/http/client-address.reader';

const ATTEMPTS_MESSAGE = 'Too many login attempts from this address: wait and try again';
const PAIR_MESSAGE = 'Too many failed logins for this email: wait and try again';
const ADDRESS_MESSAGE = 'Too many failed logins from this address: wait and try again';

/** An attempt admitted by the throttle, waiting for the outcome of its password check. */
export interface LoginAttempt {
  /** The right password: this email's failures from this address are forgotten, the address keeps its others. */
  succeeded(): Promise<void>;
  /** The password was never checked (too busy): the failures this attempt reserved are handed back. */
  unchecked(): Promise<void>;
  /**
   * How a failed check is answered when the address is over its failure limit: 429, like an attempt that was not
   * checked, so the address learns nothing but a success. Null: the ordinary 401.
   */
  readonly refusal: AppError | null;
}

/**
 * The throttling rules of POST /api/logon, in Redis (rate-limiter-flexible), shared by every admin and gateway
 * process. Failures count per (email, client address) and per client address, never per email alone: a stranger's
 * guesses throttle the stranger's address, not the agent who owns the email. An address over its failure limit
 * (an office NAT where someone sprays) still has the password checked for an email with no failures of its own
 * from there: a right one logs in, a wrong one is refused (429) and that email is then refused from there too.
 * Every attempt also counts against a per-address attempt limit that is checked before any hashing.
 */
export class LoginThrottle {
  private readonly attempts: RateLimiterRedis;
  private readonly pairFailures: RateLimiterRedis;
  private readonly addressFailures: RateLimiterRedis;
  private readonly pairIndexPrefix: string;
  private readonly pairIndexSeconds: number;

  constructor(
    private readonly redis: RedisClient,
    keyPrefix: string,
    limits: LoginConfig,
  ) {
    const limiter = (name: string, points: number, duration: number) =>
      // Without Redis a rule cannot be enforced: fail at once (503) rather than wait or let it through.
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}:login-${name}`, points, duration, rejectIfRedisNotReady: true });
    this.attempts = loginAttemptsLimiter(redis, keyPrefix, limits);
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
    throwIfOver(await this.consume(this.attempts, address), ATTEMPTS_MESSAGE);
    const index = this.pairIndexKey(email);
    await redisCall(() => this.redis.multi().sadd(index, pair).expire(index, this.pairIndexSeconds).exec());
    const own = await this.consume(this.pairFailures, pair);
    throwIfOver(own, PAIR_MESSAGE);
    // This attempt's own reservation is the only one: the email has no failures of its own from this address.
    const clean = own.res.consumedPoints === 1;
    const shared = await this.consume(this.addressFailures, address);
    const handBack = () => redisCall(() => Promise.all([this.pairFailures.reward(pair, 1), this.addressFailures.reward(address, 1)]));
    if (shared.over && !clean) {
      // Not checked, so not a failure: a retry does not push the email over its own limit while the address cools.
      await handBack();
      throw throttled(ADDRESS_MESSAGE, Math.min(shared.res.msBeforeNext, own.res.msBeforeNext));
    }
    return {
      succeeded: () => redisCall(() => Promise.all([this.pairFailures.delete(pair), this.addressFailures.reward(address, 1)])),
      unchecked: handBack,
      refusal: shared.over ? throttled(ADDRESS_MESSAGE, shared.res.msBeforeNext) : null,
    };
  }

  /**
   * The operator's unlock (`npm run accounts -- unlock`): forgets this email's failures from every address. With an
   * address, that address's own counters (failures for any email, attempts) are cleared too; the gateways read the
   * same attempt counter, so every process lets the address in again at once.
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

  /** Takes a point; `over` when that went past the limit (rate-limiter-flexible counts it all the same). */
  private async consume(limiter: RateLimiterRedis, key: string): Promise<{ res: RateLimiterRes; over: boolean }> {
    try {
      return { res: await limiter.consume(key), over: false };
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) throw loginUnavailable();
      return { res: outcome, over: true };
    }
  }
}

function throwIfOver(outcome: { res: RateLimiterRes; over: boolean }, message: string): void {
  if (outcome.over) throw throttled(message, outcome.res.msBeforeNext);
}

function throttled(message: string, msBeforeNext: number): AppError {
  return new AppError(PlatformErrorCode.LOGIN_THROTTLED, 429, message, { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
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
