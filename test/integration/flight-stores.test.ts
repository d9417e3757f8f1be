import net from 'node:net';
import Redis from 'ioredis';
import { createDataSource, dropDatabase, ensureDatabase } from '../../shared/database/data-source';
import { testConfig } from '../support/test-platform';
import { OfferStore } from '../../subgraphs/flight/offers/offer-store';
import { SearchCache } from '../../subgraphs/flight/search/search-cache';
import { FlightOffers1763800000300 } from '../../subgraphs/flight/migrations/1763800000300-flight-offers';

/** flight.md search rule 7 and offer review: storage that is down is a 503, never a 500 or a hang. */
describe('flight search cache and offer storage', () => {
  const config = testConfig();

  afterAll(() => dropDatabase(config.databaseUrl));

  it('keeps offers bound to the account that searched, and answers 503 when MySQL goes away', async () => {
    await ensureDatabase(config.databaseUrl);
    // The store talks to MySQL through a proxy we can cut, as a network or server outage would.
    const proxy = await tcpProxy(3306);
    const url = new URL(config.databaseUrl);
    url.port = String(proxy.port);
    const ds = createDataSource(url.toString(), [{ entities: [], migrations: [FlightOffers1763800000300] }]);
    await ds.initialize();
    await ds.runMigrations();
    const store = new OfferStore<{ n: number }, { q: string }>(ds);
    const [slot] = await store.save('account-a', { q: 'DAR-NBO' }, [{ n: 1 }, { n: 2 }], new Date(), 60);
    expect(await store.load(slot.offerReference, 'account-a')).toMatchObject({ offer: { n: 1 }, criteria: { q: 'DAR-NBO' } });
    expect(await store.load(slot.offerReference, 'account-b')).toBeNull();
    await proxy.cut();
    await expect(store.load(slot.offerReference, 'account-a')).rejects.toMatchObject({ errorCode: 'FLIGHT_STORAGE_UNAVAILABLE', status: 503 });
    await expect(store.save('account-a', { q: 'x' }, [{ n: 3 }], new Date(), 60)).rejects.toMatchObject({ status: 503 });
    await ds.destroy().catch(() => undefined);
  });

  it('answers 503 when the search cache cannot be reached, without asking the supplier', async () => {
    const down = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const cache = new SearchCache(down, 'test', 60);
    let supplierCalls = 0;
    const criteria = { origin: 'DAR', destination: 'NBO', departureDate: '2027-01-10', adults: 1, children: 0, infants: 0, nonStop: false, max: 10 };
    await expect(cache.getOrFetch(criteria, async () => (supplierCalls++, []))).rejects.toMatchObject({ errorCode: 'FLIGHT_STORAGE_UNAVAILABLE', status: 503 });
    expect(supplierCalls).toBe(0);
    down.disconnect();
  });

  it('serves repeated identical searches from the cache; list order does not matter', async () => {
    const redis = new Redis(config.redisUrl);
    const cache = new SearchCache(redis, config.queuePrefix, 60);
    let calls = 0;
    const fetch = async () => (calls++, []);
    const criteria = {
      origin: 'DAR',
      destination: 'NBO',
      departureDate: '2027-01-10',
      adults: 1,
      children: 0,
      infants: 0,
      nonStop: false,
      max: 10,
      includedAirlineCodes: ['KQ', 'PW'],
    };
    await cache.getOrFetch(criteria, fetch);
    await cache.getOrFetch({ ...criteria, includedAirlineCodes: ['PW', 'KQ'] }, fetch);
    await cache.getOrFetch({ ...criteria, adults: 2 }, fetch);
    expect(calls).toBe(2);
    const keys = await redis.keys(`${config.queuePrefix}:flight-search:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
});

/** A TCP proxy to a local port whose cut() closes the listener and every open connection. */
async function tcpProxy(targetPort: number): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
