import { nextMonthDay, reserveSeat, seatReserveBody, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestHold, RestTrainIssuance, RestTrainTrip } from '../support/rest-bodies';
import { waitFor } from '../support/wait';

const DATE = nextMonthDay(7);
const HHMM = /^\d{2}:\d{2}$/;
/** A TZS amount in the currency's decimals: none. */
const TZS = /^\d+$/;

/** A settled send-notification result as the spec names it. */
interface Settled {
  status: 'fulfilled' | 'rejected';
  value?: { channel: string; notificationId: string; email?: { success: boolean }; whatsapp?: { success: boolean } };
  reason?: { channel: string; errorCode: string };
}

/**
 * The train REST answers in the form openapi.json documents (docs/decisions.md "REST contract: train"). Each test asserts a
 * documented member the answers got wrong before: members wrapped in a `data` the spec does not name, null for an absent
 * optional member, the details' seat id refused by the hold, no Cache-Control on an error of seat/release. Every answer
 * here is also checked against openapi.json by the contract hook (test/support/contract-hook.ts).
 */
describe('train REST answers in their documented shape', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let other: FlightClient;
  let admin: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '20' });
    const { platform } = env.stack;
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@contract.test', 'THIRD_PARTY_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    other = await FlightClient.create(env.baseUrl, platform, 'other@contract.test', 'CUSTOMER');
    admin = await FlightClient.create(env.baseUrl, platform, 'admin@contract.test', 'ADMIN');
    trip = await selectExpressTrain(agent, DATE);
  });
  afterAll(() => env.close());

  const hold = <T = { data: RestHold }>(client: FlightClient, seat: unknown) =>
    client.call<T>('POST', '/api/trip/train/seat/hold', {
      departureStopPartnerId: trip.from,
      arrivalStopPartnerId: trip.to,
      timeTableTrainSetId: trip.details.trip.timeTableTrainSetId,
      carId: trip.seats[0].carId,
      seat,
    });
  const status = (ref: string) => agent.call<RestTrainIssuance>('GET', `/api/trip/train/ticket/${ref}/issuance`);

  /** reserve → issue → ISSUED, one adult. */
  async function issuedBooking(): Promise<string> {
    const { paymentReference } = await reserveSeat(agent, trip, trip.seats[cursor++]);
    expect((await agent.call('POST', `/api/trip/train/ticket/${paymentReference}/issue`, {})).status).toBe(202);
    const done = await waitFor(
      () => status(paymentReference),
      (r) => r.status === 200 && r.body.issuance.status !== 'ISSUING',
    );
    expect(done.body.issuance.status).toBe('ISSUED');
    return paymentReference;
  }

  it('search: every stop time has both time keys, null where the train has none (arrival at the first stop); TZS amounts have no decimals', async () => {
    const res = await agent.call<{ data: RestTrainTrip[] }>(
      'GET',
      `/api/trip/train/search?${new URLSearchParams({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: DATE })}`,
    );
    expect(res.status).toBe(200);
    const train = res.body.data.find((t) => t.trip.number === trip.details.trip.number)!;
    const stopTimes = train.stopTimes!;
    expect(stopTimes[0].arrivalTime).toBeNull();
    expect(stopTimes[0].departureTime).toMatch(HHMM);
    expect(stopTimes[stopTimes.length - 1].departureTime).toBeNull();
    for (const [i, s] of stopTimes.entries()) {
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['arrivalTime', 'departureTime']));
      if (i > 0) expect(s.arrivalTime).toMatch(HHMM);
      if (i < stopTimes.length - 1) expect(s.departureTime).toMatch(HHMM);
    }
    // "string or null" in the spec: present, possibly null.
    expect(train.trip).toHaveProperty('gtfsTripId');
    expect(train.trip).toHaveProperty('headsign');
    for (const amount of [train.price.total, train.price.bookingFeeTotal, train.price.grandTotal, ...train.price.fees.map((f) => f.amount)])
      expect(amount).toMatch(TZS);
  });

  it('search: FROM_STOP_ID_REQUIRED names the missing parameters and carries error {}', async () => {
    const res = await agent.call<ErrorAnswer>('GET', '/api/trip/train/search?to=DOD:SGR:0&from=%20');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorCode: 'FROM_STOP_ID_REQUIRED',
      errorMessage: expect.stringContaining('from, date'),
      status: 400,
      data: { fields: [expect.objectContaining({ field: 'from' }), expect.objectContaining({ field: 'date' })] },
      error: {},
    });
  });

  it('seat/hold takes the seat id as details gives it (a numeric string) as well as a number; SEAT_ALREADY_BOOKED carries error.seatId and error.name', async () => {
    const seat = trip.details.train.cars.find((c) => c.id === trip.seats[0].carId)!.seats.find((s) => Number(s.id) === trip.seats[cursor].seatId)!;
    cursor++;
    expect(typeof seat.id).toBe('string');
    const held = await hold(agent, seat.id);
    expect(held.status).toBe(200);
    expect(held.body.data.hold).toMatchObject({ key: expect.any(String), status: 'HELD' });
    const taken = await hold<ErrorAnswer>(other, Number(seat.id));
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ errorCode: 'SEAT_ALREADY_BOOKED', error: { seatId: Number(seat.id), name: seat.label } });
    const notASeat = await hold<ErrorAnswer>(agent, 'A1');
    expect(notASeat.status).toBe(400);
    expect(notASeat.body.data.fields.map((f) => f.field)).toEqual(['seat']);
    expect((await agent.call('GET', `/api/trip/train/seat/release?key=${encodeURIComponent(held.body.data.hold.key)}`)).status).toBe(200);
  });

  it('seat/release: every answer carries Cache-Control: no-store, errors included, and every error carries error {}', async () => {
    const answers = [
      await fetch(`${env.baseUrl}/api/trip/train/seat/release`, { headers: { authorization: `Bearer ${agent.token}` } }),
      await fetch(`${env.baseUrl}/api/trip/train/seat/release?key=no-such-hold`, { headers: { authorization: `Bearer ${agent.token}` } }),
      await fetch(`${env.baseUrl}/api/trip/train/seat/release?key=no-such-hold`),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(((await answer.json()) as ErrorAnswer).error).toEqual({});
    }
  });

  it('issue 202 and GET …/issuance answer the status members at the top level, with no data envelope', async () => {
    const { paymentReference, data } = await reserveSeat(agent, trip, trip.seats[cursor++]);
    expect(data.bill.paymentRequired).toMatch(TZS);
    for (const item of data.paymentItems) expect(item.price).toMatch(TZS);
    const issued = await agent.call<RestTrainIssuance>('POST', `/api/trip/train/ticket/${paymentReference}/issue`, {});
    expect(issued.status).toBe(202);
    expect(issued.body).not.toHaveProperty('data');
    expect(issued.body).not.toHaveProperty('payable');
    expect(issued.body).toMatchObject({
      paymentReference,
      funding: { source: 'AGENT_WALLET', status: 'AGENT_WALLET_ADMITTED', walletDebited: false },
      payout: { status: expect.any(String) },
      issuance: { status: 'ISSUING', internalExpiresAt: expect.any(String), providerExpiresAt: expect.any(String) },
    });
    const done = await waitFor(
      () => status(paymentReference),
      (r) => r.status === 200 && r.body.issuance?.status === 'ISSUED',
    );
    expect(done.body).not.toHaveProperty('data');
    expect(done.body).not.toHaveProperty('failure');
    expect(done.body).toMatchObject({
      paymentReference,
      funding: { status: 'AGENT_WALLET_DEBITED', walletDebited: true },
      payable: { baseAmount: data.bill.paymentRequired, baseCurrency: 'TZS', paymentRequired: '0' },
    });
  });

  it('GET …/issuance of a reservation whose provider answer was lost: the window instants are absent, not null', async () => {
    const body = await seatReserveBody(agent, trip, trip.seats[cursor++], { passengerName: 'LOSTANSWER' });
    const pending = await agent.call<ErrorAnswer>('POST', '/api/trip/train/seat/reserve', body);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ errorCode: 'SGR_RESERVATION_PENDING', error: {} });
    const res = await status(pending.body.data.paymentReference as string);
    expect(res.status).toBe(200);
    expect(res.body.issuance).toEqual({ status: 'NOT_STARTED' });
    expect(res.body).not.toHaveProperty('payable');
  });

  it('send-notification answers one settled result per selected channel as the body itself, in request order', async () => {
    const paymentReference = await issuedBooking();
    const res = await admin.call<Settled[]>('POST', '/api/trip/train/send-notification', { paymentReference, notificationChannels: ['WHATSAPP', 'EMAIL'] });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((r) => r.value?.channel ?? r.reason?.channel)).toEqual(['WHATSAPP', 'EMAIL']);
    expect(res.body[0]).toMatchObject({ status: 'fulfilled', value: { channel: 'WHATSAPP', notificationId: expect.any(String), whatsapp: { success: true } } });
    expect(res.body[1]).toMatchObject({ status: 'fulfilled', value: { channel: 'EMAIL', email: { success: true } } });
  });
});
