import Redis from 'ioredis';
import { createRedis } from '../../shared/redis/redis.client';
import { createLogger } from '../../shared/logging/logger';
import { Metrics } from '../../shared/metrics/metrics.registry';
import { ManualClock } from '../../shared/time/clock.port';
import { SearchRateLimiter } from '../../shared/rate-limit/search-rate-limiter.service';
import { cleanUp, testConfig } from '../support/test-platform';

/** The per-account search rate in Redis (one Lua GCRA round trip), on a clock the test moves: no timing in the assertions. */
describe('search rate limiter', () => {
  const config = testConfig({ SEARCH_RATE_PER_SECOND: '10', SEARCH_RATE_BURST: '50' });
  const redis = createRedis(config.redisUrl, 'request');
  const clock = new ManualClock(new Date(Date.UTC(2027, 0, 10, 8)));
  const lines: string[] = [];
  const logger = createLogger('info', {}, (line) => lines.push(line));

  const limiter = (over: Partial<{ cacheRedis: Redis; metrics: Metrics; perSecond: number }> = {}) =>
    new SearchRateLimiter('flight', {
      config: { ...config, searchRate: { perSecond: over.perSecond ?? 10, burst: 50 } },
      cacheRedis: over.cacheRedis ?? redis,
      clock,
      logger,
      metrics: over.metrics ?? new Metrics(),
      // The exact shared budget is what these tests check: a Redis answer slowed past 500 ms by a loaded machine must
      // not be decided in the process instead (the fallback has a test of its own below, with Redis down).
      decisionTimeoutMs: 10_000,
    });
  /** How many of `count` searches the limiter lets through, and the first refusal. */
  const searches = async (subject: SearchRateLimiter, account: string, count: number) => {
    let admitted = 0;
    let refusal: unknown;
    for (let i = 0; i < count; i++) {
      try {
        await subject.admit(account);
        admitted++;
      } catch (error) {
        refusal ??= error;
      }
    }
    return { admitted, refusal };
  };

  // A fail-fast client queues nothing before it is connected: until then the limiter would decide in the process.
  beforeAll(() => new Promise((resolve) => redis.once('ready', resolve)));

  afterAll(async () => {
    redis.disconnect();
    await cleanUp(config);
  });

  it('lets a burst of 50 through, refuses the 51st with 429 and the limit state, and gives one search back per interval', async () => {
    const subject = limiter();
    const { admitted, refusal } = await searches(subject, 'account-a', 60);
    expect(admitted).toBe(50);
    expect(refusal).toMatchObject({
      errorCode: 'SEARCH_RATE_LIMITED',
      status: 429,
      data: { retryAfterSeconds: 1, rateLimit: { policy: 'search', quota: 50, windowSeconds: 5, remaining: 0, resetSeconds: 1 } },
    });
    // The bucket's key lives until it is full again, no longer.
    const ttl = await redis.pttl(`${config.queuePrefix}:search-rate:account-a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
    // Refusals took nothing: 100 ms later exactly one more goes.
    clock.advance(100);
    expect((await searches(subject, 'account-a', 2)).admitted).toBe(1);
    // Another account has its own budget.
    expect((await searches(subject, 'account-b', 50)).admitted).toBe(50);
  });

  it('is one budget for every replica: two limiters on one Redis share it', async () => {
    const [left, right] = [limiter(), limiter()];
    const first = await searches(left, 'account-shared', 30);
    const second = await searches(right, 'account-shared', 30);
    expect(first.admitted + second.admitted).toBe(50);
    expect(second.refusal).toMatchObject({ errorCode: 'SEARCH_RATE_LIMITED' });
  });

  it('does not refuse a search because Redis is down: the process limits the account on its own meanwhile', async () => {
    const down = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => undefined);
    const metrics = new Metrics();
    const subject = limiter({ cacheRedis: down, metrics });
    const { admitted, refusal } = await searches(subject, 'account-c', 55);
    expect(admitted).toBe(50);
    expect(refusal).toMatchObject({ errorCode: 'SEARCH_RATE_LIMITED', status: 429 });
    expect(await metrics.text()).toMatch(/safiri_search_rate_local_decisions_total\{search="flight"\} 55/);
    expect(lines.filter((line) => line.includes('search rate limits cannot reach Redis'))).toHaveLength(1);
    down.disconnect();
  });

  it('is off at SEARCH_RATE_PER_SECOND=0: nothing is counted, in Redis or in the process', async () => {
    const metrics = new Metrics();
    const subject = limiter({ perSecond: 0, metrics });
    expect((await searches(subject, 'account-d', 200)).admitted).toBe(200);
    expect(await redis.exists(`${config.queuePrefix}:search-rate:account-d`)).toBe(0);
    expect(await metrics.text()).not.toMatch(/safiri_search_rate_local_decisions_total\{/);
  });
});
