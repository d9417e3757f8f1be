import { nextMonthDay } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestHold, RestTrainTrip } from '../support/rest-bodies';
import { createRailSimulator } from '../../subgraphs/train/provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from '../../subgraphs/train/provider/simulator/mysql-rail-simulator.repository';

const HOLD_LIFETIME_SECONDS = 600;
const MAX_HOLDS = 3;
const PARTNER = { DAR: 101, MOR: 106, DOD: 111 };

const travelDate = () => nextMonthDay(5);

/** POST /api/trip/train/seat/hold and GET .../seat/release: segments, conflicts, the cap, ownership. */
describe('train seat holds (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;
  let other: FlightClient;
  let train: { timeTableTrainSetId: number; carId: number; seats: Array<{ seatId: number; label: string }> };

  beforeAll(async () => {
    env = await startTestStack({ SGR_HOLD_LIFETIME_SECONDS: String(HOLD_LIFETIME_SECONDS), SGR_MAX_ACTIVE_HOLDS: String(MAX_HOLDS) });
    rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@holds.test', 'CUSTOMER');
    other = await FlightClient.create(env.baseUrl, env.stack.platform, 'other@holds.test', 'CUSTOMER');
    const res = await rider.call<{ data: RestTrainTrip[] }>('GET', `/api/trip/train/search?from=DAR:SGR:0&to=DOD:SGR:0&date=${travelDate()}`);
    const trip = res.body.data.find((t) => t.trip.number.startsWith('ORD'))!;
    // Seat ids come from the provider's seat map (what details shows).
    const provider = createRailSimulator({ store: new MysqlRailSimulatorStore(env.stack.platform.dataSource) });
    const [providerTrip] = (await provider.searchTrips({ fromStopId: 'DAR:SGR:0', toStopId: 'DOD:SGR:0', date: travelDate() })).filter(
      (t) => t.number === trip.trip.number,
    );
    const details = await provider.tripDetails({
      timeTableTrainSetId: providerTrip.timeTableTrainSetId,
      fromStopId: 'DAR:SGR:0',
      toStopId: 'DOD:SGR:0',
      date: travelDate(),
    });
    const car = details.cars.find((c) => c.carClass === 'ECONOMY')!;
    train = {
      timeTableTrainSetId: trip.trip.timeTableTrainSetId,
      carId: car.carId,
      seats: car.seats.filter((s) => s.type === 'SEAT').map((s) => ({ seatId: s.seatId, label: s.label })),
    };
  });
  afterAll(() => env.close());

  const hold = <T = { data: RestHold }>(client: FlightClient, seat: number, from = PARTNER.DAR, to = PARTNER.DOD, extra: Record<string, unknown> = {}) =>
    client.call<T>('POST', '/api/trip/train/seat/hold', {
      departureStopPartnerId: from,
      arrivalStopPartnerId: to,
      timeTableTrainSetId: train.timeTableTrainSetId,
      carId: train.carId,
      seat,
      ...extra,
    });
  const release = (client: FlightClient, key: string) => client.call<{ data: RestHold }>('GET', `/api/trip/train/seat/release?key=${encodeURIComponent(key)}`);
  const rawHold = (body: unknown) =>
    fetch(`${env.baseUrl}/api/trip/train/seat/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${rider.token}` },
      body: JSON.stringify(body),
    });

  it('holds a seat (HELD, a key, no-store) for the configured lifetime', async () => {
    const seat = train.seats[0];
    const res = await rawHold({
      departureStopPartnerId: PARTNER.DAR,
      arrivalStopPartnerId: PARTNER.DOD,
      timeTableTrainSetId: train.timeTableTrainSetId,
      carId: train.carId,
      seat: seat.seatId,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { data: RestHold };
    expect(body.data.hold).toMatchObject({ key: expect.any(String), status: 'HELD' });
    const lapse = new Date(body.data.hold.expiresAt).getTime() - Date.now();
    expect(lapse).toBeGreaterThan((HOLD_LIFETIME_SECONDS - 60) * 1000);
    expect(lapse).toBeLessThanOrEqual(HOLD_LIFETIME_SECONDS * 1000);
    expect((await release(rider, body.data.hold.key)).body.data.hold).toEqual({ key: body.data.hold.key, status: 'RELEASED' });
  });

  it('another customer gets SEAT_ALREADY_BOOKED with error.seatId and error.name; occupancy is per segment', async () => {
    const seat = train.seats[1];
    const mine = await hold(rider, seat.seatId, PARTNER.DAR, PARTNER.MOR);
    expect(mine.status).toBe(200);
    const taken = await hold(other, seat.seatId, PARTNER.DAR, PARTNER.DOD);
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ errorCode: 'SEAT_ALREADY_BOOKED', status: 400, error: { seatId: seat.seatId, name: seat.label } });
    const later = await hold(other, seat.seatId, PARTNER.MOR, PARTNER.DOD);
    expect(later.status).toBe(200);
    await release(rider, mine.body.data.hold.key);
    await release(other, later.body.data.hold.key);
  });

  it('release: only the owner (404 for others), repeatable, and the seat is free again', async () => {
    const seat = train.seats[2];
    const mine = await hold(rider, seat.seatId);
    const key = mine.body.data.hold.key;
    expect((await release(other, key)).status).toBe(404);
    const first = await fetch(`${env.baseUrl}/api/trip/train/seat/release?key=${encodeURIComponent(key)}`, {
      headers: { authorization: `Bearer ${rider.token}` },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await release(rider, key)).status).toBe(200);
    const again = await hold(other, seat.seatId);
    expect(again.status).toBe(200);
    await release(other, again.body.data.hold.key);
  });

  it(`an account holds at most ${MAX_HOLDS} seats at once (429); releasing one makes room`, async () => {
    const keys: string[] = [];
    for (let i = 0; i < MAX_HOLDS; i++) {
      const res = await hold(rider, train.seats[10 + i].seatId);
      expect(res.status).toBe(200);
      keys.push(res.body.data.hold.key);
    }
    const over = await hold(rider, train.seats[20].seatId);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ errorCode: 'SGR_HOLD_LIMIT_REACHED', data: { limit: MAX_HOLDS } });
    await release(rider, keys[0]);
    const room = await hold(rider, train.seats[20].seatId);
    expect(room.status).toBe(200);
    for (const key of [...keys.slice(1), room.body.data.hold.key]) await release(rider, key);
  });

  it('20 parallel holds of one seat by 20 customers: exactly one wins, the rest are SEAT_ALREADY_BOOKED', async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) => FlightClient.create(env.baseUrl, env.stack.platform, `racer${i}@holds.test`, 'CUSTOMER')),
    );
    const results = await Promise.all(clients.map((c) => hold<unknown>(c, train.seats[30].seatId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && (r.body as ErrorAnswer).errorCode === 'SEAT_ALREADY_BOOKED')).toHaveLength(19);
  });

  it('400 for missing or malformed fields, 404 for a train id never issued, 401 without a token', async () => {
    const missing = await rider.call<ErrorAnswer>('POST', '/api/trip/train/seat/hold', { carId: train.carId });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['departureStopPartnerId', 'arrivalStopPartnerId', 'timeTableTrainSetId', 'seat']),
    );
    expect((await hold(rider, train.seats[3].seatId, PARTNER.DAR, PARTNER.DOD, { seat: 'A1' })).status).toBe(400);
    expect((await hold(rider, train.seats[3].seatId, PARTNER.DAR, PARTNER.DOD, { timeTableTrainSetId: 4101 })).status).toBe(404);
    expect((await rider.call('GET', '/api/trip/train/seat/release')).status).toBe(400);
    const anonymous = await fetch(`${env.baseUrl}/api/trip/train/seat/release?key=x`);
    expect(anonymous.status).toBe(401);
  });
});
