import type { RailHoldInput, RailProvider, RailTrip } from './rail-provider.port';
import { PNR_ATTEMPTS } from './rail-simulator.adapter';
import { pnrCandidate } from './simulator/booking.builder';
import { InMemoryRailSimulatorStore, type InsertReservationOutcome } from './simulator/rail-simulator.store';
import { DATE, failure, NOW, PARTNER, passenger, search, simulator, stop, trainOn } from './simulator/rail-test.fixtures';

/** The first free economy seat of a trip between two stations, and its car. */
async function economySeat(sim: RailProvider, trip: RailTrip, from: string, to: string, skip = 0) {
  const details = await sim.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop(from), toStopId: stop(to), date: DATE });
  const car = details.cars.find((c) => c.carClass === 'ECONOMY')!;
  const seat = car.seats.filter((s) => s.type === 'SEAT' && s.available)[skip];
  return { car, seat };
}

function holdInput(trip: RailTrip, from: string, to: string, carId: number, seatId: number, extra: Partial<RailHoldInput> = {}): RailHoldInput {
  return { timeTableTrainSetId: trip.timeTableTrainSetId, date: DATE, fromPartnerId: PARTNER[from], toPartnerId: PARTNER[to], carId, seatId, ...extra };
}

async function seatAvailable(sim: RailProvider, trip: RailTrip, from: string, to: string, seatId: number): Promise<boolean> {
  const details = await sim.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop(from), toStopId: stop(to), date: DATE });
  return details.cars.flatMap((c) => c.seats).find((s) => s.seatId === seatId)!.available;
}

const economyEmpty = async (sim: RailProvider, from: string, to: string, number: string) =>
  (await trainOn(sim, number, from, to)).cars.filter((c) => c.carClass === 'ECONOMY').reduce((n, c) => n + c.emptySeats, 0);

/** Holds one economy seat DAR→DOD on ETR-101 and reserves it for the passengers' names. */
async function reserved(sim: RailProvider, names: string[] = ['Neema Mushi'], key = 'res-1') {
  const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
  const holds = [];
  for (let i = 0; i < names.length; i += 1) {
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD', i);
    holds.push({ key: (await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId))).key, passengerIndex: i });
  }
  return sim.reserve({ holds, passengers: names.map((name) => passenger({ name })), idempotencyKey: key });
}

describe('rail simulator: what a search reads', () => {
  it("reads the taken seats of all a search's trains in one store call, and a look-ahead check reads none", async () => {
    const store = new InMemoryRailSimulatorStore();
    const reads = jest.spyOn(store, 'takenSeats');
    const sim = simulator({ store });
    const trips = await search(sim, 'DAR', 'DOD');
    expect(trips.length).toBeGreaterThan(1);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0][0]).toHaveLength(trips.length);
    reads.mockClear();
    // Every day of a month, maintenance days (no trains) and sandbox fault days included: the same answer as a search.
    for (let day = 1; day <= 28; day++) {
      const date = `2027-04-${String(day).padStart(2, '0')}`;
      for (const [from, to] of [
        ['DAR', 'DOD'],
        ['DAR', 'MKP'],
      ]) {
        const input = { fromStopId: stop(from), toStopId: stop(to), date };
        const searched = await sim.searchTrips(input).then(
          (t) => t.length > 0,
          (e: Error) => e.message,
        );
        const checked = await sim.hasTrips(input).then(
          (has) => has,
          (e: Error) => e.message,
        );
        expect([date, from, to, checked]).toEqual([date, from, to, searched]);
      }
    }
    const searches = reads.mock.calls.length;
    await sim.hasTrips({ fromStopId: stop('DAR'), toStopId: stop('DOD'), date: DATE });
    expect(reads).toHaveBeenCalledTimes(searches);
  });
});

