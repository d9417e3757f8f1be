import Redis from 'ioredis';
import { signedInCustomer, startTestStack } from '../test/support/test-platform';
import { startRedisServer } from '../test/support/redis-server';
import { addDays, todayIn } from '../shared/time/calendar-date.calculator';
import { positiveNumber } from './bench-runner';

/**
 * The Redis memory flight searches need, for the table in docs/operating.md: SEARCHES searches through REST into a cache Redis of
 * the bench's own (emptied before each scenario), then INFO memory and MEMORY USAGE of every key, by kind.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/search-memory.bench.js (SEARCHES=1000 by default; a few seconds a scenario).
 */

const SEARCHES = Math.round(positiveNumber('SEARCHES', 1000));

interface Scenario {
  name: string;
  origin: string;
  destination: string;
  /** Each search criteria of its own (a new supplier answer and snapshot each time), or all the same. */
  distinct: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'DAR-NBO, one criteria repeated', origin: 'DAR', destination: 'NBO', distinct: false },
  { name: 'DAR-NBO, every search new criteria', origin: 'DAR', destination: 'NBO', distinct: true },
  { name: 'MBA-ZNZ, every search new criteria', origin: 'MBA', destination: 'ZNZ', distinct: true },
];

/** Dates within the simulator's schedule (SCHEDULE_HORIZON_DAYS): new criteria vary the date, then the party size. */
const DATES = 300;

const KINDS = ['flight-offers', 'flight-offer-snapshot', 'flight-search', 'search-rate'] as const;

async function main(): Promise<void> {
  const cache = await startRedisServer(['--maxmemory-policy', 'allkeys-lru']);
  // The limit on (so its buckets are measured) but never reached: one search per 100 s refills, a burst of a million.
  const env = await startTestStack({ CACHE_REDIS_URL: cache.url, SEARCH_RATE_PER_SECOND: '0.01', SEARCH_RATE_BURST: '1000000' });
  const redis = new Redis(cache.url);
  try {
    const token = await signedInCustomer(env, 'memory@example.com');
    const today = todayIn('Africa/Dar_es_Salaam', new Date());
    const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
    const lines = [`${SEARCHES} searches per scenario, OFFER_TTL_SECONDS ${env.config.flight.offerTtlSeconds}, MEMORY USAGE bytes (with allocator overhead)`];
    lines.push(['scenario', 'keys', ...KINDS.map((k) => `${k} B`), 'bytes/search (keys)', 'used_memory/search'].join(' | '));
    for (const scenario of SCENARIOS) {
      await redis.flushall();
      const before = await usedMemory();
      let offers = 0;
      let failed = 0;
      for (let i = 0; i < SEARCHES; i++) {
        const departureDate = addDays(today, 20 + (scenario.distinct ? i % DATES : 0));
        const adults = 1 + (scenario.distinct ? Math.floor(i / DATES) % 4 : 0);
        const res = await fetch(`${env.baseUrl}/api/flight/search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ originLocationCode: scenario.origin, destinationLocationCode: scenario.destination, departureDate, adults }),
        });
        // The sandbox's failure dates (docs/sandbox.md) answer 502 and store nothing: they are left out of the averages.
        if (res.status === 502) {
          await res.body?.cancel();
          failed++;
          continue;
        }
        if (res.status !== 200) throw new Error(`search ${i} answered ${res.status}: ${await res.text()}`);
        offers += ((await res.json()) as { meta: { count: number } }).meta.count;
      }
      const bytes: Record<string, number> = Object.fromEntries(KINDS.map((k) => [k, 0]));
      let keys = 0;
      for await (const batch of redis.scanStream({ match: `${env.config.queuePrefix}:*`, count: 1000 })) {
        for (const key of batch as string[]) {
          keys++;
          const kind = KINDS.find((k) => key.startsWith(`${env.config.queuePrefix}:${k}:`));
          if (kind) bytes[kind] += (await redis.memory('USAGE', key, 'SAMPLES', '0')) ?? 0;
        }
      }
      const total = Object.values(bytes).reduce((a, b) => a + b, 0);
      const used = (await usedMemory()) - before;
      const stored = SEARCHES - failed;
      lines.push(
        [
          `${scenario.name} (${stored} searches, ${(offers / stored).toFixed(0)} offers/search)`,
          keys,
          ...KINDS.map((k) => bytes[k]),
          Math.round(total / stored),
          Math.round(used / stored),
        ].join(' | '),
      );
    }
    console.log(lines.join('\n'));
  } finally {
    redis.disconnect();
    await env.close();
    await cache.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
