import { nextMonthDay, seatPassenger } from '../support/train-trip';
import { omit } from '../../shared/object/omit.mapper';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestHold, RestTrainDetails, RestTrainReservation, RestTrainTrip } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { createRailSimulator } from '../../subgraphs/train/provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from '../../subgraphs/train/provider/simulator/mysql-rail-simulator.repository';
import { TrainPaymentSettlement } from '../../subgraphs/train/payments/train-payment-settlement.service';
import { trainPortsOf } from '../../subgraphs/train/train.wiring';
import { TrainPaymentRepository } from '../../subgraphs/train/payments/train-payment.repository';
import { TrainIssuanceRepository } from '../../subgraphs/train/issuance/train-issuance.repository';
import { trainReservationExpiryJob } from '../../subgraphs/train/jobs/train-reservation-expiry.job';
import { TrainReservationRepository } from '../../subgraphs/train/reservations/reservation.repository';

const travelDate = () => nextMonthDay(5);

const DATE = travelDate();
const FALLBACK_PHONE = '620000000';
const DATA_KEYS = ['provider', 'journeyType', 'reservation', 'bill', 'paymentReference', 'paymentWindow', 'paymentItems', 'trainTicketUuids'];

interface Held {
  key: string;
  carId: number;
  carTypeId: number;
  seatId: number;
}