describe('rail simulator: seats are sold per segment', () => {
  it('a seat sold DAR→MOR is free MOR→DOD and taken DAR→DOD and PUG→KLS (5 economy cars of 60 on ordinary trains)', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ORD-201', 'DAR', 'MOR');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'MOR');
    await sim.holdSeat(holdInput(trip, 'DAR', 'MOR', car.carId, seat.seatId));
    expect(await seatAvailable(sim, trip, 'DAR', 'MOR', seat.seatId)).toBe(false);
    expect(await seatAvailable(sim, trip, 'MOR', 'DOD', seat.seatId)).toBe(true);
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', seat.seatId)).toBe(false);
    expect(await seatAvailable(sim, trip, 'PUG', 'KLS', seat.seatId)).toBe(false);
    expect(await economyEmpty(sim, 'DAR', 'DOD', 'ORD-201')).toBe(299);
    expect(await economyEmpty(sim, 'MOR', 'DOD', 'ORD-201')).toBe(300);
    // The same seat can be held MOR→DOD by someone else, but not DAR→DOD.
    await expect(sim.holdSeat(holdInput(trip, 'MOR', 'DOD', car.carId, seat.seatId))).resolves.toMatchObject({ status: 'HELD' });
    const clash = await failure(sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId)));
    expect(clash).toMatchObject({ code: 'SEAT_ALREADY_BOOKED', retryable: false, details: { seatId: seat.seatId, seatName: seat.label } });
    // Other trains and dates are untouched.
    expect(await economyEmpty(sim, 'DAR', 'MOR', 'ORD-205')).toBe(300);
  });

  it('concurrent holds of one seat: exactly one wins', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-103', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'SEAT_ALREADY_BOOKED' });
  });

  it('holds expire after their lifetime; release frees the seat at once', async () => {
    let now = NOW;
    const sim = simulator({ now: () => now, holdLifetimeMs: 10 * 60_000 });
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId));
    expect(hold.expiresAt).toBe(new Date(NOW.getTime() + 10 * 60_000).toISOString());
    now = new Date(NOW.getTime() + 10 * 60_000);
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', seat.seatId)).toBe(true);
    const again = await sim.holdSeat(holdInput(trip, 'DAR', 'MOR', car.carId, seat.seatId));
    await expect(sim.reserve({ holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'late' })).rejects.toMatchObject({
      code: 'HOLD_NOT_FOUND',
    });
    expect(await sim.releaseHold(again.key)).toEqual({ key: again.key, status: 'RELEASED' });
    expect(await sim.releaseHold(again.key)).toEqual({ key: again.key, status: 'RELEASED' });
    expect(await seatAvailable(sim, trip, 'DAR', 'MOR', seat.seatId)).toBe(true);
    await expect(sim.releaseHold('nope')).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
  });

  it('a caller hold key makes the hold retry-safe; reusing it for another seat is refused', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const first = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId, { holdKey: 'mine' }));
    expect(await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId, { holdKey: 'mine' }))).toEqual(first);
    expect(await failure(sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId + 1, { holdKey: 'mine' })))).toMatchObject({
      code: 'PROVIDER_REJECTED',
      providerCode: 'SGR-4008',
    });
  });

  it('refuses cells that are not places, unknown luggage and unknown trains', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const { car } = await economySeat(sim, trip, 'DAR', 'DOD');
    const wc = car.seats.find((s) => s.type === 'WC')!;
    expect(await failure(sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, wc.seatId)))).toMatchObject({ providerCode: 'SGR-4007' });
    const seat = car.seats.find((s) => s.type === 'SEAT')!;
    expect(await failure(sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId, { luggageId: 99 })))).toMatchObject({ providerCode: 'SGR-4006' });
    expect(await failure(sim.holdSeat({ ...holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId), timeTableTrainSetId: 1 }))).toMatchObject({
      code: 'TRIP_NOT_FOUND',
    });
  });
});

