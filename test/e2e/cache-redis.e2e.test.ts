import Redis from 'ioredis';
import { signedInCustomer, startTestStack } from '../support/test-platform';
import { daysAhead } from '../support/flight-client';
import { json } from '../support/http';
import { startRedisServer, RedisServer } from '../support/redis-server';
import { waitFor } from '../support/wait';
import { warnIfCacheRefusesWrites } from '../../shared/redis/redis.client';
import { createLogger } from '../../shared/logging/logger';

/** What the cache Redis may hold: the supplier answers, the searches' offers and snapshots, the search rate buckets. */
const CACHE_KEY = /^[^:]+:(flight-search|flight-offers|flight-offer-snapshot|search-rate):/;
/** The operators' METRICS_TOKEN: the gateway's /health and /readyz name the parts to its bearer only. */
const OPERATOR_TOKEN = 'operators-token-0123456789abcdef';
const OPERATOR = { authorization: `Bearer ${OPERATOR_TOKEN}` };

describe('a cache Redis of its own (CACHE_REDIS_URL)', () => {
  let cache: RedisServer;
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let queueRedis: Redis;
  let cacheRedis: Redis;

  const keysUnder = async (redis: Redis, prefix: string) => {
    const found: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) found.push(...(batch as string[]));
    return found;
  };

  beforeAll(async () => {
    cache = await startRedisServer(['--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru']);
    // A slow refill keeps the account's rate bucket (a key until it is full again) for the test to find.
    env = await startTestStack({ CACHE_REDIS_URL: cache.url, SEARCH_RATE_PER_SECOND: '0.01', METRICS_TOKEN: OPERATOR_TOKEN });
    queueRedis = new Redis(env.config.redisUrl);
    cacheRedis = new Redis(cache.url);
    cacheRedis.on('error', () => undefined);
  });
  afterAll(async () => {
    queueRedis.disconnect();
    cacheRedis.disconnect();
    // The stack's keys go from both servers before the cache server stops.
    await env.close();
    await cache.stop();
  });

  it('stores searches there (cache, offers, rate limits) while queues and login throttling stay on REDIS_URL', async () => {
    const token = await signedInCustomer(env, 'cache-redis@example.com');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const search = await fetch(`${env.baseUrl}/api/flight/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30), adults: 1 }),
    });
    expect(search.status).toBe(200);
    const [offer] = (await json<{ data: Array<{ offerReference: string }> }>(search)).data;
    const review = await fetch(`${env.baseUrl}/api/flight/offer`, { method: 'POST', headers, body: JSON.stringify({ offerReference: offer.offerReference }) });
    expect(review.status).toBe(200);

    const prefix = env.config.queuePrefix;
    const inCache = await keysUnder(cacheRedis, prefix);
    for (const kind of ['flight-search', 'flight-offers', 'flight-offer-snapshot', 'search-rate']) {
      expect([kind, inCache.some((key) => key.startsWith(`${prefix}:${kind}:`))]).toEqual([kind, true]);
    }
    expect(inCache.filter((key) => !CACHE_KEY.test(key))).toEqual([]);
    const inQueues = await keysUnder(queueRedis, prefix);
    expect(inQueues.filter((key) => CACHE_KEY.test(key))).toEqual([]);
    // BullMQ's repeatable jobs and the login throttle's counters.
    expect(inQueues.some((key) => key.includes(':repeat'))).toBe(true);
    expect(inQueues.some((key) => key.startsWith(`${prefix}:login-`))).toBe(true);
  });

  it('is checked by /health and /readyz: down, they answer 503 naming it; back, 200', async () => {
    const health = await json<{ checks: Record<string, { status: string }> }>(await fetch(`${env.baseUrl}/health`, { headers: OPERATOR }));
    expect(health.checks.cacheRedis).toEqual({ status: 'up' });
    await cache.stop();
    try {
      const down = await waitFor(
        () => fetch(`${env.baseUrl}/readyz`, { headers: OPERATOR }).then(async (res) => ({ status: res.status, body: await json<{ down?: string[] }>(res) })),
        (answer) => answer.status === 503,
      );
      expect(down.body.down).toContain('cacheRedis');
    } finally {
      await cache.start();
    }
    await waitFor(
      () => fetch(`${env.baseUrl}/readyz`).then((res) => res.status),
      (status) => status === 200,
    );
  });

  it('warns at start when the cache Redis cannot make room (noeviction with a maxmemory) or has no maxmemory at all', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', {}, (line) => lines.push(line));
    const warnings = async () => {
      lines.length = 0;
      await warnIfCacheRefusesWrites(cacheRedis, logger);
      return lines.map((line) => (JSON.parse(line) as { message: string }).message);
    };
    expect(await warnings()).toEqual([]);
    await cacheRedis.config('SET', 'maxmemory-policy', 'noeviction');
    expect(await warnings()).toEqual([expect.stringMatching(/refuses writes when full/)]);
    await cacheRedis.config('SET', 'maxmemory', '0');
    expect(await warnings()).toEqual([expect.stringMatching(/has no maxmemory/)]);
  });
});