/** POST /api/trip/train/seat/reserve end to end: search → details → hold → reserve, against the SGR simulator. */
describe('train reservation (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;
  let other: FlightClient;
  let partner: FlightClient;
  const trips = {} as Record<
    'out' | 'back',
    { details: RestTrainDetails; from: number; to: number; seats: Array<{ carId: number; carTypeId: number; seatId: number }> }
  >;
  const cursor = { out: 0, back: 0 };
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const count = async (q: string, params: unknown[] = []) => Number((await sql(q, params))[0].n);
  // JSON columns may come back parsed or as text depending on the server.
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60', SGR_LOCAL_FALLBACK_PHONE: FALLBACK_PHONE });
    rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@reserve.test', 'CUSTOMER');
    other = await FlightClient.create(env.baseUrl, env.stack.platform, 'other@reserve.test', 'CUSTOMER');
    partner = await FlightClient.create(env.baseUrl, env.stack.platform, 'api@reserve.test', 'THIRD_PARTY_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    for (const [name, from, to] of [
      ['out', 'DAR:SGR:0', 'DOD:SGR:0'],
      ['back', 'DOD:SGR:0', 'DAR:SGR:0'],
    ] as const) {
      const search = await rider.call<{ data: RestTrainTrip[] }>('GET', `/api/trip/train/search?${new URLSearchParams({ from, to, date: DATE })}`);
      expect(search.status).toBe(200);
      const item = search.body.data.find((t) => t.trip.number.startsWith('ETR'))!;
      const details = await rider.call<{ data: RestTrainDetails }>('POST', '/api/trip/train/details', { trip: item });
      expect(details.status).toBe(200);
      const car = details.body.data.train.cars.find((c) => c.seats.some((s) => s.class === 'ECONOMY'))!;
      trips[name] = {
        details: details.body.data,
        from: item.departure.stop.partners[0].id,
        to: item.arrival.stop.partners[0].id,
        seats: car.seats.filter((s) => s.type === 'SEAT' && s.available).map((s) => ({ carId: car.id, carTypeId: car.carTypeId, seatId: Number(s.id) })),
      };
    }
  });
  afterAll(() => env.close());

  /** Holds the next free economy seat of the outbound (or return) train for `client`. */
  async function hold(client: FlightClient, which: 'out' | 'back' = 'out'): Promise<Held> {
    const t = trips[which];
    const seat = t.seats[cursor[which]++];
    const res = await client.call<{ data: RestHold }>('POST', '/api/trip/train/seat/hold', {
      departureStopPartnerId: t.from,
      arrivalStopPartnerId: t.to,
      timeTableTrainSetId: t.details.trip.timeTableTrainSetId,
      carId: seat.carId,
      seat: seat.seatId,
    });
    expect(res.status).toBe(200);
    return { key: res.body.data.hold.key, ...seat };
  }

  /** The details object narrowed to the selected car and seats, as the spec's client sends it. */
  function selected(which: 'out' | 'back', seats: Held[]) {
    const d = trips[which].details;
    const cars = d.train.cars
      .filter((c) => seats.some((s) => s.carId === c.id))
      .map((c) => ({ ...c, seats: c.seats.filter((s) => seats.some((h) => Number(s.id) === h.seatId)) }));
    return { ...d, train: { ...d.train, cars } };
  }

  const passenger = (h: Held, extra: Record<string, unknown> = {}) => ({ ...seatPassenger(h, h.key), ...extra });
  const withReturn = (h: Held) => ({ returnSeatHoldKey: h.key, returnCarId: h.carId, returnCarTypeId: h.carTypeId, returnSeatId: h.seatId });
  const reserve = <T = { data: RestTrainReservation }>(client: FlightClient, body: unknown, headers: Record<string, string> = {}) =>
    client.call<T>('POST', '/api/trip/train/seat/reserve', body, headers);
  const oneWay = async (client: FlightClient, extra: Record<string, unknown> = {}, body: Record<string, unknown> = {}) => {
    const h = await hold(client);
    return { h, body: { outbound: selected('out', [h]), passengers: [passenger(h, extra)], ...body } };
  };

  it('one-way customer reservation: 200 with every field, tickets stored with the channel, holds reserved, follow-ups queued', async () => {
    const [a, c] = [await hold(rider), await hold(rider)];
    const body = {
      outbound: selected('out', [a, c]),
      return: null,
      passengers: [
        passenger(a),
        passenger(c, { passengerName: 'Juma Mwinyi', ticketTypeId: 3, ageCategory: 'Child', gender: 'Male', phone: '0754123456', email: '' }),
      ],
      issuerDeviceInfo: { deviceId: 'dev-1', appName: 'Safiri', appVersion: '3.1.0' },
    };
    const started = Date.now();
    const res = await reserve(rider, body, { 'x-authentication-context': 'MOBILE_APP' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual([...DATA_KEYS].sort());
    expect(d).toMatchObject({
      provider: 'RAIL_SGR',
      journeyType: 'ONE_WAY',
      reservation: { pnr: expect.stringMatching(/^[A-Z0-9]{6}$/), passengerCount: 2, segmentCount: 1 },
    });
    expect(d.reservation.ticketNumbers).toHaveLength(2);
    for (const n of d.reservation.ticketNumbers) expect(n).toMatch(/^19\d{10}$/);
    // DAR–DOD economy: adult 40,000 and child 20,000, plus the 2,000 service commission each.
    expect(d.bill).toEqual({
      id: expect.stringMatching(/^BL\d{10}$/),
      expireDate: d.paymentWindow.providerExpiresAt,
      paymentRequired: '64000',
      controlNumber: expect.stringMatching(/^99\d{10}$/),
    });
    expect(d.paymentReference).toMatch(/^SGRP[A-Z2-9]{10}$/);
    const w = d.paymentWindow;
    expect(Object.keys(w).sort()).toEqual(['expiresAt', 'expiresInMinutes', 'internalExpiresAt', 'providerExpiresAt']);
    expect([24, 25]).toContain(w.expiresInMinutes);
    expect(Date.parse(w.internalExpiresAt) - started).toBeGreaterThanOrEqual(25 * 60_000 - 1000);
    expect(Date.parse(w.internalExpiresAt) - started).toBeLessThanOrEqual(25 * 60_000 + 30_000);
    // The provider bill lives 35 minutes, so the 25-minute window decides; it always ends before the bill.
    expect(w.expiresAt).toBe(w.internalExpiresAt);
    expect(Date.parse(w.providerExpiresAt) - 120_000).toBeGreaterThan(Date.parse(w.expiresAt));
    expect(d.paymentItems).toEqual([
      { identifier: d.reservation.ticketNumbers[0], journey: 'OUTBOUND', passengerName: 'Asha Mwinyi', price: '42000', trainTicketUuid: d.trainTicketUuids[0] },
      { identifier: d.reservation.ticketNumbers[1], journey: 'OUTBOUND', passengerName: 'Juma Mwinyi', price: '22000', trainTicketUuid: d.trainTicketUuids[1] },
    ]);
    expect(new Set(d.trainTicketUuids).size).toBe(2);

    const tickets = await sql('SELECT * FROM train_ticket WHERE train_ticket_uuid IN (?, ?) ORDER BY passenger_index', d.trainTicketUuids);
    expect(tickets.map((t) => [t.status, t.authentication_context, t.passenger_phone, t.seat_id])).toEqual([
      ['RESERVED', 'MOBILE_APP', '+255712345678', a.seatId],
      ['RESERVED', 'MOBILE_APP', '+255754123456', c.seatId],
    ]);
    const [r] = await sql('SELECT * FROM train_reservation WHERE payment_reference = ?', [d.paymentReference]);
    expect(json(r.issuer_device_info)).toEqual(body.issuerDeviceInfo);
    expect(json<Array<{ countryCodeName: string }>>(r.passengers)[0].countryCodeName).toBe('tz');
    expect((await sql('SELECT status FROM train_seat_hold WHERE hold_key IN (?, ?)', [a.key, c.key])).map((h) => h.status)).toEqual(['RESERVED', 'RESERVED']);
    const jobs = await sql<{ job_name: string; payload: string }>("SELECT job_name, payload FROM outbox_message WHERE job_name = 'train-reservation-expiry'");
    expect(jobs.map((j) => JSON.parse(j.payload))).toContainEqual({ reservationId: r.id });
    expect(jobs.every((j) => !/Asha|2557/.test(j.payload))).toBe(true);
    const notes = await sql('SELECT message_type FROM notification WHERE booking_kind = ? AND booking_id = ? ORDER BY message_type', ['train', r.id]);
    expect(notes.map((n) => n.message_type)).toEqual(['RESERVATION', 'RESERVATION_REMINDER']);
  });

  it('a return journey is ROUND_TRIP with an outbound and a return ticket per passenger', async () => {
    const [o1, o2, r1, r2] = [await hold(rider), await hold(rider), await hold(rider, 'back'), await hold(rider, 'back')];
    const res = await reserve(rider, {
      outbound: selected('out', [o1, o2]),
      return: selected('back', [r1, r2]),
      passengers: [passenger(o1, withReturn(r1)), passenger(o2, { ...withReturn(r2), passengerName: 'Baraka Ali' })],
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ journeyType: 'ROUND_TRIP', reservation: { passengerCount: 2, segmentCount: 2 } });
    expect(d.reservation.ticketNumbers).toHaveLength(4);
    expect(d.paymentItems.map((i) => [i.passengerName, i.journey])).toEqual([
      ['Asha Mwinyi', 'OUTBOUND'],
      ['Asha Mwinyi', 'RETURN'],
      ['Baraka Ali', 'OUTBOUND'],
      ['Baraka Ali', 'RETURN'],
    ]);
    expect(d.bill.paymentRequired).toBe('168000');
    const rows = await sql('SELECT journey, from_stop_id, seat_id FROM train_ticket WHERE train_ticket_uuid = ?', [d.trainTicketUuids[1]]);
    expect(rows).toEqual([{ journey: 'RETURN', from_stop_id: 'DOD:SGR:0', seat_id: r1.seatId }]);
  });

  it('422 SGR_PASSENGER_DATA_INVALID lists every problem by passenger before the provider is called', async () => {
    const [a, b] = [await hold(rider), await hold(rider)];
    const res = await reserve<ErrorAnswer>(rider, {
      outbound: selected('out', [a, b]),
      passengers: [
        passenger(a, { passengerName: ' ', phone: '+25571234', email: 'asha@', gender: 'F', ageCategory: 'Child', nationalityTypeId: 9 }),
        passenger(b, { phone: '0712345678', countryCodeName: null, outboundCarTypeId: 99, outboundSeatId: a.seatId, returnSeatHoldKey: 'x', ticketTypeId: 5 }),
        { passengerName: 'No Seat', phone: '+255712345679', nationalityTypeId: 1, ticketTypeId: 4 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe('SGR_PASSENGER_DATA_INVALID');
    const got = res.body.data.fields.map((f) => `${f.passengerIndex}:${f.field}`);
    expect(got.sort()).toEqual(
      [
        '0:passengerName',
        '0:phone',
        '0:email',
        '0:gender',
        '0:ageCategory',
        '0:nationalityTypeId',
        '1:phone',
        '1:outboundCarTypeId',
        '1:outboundSeatId',
        '1:returnSeatHoldKey',
        '1:ticketTypeId',
        '2:outboundSeatHoldKey',
        '2:outboundCarId',
        '2:outboundCarTypeId',
        '2:outboundSeatId',
      ].sort(),
    );
    for (const f of res.body.data.fields) expect(f.message).toEqual(expect.any(String));
    // Nothing reached the provider: the holds are still ours to use.
    expect((await sql('SELECT status FROM train_seat_hold WHERE hold_key IN (?, ?)', [a.key, b.key])).map((h) => h.status)).toEqual(['HELD', 'HELD']);
    const store = new MysqlRailSimulatorStore(env.stack.platform.dataSource);
    expect([(await store.getHold(a.key))!.status, (await store.getHold(b.key))!.status]).toEqual(['HELD', 'HELD']);
  });

  it.each([
    ['a hold of another account', async () => ({ h: await hold(other) }), 'is not a seat hold of your account'],
    [
      'a released hold',
      async () => {
        const h = await hold(rider);
        expect((await rider.call('GET', `/api/trip/train/seat/release?key=${encodeURIComponent(h.key)}`)).status).toBe(200);
        return { h };
      },
      'was released; hold the seat again',
    ],
    [
      'an expired hold',
      async () => {
        const h = await hold(rider);
        await sql('UPDATE train_seat_hold SET expires_at = ? WHERE hold_key = ?', [new Date(Date.now() - 1000), h.key]);
        return { h };
      },
      'has expired; hold the seat again',
    ],
  ])('422 for %s', async (_name, make, message) => {
    const { h } = await make();
    const res = await reserve(rider, { outbound: selected('out', [h]), passengers: [passenger(h)] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      errorCode: 'SGR_PASSENGER_DATA_INVALID',
      data: { fields: [{ passengerIndex: 0, field: 'outboundSeatHoldKey', message }] },
    });
  });

  it('payer and luggage fields are refused as passenger data (422); boughtByUser or bookingUserType in the body is a 400', async () => {
    const { body } = await oneWay(rider);
    const luggage = await reserve<ErrorAnswer>(rider, { ...body, passengers: [{ ...body.passengers[0], luggageId: 6 }], payerName: 'X' });
    expect(luggage.status).toBe(422);
    expect(luggage.body.data.fields).toEqual([
      { passengerIndex: null, field: 'payerName', message: expect.stringMatching(/not accepted/) },
      { passengerIndex: 0, field: 'luggageId', message: expect.stringMatching(/not accepted/) },
    ]);
    for (const field of ['boughtByUser', 'bookingUserType']) {
      const res = await reserve(rider, { ...body, [field]: field === 'boughtByUser' ? 'someone-else' : 'CUSTOMER' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { fields: [{ field }] } });
    }
  });

  it('a provider rejection (REJECTED) is a 422 with the provider code; the corrected retry reserves the same holds', async () => {
    const { body } = await oneWay(rider, { passengerName: 'REJECTED' });
    const res = await reserve(rider, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errorCode: 'SGR-4001', errorMessage: 'Passenger name not allowed', status: 422 });
    const fixed = await reserve(rider, { ...body, passengers: [{ ...body.passengers[0], passengerName: 'Asha Mwinyi' }] });
    expect(fixed.status).toBe(200);
  });

  it('NOWORKFLOW: 503 SGR_WORKFLOW_START_UNCONFIRMED with the identifiers and retryAllowed false; the retry answers the same 503', async () => {
    const { body } = await oneWay(rider, { passengerName: 'NOWORKFLOW' });
    const first = await reserve<ErrorAnswer>(rider, body);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ errorCode: 'SGR_WORKFLOW_START_UNCONFIRMED', status: 503 });
    expect(first.body.data).toEqual({
      paymentReference: expect.stringMatching(/^SGRP/),
      reservation: { pnr: expect.stringMatching(/^[A-Z0-9]{6}$/), ticketsNo: [expect.stringMatching(/^19\d{10}$/)] },
      trainTicketUuids: [expect.any(String)],
      retryAllowed: false,
      workflowId: expect.stringMatching(/^sgr-reservation-/),
    });
    const again = await reserve(rider, body);
    expect(again.status).toBe(503);
    expect(again.body).toEqual(first.body);
    const [row] = await sql('SELECT status, workflow_start_confirmed FROM train_reservation WHERE payment_reference = ?', [first.body.data.paymentReference]);
    expect(row).toEqual({ status: 'WORKFLOW_UNCONFIRMED', workflow_start_confirmed: 0 });
  });

  it('a retry returns the same reservation with no more minutes left, 0 once the deadline has passed; a changed ticketPurchase is a 409', async () => {
    const { body } = await oneWay(rider);
    const first = await reserve(rider, body);
    expect(first.status).toBe(200);
    const again = await reserve(rider, { ...body, notifications: { ticketPurchase: true }, issuerDeviceInfo: { appVersion: '3.1.1' } });
    expect(again.status).toBe(200);
    const { paymentWindow: w1, ...same1 } = first.body.data;
    const { paymentWindow: w2, ...same2 } = again.body.data;
    expect(same2).toEqual(same1);
    expect(w2.expiresInMinutes).toBeLessThanOrEqual(w1.expiresInMinutes);
    expect(w2.expiresAt).toBe(w1.expiresAt);

    const conflict = await reserve<ErrorAnswer>(rider, { ...body, notifications: { ticketPurchase: false } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({
      errorCode: 'SGR_RESERVATION_RETRY_CONFLICT',
      data: { paymentReference: first.body.data.paymentReference, ticketPurchase: true },
    });
    expect(await count('SELECT COUNT(*) AS n FROM train_reservation WHERE payment_reference = ?', [first.body.data.paymentReference])).toBe(1);

    await sql('UPDATE train_reservation SET expires_at = ? WHERE payment_reference = ?', [new Date(Date.now() - 60_000), first.body.data.paymentReference]);
    const late = await reserve(rider, body);
    expect(late.status).toBe(200);
    expect(late.body.data.paymentWindow.expiresInMinutes).toBe(0);
  });

  it('a reservation made with ticketPurchase false conflicts with a retry that omits it (omitted means true)', async () => {
    const { body } = await oneWay(rider, {}, { notifications: { ticketPurchase: false } });
    expect((await reserve(rider, body)).status).toBe(200);
    const omitted = omit(body as Record<string, unknown>, 'notifications');
    const res = await reserve<ErrorAnswer>(rider, omitted);
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('SGR_RESERVATION_RETRY_CONFLICT');
  });

  it('phones go to the provider in national format without the leading zero; an international one is replaced by the fallback there only', async () => {
    const [a, b] = [await hold(rider), await hold(rider)];
    const res = await reserve(rider, {
      outbound: selected('out', [a, b]),
      passengers: [
        passenger(a, { phone: '0712 345 678', countryCodeName: 'tz' }),
        passenger(b, { passengerName: 'John Smith', phone: '+447911123456', countryCodeName: 'GB', nationalityTypeId: 4 }),
      ],
    });
    expect(res.status).toBe(200);
    const sim = await new MysqlRailSimulatorStore(env.stack.platform.dataSource).getReservation(res.body.data.reservation.pnr);
    expect(sim!.state.passengers.map((p) => p.phone)).toEqual(['712345678', FALLBACK_PHONE]);
    const tickets = await sql(
      'SELECT passenger_phone FROM train_ticket WHERE train_ticket_uuid IN (?, ?) ORDER BY passenger_index',
      res.body.data.trainTicketUuids,
    );
    expect(tickets.map((t) => t.passenger_phone)).toEqual(['+255712345678', '+447911123456']);
    const [r] = await sql('SELECT passengers FROM train_reservation WHERE payment_reference = ?', [res.body.data.paymentReference]);
    expect(json<Array<{ countryCodeName: string }>>(r.passengers).map((p) => p.countryCodeName)).toEqual(['tz', 'gb']);
  });

  it('a third-party agent reservation gets no reservation message (rule 8)', async () => {
    const { body } = await oneWay(partner);
    const res = await reserve(partner, body);
    expect(res.status).toBe(200);
    const [r] = await sql('SELECT id FROM train_reservation WHERE payment_reference = ?', [res.body.data.paymentReference]);
    const notes = await waitFor(
      () => sql('SELECT message_type, status, reason FROM notification WHERE booking_id = ?', [r.id]),
      (rows) => rows.length > 0 && rows.every((n) => n.status !== 'PENDING'),
    );
    expect(notes).toEqual([{ message_type: 'RESERVATION', status: 'SUPPRESSED', reason: 'THIRD_PARTY_AGENT_BOOKING' }]);
    expect(await count("SELECT COUNT(*) AS n FROM outbox_message WHERE job_name = 'train-reservation-expiry' AND payload LIKE ?", [`%${r.id}%`])).toBe(0);
  });

  it('the expiry job cancels an unpaid customer reservation at its deadline and keeps one paid by an exactly matching CONFIRMED payment, attaching it', async () => {
    const platform = env.stack.platform;
    const provider = createRailSimulator({ store: new MysqlRailSimulatorStore(platform.dataSource) });
    const reservations = new TrainReservationRepository(platform.dataSource);
    const settlement = new TrainPaymentSettlement(
      trainPortsOf(platform),
      reservations,
      new TrainPaymentRepository(platform.dataSource),
      new TrainIssuanceRepository(platform.dataSource),
    );
    const job = trainReservationExpiryJob(trainPortsOf(platform), provider, reservations, settlement);
    const made = [];
    for (let i = 0; i < 2; i++) {
      const { body } = await oneWay(rider);
      const res = await reserve(rider, body);
      expect(res.status).toBe(200);
      const [row] = await sql<{ id: string; payment_reference: string; payment_required: string; account_id: string; pnr: string }>(
        'SELECT id, payment_reference, payment_required, account_id, pnr FROM train_reservation WHERE payment_reference = ?',
        [res.body.data.paymentReference],
      );
      made.push(row);
    }
    const [unpaid, paid] = made;
    expect(await job.process({ reservationId: unpaid.id }, undefined as never)).toEqual({ cancelled: false, reason: 'deadline not reached' });
    const now = new Date();
    // Evidence as a crash between the confirmation and its settlement would leave it: confirmed, not attached.
    await sql("INSERT INTO train_payment_quote VALUES (?, 'TZS', ?, 1, ?, 'TZS', ?)", [paid.id, paid.payment_required, paid.payment_required, now]);
    await sql(
      `INSERT INTO train_payment (id, reservation_id, payment_reference, account_id, operation, method, amount, quote_amount, currency, status, confirmed_at, created_at, updated_at)
       VALUES (UUID(), ?, ?, ?, 'MOBILE', 'MOBILE_MONEY', ?, ?, 'TZS', 'CONFIRMED', ?, ?, ?)`,
      [paid.id, paid.payment_reference, paid.account_id, paid.payment_required, paid.payment_required, now, now, now],
    );
    await sql('UPDATE train_reservation SET expires_at = ? WHERE id IN (?, ?)', [new Date(Date.now() - 1000), unpaid.id, paid.id]);

    expect(await job.process({ reservationId: unpaid.id }, undefined as never)).toEqual({ cancelled: true });
    expect(await job.process({ reservationId: unpaid.id }, undefined as never)).toEqual({ cancelled: false, reason: 'status CANCELLED' });
    expect(await job.process({ reservationId: paid.id }, undefined as never)).toEqual({ cancelled: false, reason: 'payment confirmed' });

    const status = async (id: string) => (await sql('SELECT status FROM train_reservation WHERE id = ?', [id]))[0].status;
    const ticketStatuses = async (id: string) => (await sql('SELECT status FROM train_ticket WHERE reservation_id = ?', [id])).map((t) => t.status);
    expect(await status(unpaid.id)).toBe('CANCELLED');
    expect(await ticketStatuses(unpaid.id)).toEqual(['CANCELLED']);
    expect((await provider.retrieveReservation(unpaid.pnr))!.status).toBe('CANCELLED');
    expect(await count("SELECT COUNT(*) AS n FROM notification WHERE booking_id = ? AND message_type = 'RESERVATION_CANCELLATION'", [unpaid.id])).toBe(1);
    expect(await status(paid.id)).toBe('PAID');
    expect(await ticketStatuses(paid.id)).toEqual(['PAID']);
    expect((await sql('SELECT attached_at FROM train_payment WHERE reservation_id = ?', [paid.id]))[0].attached_at).not.toBeNull();
    expect((await sql('SELECT funding_source, status FROM train_issuance WHERE reservation_id = ?', [paid.id]))[0]).toEqual({
      funding_source: 'ONLINE_PAYMENT',
      status: 'ISSUING',
    });
    expect((await provider.retrieveReservation(paid.pnr))!.status).not.toBe('CANCELLED');
  });
});