describe('rail simulator: reservation, payout, issue', () => {
  it('reserves held seats with fares by ticket type and luggage, a bill and a control number', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const a = await economySeat(sim, trip, 'DAR', 'DOD', 0);
    const b = await economySeat(sim, trip, 'DAR', 'DOD', 1);
    const h1 = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', a.car.carId, a.seat.seatId, { luggageId: 7 }));
    const h2 = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', b.car.carId, b.seat.seatId));
    const input = {
      holds: [
        { key: h1.key, passengerIndex: 0 },
        { key: h2.key, passengerIndex: 1 },
      ],
      passengers: [passenger(), passenger({ name: 'Baraka Mushi', ticketTypeId: 3 })],
      idempotencyKey: 'family',
    };
    const r = await sim.reserve(input);
    expect(r.pnr).toMatch(/^[A-Z][A-Z0-9]{5}$/);
    expect(r.tickets.map((t) => [t.passengerName, t.amount, t.status])).toEqual([
      ['Neema Mushi', '46000', 'RESERVED'],
      ['Baraka Mushi', '20000', 'RESERVED'],
    ]);
    expect(r.ticketNumbers).toEqual(r.tickets.map((t) => t.ticketNumber));
    expect(r.ticketNumbers.every((n) => /^\d{12}$/.test(n))).toBe(true);
    expect(r.bill).toMatchObject({ amount: '66000', currency: 'TZS', expireDate: new Date(NOW.getTime() + 35 * 60_000).toISOString() });
    expect(r.bill.controlNumber).toMatch(/^99\d{10}$/);
    expect(r).toMatchObject({ status: 'RESERVED', workflowStartConfirmed: true, workflowId: `sgr-reservation-${r.pnr}`, payoutReference: null });
    // Same key: the same reservation, even though the holds are now used.
    expect(await sim.reserve(input)).toEqual(r);
    expect(await sim.retrieveReservation(r.pnr)).toEqual(r);
    await expect(sim.releaseHold(h1.key)).rejects.toMatchObject({ providerCode: 'SGR-4091' });
    await expect(sim.reserve({ ...input, idempotencyKey: 'other' })).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', a.seat.seatId)).toBe(false);
  });

  it('concurrent reservations with one idempotency key make one reservation', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ORD-205', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId));
    const input = { holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'race' };
    const results = await Promise.all(Array.from({ length: 5 }, () => sim.reserve(input)));
    expect(new Set(results.map((r) => r.pnr)).size).toBe(1);
  });

  it('validates passengers with the provider codes before touching the holds', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId));
    const attempt = (p = passenger(), idempotencyKey = 'v') =>
      failure(sim.reserve({ holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [p], idempotencyKey }));
    expect(await attempt(passenger({ phone: '0712345678' }))).toMatchObject({ code: 'PROVIDER_REJECTED', providerCode: 'SGR-4002' });
    expect(await attempt(passenger({ ticketTypeId: 1 }))).toMatchObject({ providerCode: 'SGR-4003' });
    expect(await attempt(passenger({ nationalityTypeId: 77 }))).toMatchObject({ providerCode: 'SGR-4004' });
    expect(await attempt(passenger({ name: 'rejected' }))).toMatchObject({
      code: 'PROVIDER_REJECTED',
      providerCode: 'SGR-4001',
      message: 'Passenger name not allowed',
      retryable: false,
    });
    // Nothing was reserved: the hold still works.
    expect((await sim.reserve({ holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'v' })).status).toBe('RESERVED');
  });

  it('NOWORKFLOW: the reservation exists but its workflow start is unconfirmed, also on retry', async () => {
    const sim = simulator();
    const r = await reserved(sim, ['Neema Mushi', 'NoWorkflow'], 'wf');
    expect(r).toMatchObject({ status: 'RESERVED', workflowStartConfirmed: false });
    expect(r.ticketNumbers).toHaveLength(2);
    expect(await sim.retrieveReservation(r.pnr)).toEqual(r);
  });

  it('LOSTANSWER: the first call makes the reservation but times out; every later call with the key returns it', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-103', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId));
    const input = { holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger({ name: 'LostAnswer' })], idempotencyKey: 'lost' };
    expect(await failure(sim.reserve(input))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    // Made all the same: the seat is sold and the hold used.
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', seat.seatId)).toBe(false);
    const found = await sim.reserve(input);
    expect(found).toMatchObject({ status: 'RESERVED', tickets: [{ holdKey: hold.key, seatId: seat.seatId }] });
    expect(await sim.reserve(input)).toEqual(found);
    expect(await sim.retrieveReservation(found.pnr)).toEqual(found);
  });

  it('NOANSWER: the first call makes the reservation; every call with the key times out, so the answer never arrives', async () => {
    const sim = simulator();
    const trip = await trainOn(sim, 'ETR-103', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId));
    const input = { holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger({ name: 'NoAnswer' })], idempotencyKey: 'never' };
    for (let call = 0; call < 3; call += 1) expect(await failure(sim.reserve(input))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', seat.seatId)).toBe(false);
  });

  it('payout of the bill amount, then issue: tickets ISSUED; both idempotent', async () => {
    const sim = simulator();
    const r = await reserved(sim);
    expect(await failure(sim.issue(r.pnr))).toMatchObject({ code: 'PROVIDER_REJECTED', providerCode: 'SGR-4095' });
    expect(await failure(sim.payout({ pnr: r.pnr, amount: '100' }))).toMatchObject({
      code: 'PAYOUT_REJECTED',
      providerCode: 'SGR-4221',
      details: { stage: 'VALIDATION' },
    });
    const paid = await sim.payout({ pnr: r.pnr, amount: r.bill.amount });
    expect(paid).toMatchObject({ pnr: r.pnr, status: 'PAID' });
    expect(await sim.payout({ pnr: r.pnr, amount: r.bill.amount })).toEqual(paid);
    await expect(sim.cancelReservation(r.pnr)).rejects.toMatchObject({ providerCode: 'SGR-4093' });
    const issued = await sim.issue(r.pnr);
    expect(issued).toEqual({ pnr: r.pnr, tickets: r.ticketNumbers.map((ticketNumber) => ({ ticketNumber, status: 'ISSUED' })) });
    expect(await sim.issue(r.pnr)).toEqual(issued);
    expect(await sim.retrieveReservation(r.pnr)).toMatchObject({ status: 'ISSUED', payoutReference: paid.reference, tickets: [{ status: 'ISSUED' }] });
  });

  it('PAYOUTFAIL: payout rejected at the PAYOUT stage, not retryable; PAYOUTRETRY fails once, retryable', async () => {
    const sim = simulator();
    const failing = await reserved(sim, ['PAYOUTFAIL'], 'pf');
    const error = await failure(sim.payout({ pnr: failing.pnr, amount: failing.bill.amount }));
    expect(error).toMatchObject({ code: 'PAYOUT_REJECTED', providerCode: 'SGR-5002', retryable: false, details: { stage: 'PAYOUT' } });
    expect((await sim.retrieveReservation(failing.pnr))!.status).toBe('RESERVED');

    const flaky = await reserved(sim, ['PayoutRetry'], 'pr');
    expect(await failure(sim.payout({ pnr: flaky.pnr, amount: flaky.bill.amount }))).toMatchObject({
      providerCode: 'SGR-5031',
      retryable: true,
      details: { stage: 'PAYOUT' },
    });
    expect(await sim.payout({ pnr: flaky.pnr, amount: flaky.bill.amount })).toMatchObject({ status: 'PAID' });
  });

  it('ISSUEFAIL: issue refused after the payout, not retryable, every time; the reservation stays paid', async () => {
    const sim = simulator();
    const r = await reserved(sim, ['IssueFail'], 'if');
    await sim.payout({ pnr: r.pnr, amount: r.bill.amount });
    expect(await failure(sim.issue(r.pnr))).toMatchObject({ code: 'PROVIDER_REJECTED', providerCode: 'SGR-4096', retryable: false });
    expect(await failure(sim.issue(r.pnr))).toMatchObject({ providerCode: 'SGR-4096' });
    expect(await sim.retrieveReservation(r.pnr)).toMatchObject({ status: 'PAID', tickets: [{ status: 'RESERVED' }] });
  });

  it('an expired bill cannot be paid; cancelling frees the seats and is idempotent', async () => {
    let now = NOW;
    const sim = simulator({ now: () => now });
    const r = await reserved(sim);
    const seatId = r.tickets[0].seatId;
    const trip = await trainOn(sim, 'ETR-101', 'DAR', 'DOD');
    now = new Date(NOW.getTime() + 35 * 60_000);
    expect(await failure(sim.payout({ pnr: r.pnr, amount: r.bill.amount }))).toMatchObject({ providerCode: 'SGR-4101', details: { stage: 'VALIDATION' } });
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', seatId)).toBe(false);
    expect(await sim.cancelReservation(r.pnr)).toEqual({ pnr: r.pnr, status: 'CANCELLED' });
    expect(await sim.cancelReservation(r.pnr)).toEqual({ pnr: r.pnr, status: 'CANCELLED' });
    expect(await seatAvailable(sim, trip, 'DAR', 'DOD', seatId)).toBe(true);
    expect(await failure(sim.issue(r.pnr))).toMatchObject({ providerCode: 'SGR-4102' });
    expect(await failure(sim.cancelReservation('ZZZZZZ'))).toMatchObject({ providerCode: 'SGR-4044' });
  });
});

