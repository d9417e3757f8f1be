import type { DataSource } from 'typeorm';
import type { PlatformConfig } from '../../../../shared/config/platform.config';
import { createDataSource, ensureDatabase } from '../../../../shared/database/data-source.factory';
import { cleanUp, testConfig } from '../../../../test/support/test-platform';
import { GdsSimulator1763800000310 } from '../../migrations/1763800000310-gds-simulator';
import type { FlightSupplier, SupplierBookingResult, SupplierOffer } from '../flight-supplier.port';
import { createGdsSimulator } from '../gds-simulator.adapter';
import { MysqlSimulatorStore } from './mysql-simulator.repository';
import { criteria, failure, firstOffer, NOW, travelersFor } from './simulator-test.fixtures';

// Two data sources (two connection pools) over one database stand for two processes, e.g. the API and the worker.
let config: PlatformConfig;
let sources: DataSource[] = [];
let a: FlightSupplier;
let b: FlightSupplier;

beforeAll(async () => {
  config = testConfig();
  await ensureDatabase(config.databaseUrl);
  sources = [0, 1].map(() => createDataSource(config.databaseUrl, [{ entities: [], migrations: [GdsSimulator1763800000310] }]));
  for (const source of sources) await source.initialize();
  await sources[0].runMigrations();
  [a, b] = sources.map((source) => createGdsSimulator({ now: () => NOW, store: new MysqlSimulatorStore(source) }));
});

afterAll(async () => {
  for (const source of sources) if (source.isInitialized) await source.destroy();
  if (config) await cleanUp(config);
});

const attempt = (sim: FlightSupplier, offer: SupplierOffer, key: string, lastNames: string[] = []): Promise<SupplierBookingResult> =>
  sim.createBooking({ offer, travelers: travelersFor(offer, lastNames), idempotencyKey: key });

async function book(sim: FlightSupplier, offer: SupplierOffer, key: string, lastNames: string[] = []) {
  const result = await attempt(sim, offer, key, lastNames);
  if (result.kind !== 'BOOKED') throw new Error(`not booked: ${JSON.stringify(result)}`);
  return result.booking;
}

const seatsLeft = async (sim: FlightSupplier, offer: SupplierOffer): Promise<number> => (await sim.reprice(offer)).numberOfBookableSeats;

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row]: Array<{ n: number | string }> = await sources[0].query(sql, params);
  return Number(row.n);
}

