import type { DataSource } from 'typeorm';
import type { PlatformConfig } from '../../../../shared/config/platform.config';
import { createDataSource, ensureDatabase } from '../../../../shared/database/data-source.factory';
import { cleanUp, testConfig } from '../../../../test/support/test-platform';
import { RailSimulator1763800000400 } from '../../migrations/1763800000400-rail-simulator';
import { RailSimulatorTicketNumbers1764000000520 } from '../../migrations/1764000000520-rail-simulator-ticket-numbers';
import type { RailHoldInput, RailProvider, RailTrip } from '../rail-provider.port';
import { MysqlRailSimulatorStore } from './mysql-rail-simulator.repository';
import { pnrCandidate, ticketNumberFor } from './booking.builder';
import { DATE, failure, NOW, PARTNER, passenger, search, simulator, stop, trainOn } from './rail-test.fixtures';

// Two data sources (two connection pools) over one database stand for two processes, e.g. the API and the worker.
let config: PlatformConfig;
let sources: DataSource[] = [];
let a: RailProvider;
let b: RailProvider;
let now = NOW;

beforeAll(async () => {
  config = testConfig();
  await ensureDatabase(config.databaseUrl);
  sources = [0, 1].map(() =>
    createDataSource(config.databaseUrl, [{ entities: [], migrations: [RailSimulator1763800000400, RailSimulatorTicketNumbers1764000000520] }]),
  );
  for (const source of sources) await source.initialize();
  await sources[0].runMigrations();
  [a, b] = sources.map((source) => simulator({ now: () => now, store: new MysqlRailSimulatorStore(source), holdLifetimeMs: 10 * 60_000 }));
});

afterAll(async () => {
  for (const source of sources) if (source.isInitialized) await source.destroy();
  if (config) await cleanUp(config);
});

afterEach(() => {
  now = NOW;
});

const hold = (trip: RailTrip, from: string, to: string, carId: number, seatId: number, extra: Partial<RailHoldInput> = {}): RailHoldInput => ({
  timeTableTrainSetId: trip.timeTableTrainSetId,
  date: DATE,
  fromPartnerId: PARTNER[from],
  toPartnerId: PARTNER[to],
  carId,
  seatId,
  ...extra,
});

async function seat(sim: RailProvider, trip: RailTrip, from: string, to: string, carClass = 'ECONOMY') {
  const details = await sim.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop(from), toStopId: stop(to), date: DATE });
  const car = details.cars.find((c) => c.carClass === carClass)!;
  return { carId: car.carId, seatId: car.seats.find((s) => s.type === 'SEAT' && s.available)!.seatId };
}

async function available(sim: RailProvider, trip: RailTrip, from: string, to: string, seatId: number): Promise<boolean> {
  const details = await sim.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop(from), toStopId: stop(to), date: DATE });
  return details.cars.flatMap((c) => c.seats).find((s) => s.seatId === seatId)!.available;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row]: Array<{ n: number | string }> = await sources[0].query(sql, params);
  return Number(row.n);
}

