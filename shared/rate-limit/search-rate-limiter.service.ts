import type Redis from 'ioredis';
import type { RedisClient } from '../redis/redis.client';
import { LRUCache } from 'lru-cache';
import type { SearchRateConfig } from '../config/platform.config';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics.registry';
import type { Clock } from '../time/clock.port';
import { PlatformException } from '../errors/app-error.exception';
import { gcra, GcraDecision, GcraLimits } from './gcra.calculator';
import type { RateLimitState } from './rate-limit-headers.mapper';

export type SearchKind = 'flight' | 'train' | 'bus';

/** The quota policy name in the RateLimit headers and the key's name in Redis. */
export const SEARCH_RATE_POLICY = 'search';

/** Accounts one process keeps a bucket for while Redis does not answer; an evicted one starts full again. */
export const MAX_LOCAL_BUCKETS = 10_000;

/** A limiter call that takes longer is decided in this process: the limit must never hold a search up. */
export const REDIS_DECISION_TIMEOUT_MS = 500;

/**
 * gcra.calculator.ts in one round trip. KEYS: the account's bucket; ARGV: now (epoch ms), the interval (ms, may have a
 * fraction), the burst. Answers {allowed 0|1, remaining, ms to wait (refused), ms until full}, the last two
 * rounded up. The key lives until the bucket is full again, so a quiet account has none. The caller's clock
 * is used, not Redis TIME, so that every replica agrees with the platform clock tests can move; replicas'
 * clocks differing by a few ms only shift when one token comes back.
 */
const GCRA_SCRIPT = `local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3]) * interval
local start = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if start < now then start = now end
local next = start + interval
if next - now > tolerance + 0.001 then
  return {0, 0, math.ceil(next - tolerance - now), math.ceil(start - now)}
end
redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.ceil(next - now))
return {1, math.floor((tolerance - (next - now)) / interval + 0.001), 0, math.ceil(next - now)}`;

/** What the limiter uses (a Platform has each under these names): the limits, the cache Redis, the time, a log, two counters. */
export interface SearchRatePorts {
  config: { searchRate: SearchRateConfig; queuePrefix: string };
  cacheRedis: RedisClient;
  clock: Clock;
  logger: Logger;
  metrics: Pick<Metrics, 'searchRateLimited' | 'searchRateLocalDecisions'>;
  /** REDIS_DECISION_TIMEOUT_MS unless given (a test on a loaded machine that checks the shared budget exactly). */
  decisionTimeoutMs?: number;
}

type RedisWithGcra = Redis & { searchRateGcra(key: string, now: string, intervalMs: string, burst: string): Promise<[number, number, number, number]> };

/**
 * The per-account search rate (SEARCH_RATE_PER_SECOND sustained, SEARCH_RATE_BURST at once), one budget for
 * every search an account makes (flight, train, bus), kept in the cache Redis so every replica shares it.
 * Checked in the subgraph resolvers, after the token is verified: see docs/decisions.md "Bounded Redis".
 *
 * When Redis does not answer (down, or slower than REDIS_DECISION_TIMEOUT_MS) the search is not refused for
 * it: this process decides with a bucket of its own (at most MAX_LOCAL_BUCKETS accounts), so one process
 * still holds an account to the limit and N replicas to N times it, until Redis answers again.
 */
export class SearchRateLimiter {
  private local: LRUCache<string, number> | undefined;
  private degraded = false;

  constructor(
    private readonly kind: SearchKind,
    /** Read on first use: printing the schema builds the resolvers from a platform that has only its config. */
    private readonly ports: SearchRatePorts,
  ) {}

  /** Counts one search of this account; throws 429 SEARCH_RATE_LIMITED when it is over the limit. */
  async admit(accountId: string): Promise<void> {
    const { perSecond, burst } = this.ports.config.searchRate;
    if (perSecond === 0) return;
    const limits: GcraLimits = { intervalMs: 1000 / perSecond, burst };
    const now = this.ports.clock.now().getTime();
    const decision = (await this.inRedis(accountId, now, limits)) ?? this.inProcess(accountId, now, limits);
    if (decision.allowed) return;
    this.ports.metrics.searchRateLimited.inc({ search: this.kind });
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    const state: RateLimitState = {
      policy: SEARCH_RATE_POLICY,
      quota: burst,
      // The window in which the burst is certainly allowed at the sustained rate: never more than the limit allows.
      windowSeconds: Math.max(1, Math.ceil(burst / perSecond)),
      remaining: 0,
      resetSeconds: retryAfterSeconds,
    };
    throw PlatformException.searchRateLimited(retryAfterSeconds, state);
  }

  private async inRedis(accountId: string, now: number, limits: GcraLimits): Promise<GcraDecision | null> {
    const client = this.ports.cacheRedis;
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = this.ports.decisionTimeoutMs ?? REDIS_DECISION_TIMEOUT_MS;
    try {
      if (!('searchRateGcra' in client)) client.defineCommand('searchRateGcra', { numberOfKeys: 1, lua: GCRA_SCRIPT });
      const redis = client as RedisWithGcra;
      const key = `${this.ports.config.queuePrefix}:${SEARCH_RATE_POLICY}-rate:${accountId}`;
      const reply = await Promise.race([
        redis.searchRateGcra(key, String(now), String(limits.intervalMs), String(limits.burst)),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
      ]);
      if (this.degraded) {
        this.degraded = false;
        this.ports.logger.info('search rate limits are kept in Redis again', { search: this.kind });
      }
      const [allowed, remaining, retryAfterMs, resetMs] = reply;
      return { allowed: allowed === 1, tat: 0, remaining, retryAfterMs, resetMs };
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.ports.logger.warn('search rate limits cannot reach Redis: this process limits each account on its own until it can', {
          search: this.kind,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private inProcess(accountId: string, now: number, limits: GcraLimits): GcraDecision {
    this.ports.metrics.searchRateLocalDecisions.inc({ search: this.kind });
    this.local ??= new LRUCache({ max: MAX_LOCAL_BUCKETS });
    const decision = gcra(this.local.get(accountId) ?? null, now, limits);
    if (decision.allowed) this.local.set(accountId, decision.tat);
    return decision;
  }
}
