import { randomUUID } from 'node:crypto';
import net from 'node:net';
import Redis from 'ioredis';
import { createRedis } from '../../shared/redis/redis.client';
import { cleanUp, testConfig } from '../support/test-platform';
import { OfferStore, offerKeys } from '../../subgraphs/flight/offers/offer.store';
import { newSearchId, offerReferenceOf, parseOfferReference } from '../../subgraphs/flight/offers/offer-reference.codec';
import { DerivedValues, SearchCache } from '../../subgraphs/flight/search/search.cache';
import { PricingTermsFactory } from '../../subgraphs/flight/offers/pricing-terms.factory';
import { createSimulatedExchangeRates, SIMULATED_USD_RATES } from '../../shared/money/exchange-rates.port';
import type { SupplierOffer } from '../../subgraphs/flight/supplier/flight-supplier.port';

/** Flight search and offer review (OpenAPI `searchFlightOffers`, `postFlightOffer`): storage that is down is a 503, never a 500 or a hang. */
describe('flight search cache and offer storage', () => {
  const config = testConfig();
  const redis = new Redis(config.redisUrl);
  const keys = offerKeys(config.queuePrefix);

  afterAll(async () => {
    redis.disconnect();
    // Its keys under the prefix, and the folders testConfig made (no database was created).
    await cleanUp(config);
  });

  it('keeps offers bound to the account that searched, and answers 503 when Redis goes away', async () => {
    // The store talks to Redis through a proxy we can cut, as a network or server outage would.
    const proxy = await tcpProxy(Number(new URL(config.redisUrl).port || 6379));
    const url = new URL(config.redisUrl);
    url.port = String(proxy.port);
    const client = createRedis(url.toString(), 'request');
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('ready', resolve));
    const store = new OfferStore<{ n: number }, { q: string }>(client, config.queuePrefix);
    const [slot] = await store.save('account-a', { q: 'DAR-NBO' }, [{ n: 1 }, { n: 2 }], new Date(), 60);
    expect(await store.load(slot.offerReference, 'account-a')).toMatchObject({ offer: { n: 1 }, criteria: { q: 'DAR-NBO' } });
    expect(await store.load(slot.offerReference, 'account-b')).toBeNull();
    await proxy.cut();
    await expect(store.load(slot.offerReference, 'account-a')).rejects.toMatchObject({ errorCode: 'FLIGHT_STORAGE_UNAVAILABLE', status: 503 });
    await expect(store.save('account-a', { q: 'x' }, [{ n: 3 }], new Date(), 60)).rejects.toMatchObject({ status: 503 });
    client.disconnect();
  });

  it('stores a search in at most two keys whatever its offer count, none living past the offers', async () => {
    const prefix = `${config.queuePrefix}:bounded`;
    const store = new OfferStore<{ n: number }, { q: string }>(redis, prefix);
    const keysUnder = async () => {
      const found: string[] = [];
      for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) found.push(...(batch as string[]));
      return found;
    };
    const before = (await keysUnder()).length;
    const searches = 20;
    const ttlSeconds = 60;
    for (let i = 0; i < searches; i++) {
      const offers = Array.from({ length: 9 }, (_, n) => ({ n }));
      await store.save(`account-${i % 3}`, { q: `search ${i}` }, offers, new Date(), ttlSeconds);
    }
    const keys = await keysUnder();
    expect(keys.length - before).toBeLessThanOrEqual(2 * searches);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(ttlSeconds * 1000);
    }
  });

  it('carries the search and the expiry in the reference: expired (410) once past it even with the keys gone, unknown (404) before it', async () => {
    let now = Date.now();
    const store = new OfferStore<{ n: number }, { q: string }>(redis, config.queuePrefix, () => now);
    const slots = await store.save('account-a', { q: 'DAR-NBO' }, [{ n: 1 }, { n: 2 }], new Date(now), 60);
    const [first, second] = slots;
    expect(first.offerReference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const parts = parseOfferReference(second.offerReference)!;
    expect(parts).toEqual({ searchId: parseOfferReference(first.offerReference)!.searchId, position: 1, expiresAt: now + 60_000 });
    expect(await store.load(second.offerReference.toUpperCase(), 'account-a')).toMatchObject({
      gone: false,
      offer: { n: 2 },
      expiresAt: new Date(now + 60_000),
    });
    // Another account, and a position the search never showed, are unknown.
    expect(await store.load(first.offerReference, 'account-b')).toBeNull();
    expect(await store.load(offerReferenceOf(parts.searchId, 2), 'account-a')).toBeNull();
    // The key expires with the offers; before their deadline a missing search is unknown, after it expired.
    await redis.del(keys.search(parts.searchId));
    expect(await store.load(first.offerReference, 'account-a')).toBeNull();
    now += 60_000;
    expect(await store.load(first.offerReference, 'account-a')).toEqual({
      gone: true,
      offerReference: first.offerReference,
      expiresAt: new Date(parts.expiresAt),
    });
    // A reference of this layout that never existed says no more than its own bits.
    expect(await store.load(offerReferenceOf(newSearchId(now + 600_000), 0), 'account-a')).toBeNull();
  });

  it('still reads an offer stored under the earlier layout (a random uuid per offer) until its keys expire', async () => {
    const store = new OfferStore<{ n: number }, { q: string }>(redis, config.queuePrefix);
    const reference = randomUUID();
    const expiresAt = Date.now() + 60_000;
    await redis.set(`${config.queuePrefix}:flight-offer-snapshot:legacy-snapshot`, JSON.stringify([{ n: 7 }, { n: 8 }]), 'PX', 60_000);
    await redis.set(`${config.queuePrefix}:flight-offer-search:legacy-search`, JSON.stringify({ q: 'old' }), 'PX', 60_000);
    const record = { searchId: 'legacy-search', snapshotId: 'legacy-snapshot', accountId: 'account-a', expiresAt, index: 1 };
    await redis.set(`${config.queuePrefix}:flight-offer:${reference}`, JSON.stringify(record), 'PX', 60_000);
    expect(await store.load(reference, 'account-a')).toMatchObject({ gone: false, offer: { n: 8 }, criteria: { q: 'old' }, expiresAt: new Date(expiresAt) });
    expect(await store.load(reference, 'account-b')).toBeNull();
    expect(await store.load(randomUUID(), 'account-a')).toBeNull();
  });

  it('writes a shared snapshot once, extends it for later searches, and writes it again when Redis lost it', async () => {
    const store = new OfferStore<{ n: number }, { q: string }>(redis, config.queuePrefix);
    const snapshot = store.snapshotOf([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const first = await store.saveFrom(snapshot, [2, 0], 'account-a', { q: 'first' }, new Date(), 60);
    await redis.set(keys.snapshot(snapshot.id), JSON.stringify([{ n: 'rewritten?' }]), 'KEEPTTL');
    const second = await store.saveFrom(snapshot, [1], 'account-b', { q: 'second' }, new Date(), 120);
    // Extended, not written again: the stored copy is what the first search wrote.
    expect(await redis.get(keys.snapshot(snapshot.id))).toBe(JSON.stringify([{ n: 'rewritten?' }]));
    // As long as its longest-lived search and no longer; a shorter-lived search later does not shorten it.
    expect(await redis.pttl(keys.snapshot(snapshot.id))).toBeGreaterThan(60_000);
    expect(await redis.pttl(keys.snapshot(snapshot.id))).toBeLessThanOrEqual(120_000);
    await store.saveFrom(snapshot, [1], 'account-b', { q: 'short' }, new Date(), 10);
    expect(await redis.pttl(keys.snapshot(snapshot.id))).toBeGreaterThan(60_000);
    await redis.del(keys.snapshot(snapshot.id));
    const third = await store.saveFrom(snapshot, [0], 'account-a', { q: 'third' }, new Date(), 60);
    expect(await store.load(third[0].offerReference, 'account-a')).toMatchObject({ offer: { n: 1 }, criteria: { q: 'third' } });
    expect(await store.load(first[0].offerReference, 'account-a')).toMatchObject({ offer: { n: 3 }, criteria: { q: 'first' } });
    expect(await store.load(first[1].offerReference, 'account-a')).toMatchObject({ offer: { n: 1 } });
    expect(await store.load(second[0].offerReference, 'account-b')).toMatchObject({ offer: { n: 2 }, criteria: { q: 'second' } });
    expect(await store.load(second[0].offerReference, 'account-a')).toBeNull();
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
    // A new cache per call: the Redis copy answers, not the process's own.
    const cache = () => new SearchCache(redis, config.queuePrefix, 60);
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
    await cache().getOrFetch(criteria, fetch);
    await cache().getOrFetch({ ...criteria, includedAirlineCodes: ['PW', 'KQ'] }, fetch);
    await cache().getOrFetch({ ...criteria, adults: 2 }, fetch);
    expect(calls).toBe(2);
  });

  it('keeps parsed answers in the process until the Redis copy expires, for at most maxLocal criteria', async () => {
    let now = Date.now();
    const cache = new SearchCache(redis, `${config.queuePrefix}:local`, 60, 2, () => now);
    let calls = 0;
    const fetch = async (): Promise<SupplierOffer[]> => (calls++, [{ id: String(calls) } as SupplierOffer]);
    const criteria = (origin: string) => ({
      origin,
      destination: 'NBO',
      departureDate: '2027-01-10',
      adults: 1,
      children: 0,
      infants: 0,
      nonStop: false,
      max: 10,
    });
    const first = await cache.getOrFetch(criteria('DAR'), fetch);
    // Served from the process: the same parsed answer, even with the Redis copy gone.
    const flush = async () => {
      const keys = await redis.keys(`${config.queuePrefix}:local:flight-search:*`);
      if (keys.length) await redis.del(...keys);
    };
    await flush();
    expect(await cache.getOrFetch(criteria('DAR'), fetch)).toBe(first);
    // Another process's copy (from Redis) is valid until the instant stored with it.
    const other = new SearchCache(redis, `${config.queuePrefix}:local`, 60, 2, () => now);
    const fromRedis = await other.getOrFetch(criteria('JRO'), fetch);
    expect(calls).toBe(2);
    expect((await cache.getOrFetch(criteria('JRO'), fetch)).offers).toEqual(fromRedis.offers);
    expect(calls).toBe(2);
    // Bounded: a third criteria pushes out the least recently used (DAR), which is then fetched again.
    await cache.getOrFetch(criteria('ZNZ'), fetch);
    await flush();
    expect((await cache.getOrFetch(criteria('DAR'), fetch)).offers[0].id).toBe(String(calls));
    expect(calls).toBe(4);
    // Expired: past the Redis copy's instant the process asks again.
    const before = calls;
    now += 61_000;
    expect(await cache.getOrFetch(criteria('DAR'), fetch)).not.toBe(first);
    expect(calls).toBe(before + 1);
  });

  it('keeps at most max derived values per answer; a computation that throws stores nothing', () => {
    const derived = new DerivedValues(2);
    let computed = 0;
    const value = (key: string) => derived.get(key, () => `${key}${++computed}`);
    expect(value('a')).toBe('a1');
    expect(value('a')).toBe('a1');
    value('b');
    value('c');
    expect(value('a')).toBe('a4');
    expect(() =>
      derived.get('d', () => {
        throw new Error('no rate');
      }),
    ).toThrow('no rate');
    expect(derived.get('d', () => 'd')).toBe('d');
  });

  it('gives pricing terms a key that changes with any rate they use', async () => {
    const offers = [{ price: { currency: 'USD' } } as SupplierOffer];
    const terms = (rates: Record<string, string>) =>
      new PricingTermsFactory(createSimulatedExchangeRates(rates), ['KES']).termsFor(offers, 'TZS', 'ONLINE', null);
    const base = await terms(SIMULATED_USD_RATES);
    expect((await terms({ ...SIMULATED_USD_RATES })).key).toBe(base.key);
    expect((await terms({ ...SIMULATED_USD_RATES, TZS: '2651' })).key).not.toBe(base.key);
    expect((await terms({ ...SIMULATED_USD_RATES, KES: '130' })).key).not.toBe(base.key);
    const other = await new PricingTermsFactory(createSimulatedExchangeRates(), ['KES']).termsFor(offers, 'KES', 'ONLINE', null);
    expect(other.key).not.toBe(base.key);
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