describe('rail simulator on MySQL: two processes, one provider', () => {
  it('a seat sold DAR→MOR by one process is free MOR→DOD and taken DAR→DOD for the other', async () => {
    const trip = await trainOn(a, 'ORD-201', 'DAR', 'MOR');
    const { carId, seatId } = await seat(a, trip, 'DAR', 'MOR');
    const h = await a.holdSeat(hold(trip, 'DAR', 'MOR', carId, seatId));
    const r = await a.reserve({ holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'sold-dar-mor' });
    expect(r.tickets[0].amount).toBe('18500');
    expect(await available(b, trip, 'DAR', 'MOR', seatId)).toBe(false);
    expect(await available(b, trip, 'MOR', 'DOD', seatId)).toBe(true);
    expect(await available(b, trip, 'DAR', 'DOD', seatId)).toBe(false);
    expect(await failure(b.holdSeat(hold(trip, 'PUG', 'DOD', carId, seatId)))).toMatchObject({ code: 'SEAT_ALREADY_BOOKED', details: { seatId } });
    await expect(b.holdSeat(hold(trip, 'MOR', 'DOD', carId, seatId))).resolves.toMatchObject({ status: 'HELD' });
    expect(await b.retrieveReservation(r.pnr)).toEqual(r);
    expect(await b.reserve({ holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'sold-dar-mor' })).toEqual(r);
  });

  it("one search reads every train's taken seats at once: holds on two trains DAR→MOR count DAR→DOD, not MOR→DOD", async () => {
    const date = '2027-03-17';
    const at = (sim: RailProvider, number: string, from: string, to: string) => trainOn(sim, number, from, to, date);
    const empty = async (sim: RailProvider, number: string, from: string, to: string) =>
      (await at(sim, number, from, to)).cars.reduce((n, c) => n + c.emptySeats, 0);
    const trains = (await search(b, 'DAR', 'DOD', date)).map((t) => t.number);
    expect(trains.length).toBeGreaterThan(2);
    const full = new Map(await Promise.all(trains.map(async (n) => [n, await empty(b, n, 'DAR', 'DOD')] as const)));
    const onwardBefore = await empty(b, trains[0], 'MOR', 'DOD');
    for (const number of trains.slice(0, 2)) {
      const trip = await at(a, number, 'DAR', 'MOR');
      const details = await a.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop('DAR'), toStopId: stop('MOR'), date });
      const car = details.cars.find((c) => c.carClass === 'ECONOMY')!;
      for (const s of car.seats.filter((x) => x.type === 'SEAT').slice(0, 3)) {
        await a.holdSeat({ ...hold(trip, 'DAR', 'MOR', car.carId, s.seatId), date });
      }
    }
    const after = await search(b, 'DAR', 'DOD', date);
    for (const [i, number] of trains.entries()) {
      const trip = after.find((t) => t.number === number)!;
      expect(trip.cars.reduce((n, c) => n + c.emptySeats, 0)).toBe(full.get(number)! - (i < 2 ? 3 : 0));
    }
    expect(await empty(b, trains[0], 'MOR', 'DOD')).toBe(onwardBefore);
  });

  it('20 concurrent holds of one seat from two processes: exactly one wins', async () => {
    const trip = await trainOn(a, 'ETR-103', 'DAR', 'DOD');
    const { carId, seatId } = await seat(a, trip, 'DAR', 'DOD', 'BUSINESS');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? b : a).holdSeat(hold(trip, i % 3 ? 'DAR' : 'MOR', i % 3 ? 'DOD' : 'DOD', carId, seatId))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'SEAT_ALREADY_BOOKED' });
  });

  it('overlapping pairs race: DAR→MOR and MOR→DOD both win, DAR→DOD never with either', async () => {
    const trip = await trainOn(a, 'ETR-101', 'DAR', 'DOD');
    const { carId, seatId } = await seat(a, trip, 'DAR', 'DOD', 'ROYAL_CLASS');
    const [left, right] = await Promise.all([a.holdSeat(hold(trip, 'DAR', 'MOR', carId, seatId)), b.holdSeat(hold(trip, 'MOR', 'DOD', carId, seatId))]);
    expect([left.status, right.status]).toEqual(['HELD', 'HELD']);
    const races = await Promise.allSettled([a.holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId)), b.holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId))]);
    expect(races.every((r) => r.status === 'rejected')).toBe(true);
  });

  it('an expired hold frees its seat for the other process, and can no longer be reserved', async () => {
    const trip = await trainOn(a, 'ORD-205', 'DAR', 'DOD');
    const { carId, seatId } = await seat(a, trip, 'DAR', 'DOD');
    const first = await a.holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId));
    now = new Date(NOW.getTime() + 10 * 60_000);
    expect(await available(b, trip, 'DAR', 'DOD', seatId)).toBe(true);
    const second = await b.holdSeat(hold(trip, 'DAR', 'MOR', carId, seatId));
    // ORD-205 calls at every station: DAR→MOR is 5 of the 10 segments; the expired rows left beyond MOR count as free.
    const live = 'SELECT COUNT(*) AS n FROM rail_sim_seat_segment WHERE trip_key = ? AND seat_id = ? AND (sold = 1 OR expires_at > ?)';
    expect(await count(live, [`${trip.timeTableTrainSetId}@${DATE}`, seatId, now.getTime()])).toBe(5);
    expect(await failure(a.reserve({ holds: [{ key: first.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'expired' }))).toMatchObject({
      code: 'HOLD_NOT_FOUND',
    });
    expect(await a.releaseHold(second.key)).toEqual({ key: second.key, status: 'RELEASED' });
    expect(await available(b, trip, 'DAR', 'DOD', seatId)).toBe(true);
  });

  it('concurrent reservations with one idempotency key make one PNR', async () => {
    const trip = await trainOn(a, 'ETR-105', 'DAR', 'DOD');
    const { carId, seatId } = await seat(a, trip, 'DAR', 'DOD');
    const h = await a.holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId));
    const input = { holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'one-key' };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).reserve(input)));
    expect(new Set(results.map((r) => r.pnr)).size).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM rail_sim_reservation WHERE pnr = ?', [results[0].pnr])).toBe(1);
  });

  it('LOSTANSWER loses the first answer only: the other process gets the reservation with the same key', async () => {
    const trip = await trainOn(a, 'ETR-103', 'DAR', 'DOD');
    const { carId, seatId } = await seat(a, trip, 'DAR', 'DOD');
    const h = await a.holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId));
    const input = { holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger({ name: 'LOSTANSWER' })], idempotencyKey: 'lost-key' };
    expect(await failure(a.reserve(input))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    const found = await b.reserve(input);
    expect(found).toMatchObject({ status: 'RESERVED', tickets: [{ holdKey: h.key }] });
    expect(await a.reserve(input)).toEqual(found);
  });

  it('payout, issue and cancel across processes; PAYOUTRETRY fails once anywhere', async () => {
    const trip = await trainOn(a, 'ETR-101', 'DAR', 'DOD');
    const x = await seat(a, trip, 'DAR', 'DOD', 'BUSINESS');
    const h = await a.holdSeat(hold(trip, 'DAR', 'DOD', x.carId, x.seatId, { luggageId: 6 }));
    const r = await a.reserve({ holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger({ name: 'PAYOUTRETRY' })], idempotencyKey: 'pay' });
    expect(await failure(a.payout({ pnr: r.pnr, amount: r.bill.amount }))).toMatchObject({ code: 'PAYOUT_REJECTED', retryable: true });
    const [p1, p2] = await Promise.all([b.payout({ pnr: r.pnr, amount: r.bill.amount }), a.payout({ pnr: r.pnr, amount: r.bill.amount })]);
    expect(p1).toEqual(p2);
    const [i1, i2] = await Promise.all([a.issue(r.pnr), b.issue(r.pnr)]);
    expect(i1).toEqual(i2);
    expect((await b.retrieveReservation(r.pnr))!.status).toBe('ISSUED');

    const y = await seat(b, trip, 'DAR', 'DOD');
    const h2 = await b.holdSeat(hold(trip, 'DAR', 'DOD', y.carId, y.seatId));
    const r2 = await b.reserve({ holds: [{ key: h2.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'cancel-me' });
    expect(await available(a, trip, 'MOR', 'DOD', y.seatId)).toBe(false);
    expect(await a.cancelReservation(r2.pnr)).toEqual({ pnr: r2.pnr, status: 'CANCELLED' });
    expect(await available(b, trip, 'DAR', 'DOD', y.seatId)).toBe(true);
    expect(await count('SELECT COUNT(*) AS n FROM rail_sim_seat_segment WHERE pnr = ?', [r2.pnr])).toBe(0);
  });
});