describe('GDS simulator on MySQL: two processes, one GDS', () => {
  it('a PNR made by one process is retrieved, priced, ticketed and cancelled by the other, seats and all', async () => {
    const offer = await firstOffer(a, { adults: 2, departureDate: '2027-03-10' });
    const booking = await book(a, offer, 'shared-1');
    expect(await b.retrieve(booking.pnr)).toEqual(booking);
    expect(await seatsLeft(b, offer)).toBe(offer.numberOfBookableSeats - 2);
    expect(await book(b, offer, 'shared-1')).toEqual(booking);

    const records = await b.createPricingRecords(booking.pnr);
    expect(await a.createPricingRecords(booking.pnr)).toEqual(records);
    const documents = await a.issueTickets(booking.pnr, 'issue');
    expect(documents.map((d) => d.status)).toEqual(['ISSUED', 'ISSUED']);
    expect(await b.issueTickets(booking.pnr, 'again')).toEqual(documents);

    expect(await b.cancel(booking.pnr)).toEqual({ cancelled: true, refundRequired: true, refundPending: false });
    expect(await a.cancel(booking.pnr)).toEqual({ cancelled: true, refundRequired: true, refundPending: false });
    expect(await a.retrieve(booking.pnr)).toMatchObject({ status: 'CANCELLED', documents });
    expect(await seatsLeft(a, offer)).toBe(offer.numberOfBookableSeats);
  });

  it('20 concurrent createBooking calls with one idempotency key make one PNR and take the seats once', async () => {
    const offer = await firstOffer(a, { departureDate: '2027-03-11', travelClass: 'ECONOMY' });
    const before = await count('SELECT COUNT(*) AS n FROM gds_sim_booking');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? b : a, offer, 'one-key')));
    const pnrs = new Set(results.map((r) => (r.kind === 'BOOKED' ? r.booking.pnr : r.kind)));
    expect(pnrs.size).toBe(1);
    expect([...pnrs][0]).toMatch(/^[A-Z][A-Z0-9]{5}$/);
    expect(await count('SELECT COUNT(*) AS n FROM gds_sim_booking')).toBe(before + 1);
    expect(await seatsLeft(b, offer)).toBe(offer.numberOfBookableSeats - 1);
  });

  it('concurrent bookings never sell more seats than the flight has', async () => {
    // First class DAR→DXB has 1 to 4 seats; economy on the same day is sold in pairs.
    const first = await firstOffer(a, { destination: 'DXB', travelClass: 'FIRST', departureDate: '2027-03-12' });
    const firstSeats = first.numberOfBookableSeats;
    const singles = await Promise.all(Array.from({ length: firstSeats + 6 }, (_, i) => attempt(i % 2 ? b : a, first, `first-${i}`).catch((e: unknown) => e)));
    expect(singles.filter((r) => (r as SupplierBookingResult).kind === 'BOOKED')).toHaveLength(firstSeats);
    for (const r of singles.filter((r) => r instanceof Error)) expect(r).toMatchObject({ code: 'SELL_UNAVAILABLE', retryable: false });
    expect(await a.search(criteria({ destination: 'DXB', travelClass: 'FIRST', departureDate: '2027-03-12' }))).toEqual([]);

    const pair = await firstOffer(b, { destination: 'DXB', travelClass: 'ECONOMY', adults: 2, departureDate: '2027-03-12' });
    const seats = pair.numberOfBookableSeats;
    const pairs = await Promise.all(Array.from({ length: 16 }, (_, i) => attempt(i % 2 ? b : a, pair, `pair-${i}`).catch((e: unknown) => e)));
    expect(pairs.filter((r) => (r as SupplierBookingResult).kind === 'BOOKED')).toHaveLength(Math.floor(seats / 2));
    const segment = pair.itineraries[0].segments[0];
    const [row]: Array<{ sold: number; capacity: number }> = await sources[1].query('SELECT sold, capacity FROM gds_sim_seat WHERE inventory_key = ?', [
      `${segment.carrierCode}${segment.number}@${segment.departure.at.slice(0, 10)}|ECONOMY`,
    ]);
    expect(Number(row.sold)).toBe(2 * Math.floor(seats / 2));
    expect(Number(row.sold)).toBeLessThanOrEqual(Number(row.capacity));
  });

  it('SLOWPNR: one process times out after creating the PNR, the other retries with the key and gets it', async () => {
    const offer = await firstOffer(a, { departureDate: '2027-03-15' });
    expect(await failure(attempt(a, offer, 'slow', ['SLOWPNR']))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    const booking = await book(b, offer, 'slow', ['SLOWPNR']);
    expect(await a.retrieve(booking.pnr)).toEqual(booking);
    expect(await seatsLeft(a, offer)).toBe(offer.numberOfBookableSeats - 1);
    expect(await failure(attempt(b, offer, 'slow-2', ['SLOWPNR']))).toMatchObject({ code: 'TIMEOUT' });
    expect(await seatsLeft(b, offer)).toBe(offer.numberOfBookableSeats - 2);
  });

  it('PARTIAL: the first issuance anywhere tickets passenger 1 only; the other process completes it', async () => {
    const offer = await firstOffer(a, { adults: 3, departureDate: '2027-03-16' });
    const booking = await book(a, offer, 'partial', ['Mushi', 'PARTIAL', 'Mushi']);
    await a.createPricingRecords(booking.pnr);
    const first = await a.issueTickets(booking.pnr, 'issue');
    expect(first.map((d) => d.status)).toEqual(['ISSUED', 'EXPECTED', 'EXPECTED']);
    const second = await b.issueTickets(booking.pnr, 'issue');
    expect(second.map((d) => d.status)).toEqual(['ISSUED', 'ISSUED', 'ISSUED']);
    expect(second[0]).toEqual(first[0]);
    expect(await a.issueTickets(booking.pnr, 'issue')).toEqual(second);
  });

  it('concurrent issuance by both processes tickets each traveler once, with the same numbers in both answers', async () => {
    const offer = await firstOffer(a, { adults: 2, departureDate: '2027-03-17' });
    const booking = await book(a, offer, 'race-issue');
    await b.createPricingRecords(booking.pnr);
    const [x, y] = await Promise.all([a.issueTickets(booking.pnr, 'x'), b.issueTickets(booking.pnr, 'y')]);
    expect(x).toEqual(y);
    expect(x.every((d) => d.status === 'ISSUED')).toBe(true);
    expect((await b.retrieve(booking.pnr))!.documents).toEqual(x);
  });

  it('CANCELFAIL, REPRICELATER and the once-failing search remember their first failure across processes', async () => {
    const offer = await firstOffer(a, { departureDate: '2027-03-18' });
    const flaky = await book(a, offer, 'flaky', ['CANCELFAIL']);
    expect(await failure(a.cancel(flaky.pnr))).toMatchObject({ code: 'CANCEL_FAILED', retryable: true });
    expect(await b.cancel(flaky.pnr)).toEqual({ cancelled: true, refundRequired: false, refundPending: false });

    expect(await failure(b.reprice(offer, [{ lastName: 'RepriceLater' }]))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: true });
    expect(await a.reprice(offer, [{ lastName: 'RepriceLater' }])).toEqual(offer);

    const search = criteria({ destination: 'TKQ', departureDate: '2027-05-20' });
    expect(await failure(a.search(search))).toMatchObject({ code: 'SEARCH_UNAVAILABLE', retryable: true });
    expect((await b.search(search)).length).toBe(1);
  });
});