describe('rail simulator: search triggers', () => {
  it('searches from or to Makutupora fail on the 13th (PROVIDER_UNAVAILABLE) and the 15th (TIMEOUT); other pairs do not', async () => {
    const sim = simulator();
    expect(await failure(search(sim, 'DAR', 'MKP', '2027-03-13'))).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    expect(await failure(search(sim, 'MKP', 'MOR', '2027-04-13'))).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(await failure(search(sim, 'MKP', 'DAR', '2027-03-15'))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect((await search(sim, 'DAR', 'DOD', '2027-03-13')).length).toBe(6);
    expect((await search(sim, 'DAR', 'MKP', '2027-03-14')).length).toBeGreaterThan(0);
  });

  it('look-ahead recipes: empty 11th and 12th, failing 13th on the Makutupora pair', async () => {
    const sim = simulator();
    expect(await search(sim, 'DAR', 'MKP', '2027-03-11')).toEqual([]);
    expect(await search(sim, 'DAR', 'MKP', '2027-03-12')).toEqual([]);
    await expect(search(sim, 'DAR', 'MKP', '2027-03-13')).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect((await search(sim, 'DAR', 'DOD', '2027-03-13')).length).toBeGreaterThan(0);
  });

  it('ORD-203 never has stop times (enrichment unavailable); the other trains do', async () => {
    const sim = simulator();
    const trips = await search(sim, 'DAR', 'MOR');
    expect(trips.find((t) => t.number === 'ORD-203')!.stopTimes).toBeNull();
    expect(trips.filter((t) => t.number !== 'ORD-203').every((t) => Array.isArray(t.stopTimes))).toBe(true);
  });
});

export {};

describe('rail simulator: identifiers', () => {
  /** Idempotency keys as the platform makes them (`<reservation uuid>:<attempt>`), differing only in their last characters. */
  const platformKey = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}:0`;

  it('5,000 reservation keys give 5,000 distinct PNR candidates of the provider form', () => {
    const pnrs = Array.from({ length: 5000 }, (_, i) => pnrCandidate(platformKey(i), 0));
    expect(new Set(pnrs).size).toBe(5000);
    expect(pnrs.filter((pnr) => !/^[A-HJ-NP-Z][A-HJ-NP-Z2-9]{5}$/.test(pnr))).toEqual([]);
  });

  it('400 reservations in one simulator are all made, with distinct PNRs and ticket numbers', async () => {
    const sim = simulator();
    const seats: Array<{ trip: RailTrip; carId: number; seatId: number }> = [];
    for (const trip of await search(sim, 'DAR', 'DOD')) {
      const details = await sim.tripDetails({ timeTableTrainSetId: trip.timeTableTrainSetId, fromStopId: stop('DAR'), toStopId: stop('DOD'), date: DATE });
      for (const car of details.cars) for (const s of car.seats) if (s.type === 'SEAT' && s.available) seats.push({ trip, carId: car.carId, seatId: s.seatId });
    }
    expect(seats.length).toBeGreaterThanOrEqual(400);
    const made = [];
    for (let i = 0; i < 400; i += 1) {
      const { trip, carId, seatId } = seats[i];
      const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', carId, seatId));
      made.push(await sim.reserve({ holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: platformKey(i) }));
    }
    expect(new Set(made.map((r) => r.pnr)).size).toBe(400);
    expect(new Set(made.flatMap((r) => r.ticketNumbers)).size).toBe(400);
  });

  it('a store where every PNR is taken: reserve gives up after its bound with a clear error, having made nothing', async () => {
    let tries = 0;
    const store = new (class extends InMemoryRailSimulatorStore {
      override async insertReservation(): Promise<InsertReservationOutcome> {
        tries += 1;
        return { kind: 'PNR_TAKEN' };
      }
    })();
    const sim = simulator({ store });
    const trip = await trainOn(sim, 'ETR-103', 'DAR', 'DOD');
    const { car, seat } = await economySeat(sim, trip, 'DAR', 'DOD');
    const hold = await sim.holdSeat(holdInput(trip, 'DAR', 'DOD', car.carId, seat.seatId));
    const error = await failure(sim.reserve({ holds: [{ key: hold.key, passengerIndex: 0 }], passengers: [passenger()], idempotencyKey: 'crowded' }));
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: false });
    expect(error.message).toMatch(/Could not allocate a reservation number: all 5 candidate PNRs are taken/);
    expect(tries).toBe(PNR_ATTEMPTS);
    expect((await store.getHold(hold.key))!.status).toBe('HELD');
  });
});