describe('rail simulator on MySQL: identifiers', () => {
  /** Another Wednesday, so these reservations leave the seats of the tests above alone. */
  const LATER = '2027-03-17';
  const platformKey = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}:0`;

  it('300 reservations in one database are all made, with distinct PNRs and ticket numbers', async () => {
    const seats: Array<{ trip: RailTrip; carId: number; seatId: number }> = [];
    for (const trip of await search(a, 'DAR', 'DOD', LATER)) {
      const details = await a.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop('DAR'), toStopId: stop('DOD'), date: LATER });
      for (const car of details.cars) for (const s of car.seats) if (s.type === 'SEAT' && s.available) seats.push({ trip, carId: car.carId, seatId: s.seatId });
    }
    const made = [];
    for (let i = 0; i < 300; i += 1) {
      const { trip, carId, seatId } = seats[i];
      const h = await (i % 2 ? b : a).holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId, { date: LATER }));
      made.push(await (i % 2 ? a : b).reserve({ holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: platformKey(i) }));
    }
    expect(new Set(made.map((r) => r.pnr)).size).toBe(300);
    expect(await count('SELECT COUNT(*) AS n FROM rail_sim_ticket_number WHERE pnr IN (?)', [made.map((r) => r.pnr)])).toBe(300);
  });

  it('a reservation whose ticket number belongs to another one takes its next PNR candidate', async () => {
    const key = 'ticket-number-taken';
    await sources[0].query('INSERT INTO rail_sim_ticket_number (ticket_number, pnr) VALUES (?, ?)', [ticketNumberFor(pnrCandidate(key, 0), 0), 'ZZZZZZ']);
    const trip = await trainOn(a, 'ETR-105', 'DAR', 'DOD', LATER);
    const { carId, seatId } = (
      await a.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop('DAR'), toStopId: stop('DOD'), date: LATER })
    ).cars
      .flatMap((c) => c.seats.filter((s) => s.type === 'SEAT' && s.available).map((s) => ({ carId: c.carId, seatId: s.seatId })))
      .at(-1)!;
    const h = await a.holdSeat(hold(trip, 'DAR', 'DOD', carId, seatId, { date: LATER }));
    const r = await a.reserve({ holds: [{ key: h.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: key });
    expect(r.pnr).toBe(pnrCandidate(key, 1));
    expect(r.ticketNumbers).toEqual([ticketNumberFor(r.pnr, 0)]);
  });
});
