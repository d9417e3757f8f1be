import { nextMonthDay, reserveSeats, selectExpressTrain, SelectedTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestCustomerReservationAnswer } from '../support/rest-bodies';
import { currencyPrecision, Decimal } from '../../shared/money/money.calculator';

/** A ticket of the lookup answer. */
interface LookupTicket {
  kind: string;
  ticketId: string;
  bookingReference: string;
  paymentReference: string;
  passengerName: string;
  seat: string | null;
  price: { currency: string; fare: string; paid: string | null };
  [field: string]: unknown;
}

/** GET /api/ticket. */
interface LookupBody {
  data: LookupTicket[];
  meta: { count: number; truncated: boolean };
}

/** GET /api/ticket over flight and train tickets: filters, ownership per role, and the refusals. */
describe('ticket lookup (REST GET /api/ticket)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let otherCustomer: FlightClient;
  let agent: FlightClient;
  let admin: FlightClient;
  let sudo: FlightClient;
  let partner: FlightClient;
  let issuer: FlightClient;
  let trip: SelectedTrain;
  let flight: { ticketId: string; paymentReference: string; bookingReference: string };
  let train: { paymentReference: string; pnr: string; uuid: string; ticketNumber: string };
  let agentTrain: { paymentReference: string; pnr: string };
  const lookup = <T = LookupBody>(client: FlightClient, query: Record<string, string>) => client.call<T>('GET', `/api/ticket?${new URLSearchParams(query)}`);
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60' });
    const { platform } = env.stack;
    customer = await FlightClient.create(env.baseUrl, platform, 'rider@lookup.test', 'CUSTOMER');
    otherCustomer = await FlightClient.create(env.baseUrl, platform, 'other@lookup.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@lookup.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    admin = await FlightClient.create(env.baseUrl, platform, 'admin@lookup.test', 'ADMIN');
    sudo = await FlightClient.create(env.baseUrl, platform, 'sudo@lookup.test', 'SUDO');
    partner = await FlightClient.create(env.baseUrl, platform, 'partner@lookup.test', 'THIRD_PARTY_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    issuer = await FlightClient.create(env.baseUrl, platform, 'issuer@lookup.test', 'ISSUER');

    const offer = await customer.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });
    const reserved = await customer.call<RestCustomerReservationAnswer>('POST', '/api/flight/reserve', {
      offerReference: offer.offerReference,
      passengers: [adult('Mwinyi', { email: 'Asha.Mwinyi@Example.com', phoneNumber: '0754111222' })],
    });
    expect(reserved.status).toBe(201);
    flight = {
      ticketId: reserved.body.tickets[0].ticketId,
      paymentReference: reserved.body.tickets[0].paymentReference,
      bookingReference: reserved.body.tickets[0].bookingReference,
    };

    trip = await selectExpressTrain(customer, nextMonthDay(9));
    const booked = await reserveSeats(customer, trip, trip.seats.slice(0, 2), [
      { passengerName: 'Asha Mwinyi', email: 'asha.mwinyi@example.com', phone: '+255754111222' },
      { passengerName: 'Baraka Ali', email: 'baraka@example.com', phone: '+255765000111' },
    ]);
    const [first] = await sql<{ train_ticket_uuid: string; ticket_number: string }>(
      'SELECT train_ticket_uuid, ticket_number FROM train_ticket t JOIN train_reservation r ON r.id = t.reservation_id WHERE r.payment_reference = ? AND passenger_index = 0',
      [booked.paymentReference],
    );
    train = { paymentReference: booked.paymentReference, pnr: booked.data.reservation.pnr, uuid: first.train_ticket_uuid, ticketNumber: first.ticket_number };
    const byAgent = await reserveSeats(agent, trip, trip.seats.slice(2, 3), [
      { passengerName: 'Asha Mwinyi', email: 'asha.mwinyi@example.com', phone: '+255754111222' },
    ]);
    agentTrain = { paymentReference: byAgent.paymentReference, pnr: byAgent.data.reservation.pnr };
  });
  afterAll(() => env.close());

  it('no filter is a 400, not a dump of every ticket; malformed filters are 400 naming each field; no token is 401', async () => {
    const none = await lookup<ErrorAnswer>(admin, {});
    expect(none.status).toBe(400);
    expect(none.body.errorCode).toBe('TICKET_LOOKUP_FILTER_REQUIRED');
    const bad = await lookup<ErrorAnswer>(customer, { email: 'not-an-email', phoneNumber: 'call me' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f) => f.field)).toEqual(['email', 'phoneNumber']);
    expect((await lookup(customer, { ticketId: 'x'.repeat(65) })).status).toBe(400);
    const anonymous = await fetch(`${env.baseUrl}/api/ticket?email=asha.mwinyi@example.com`);
    expect(anonymous.status).toBe(401);
  });

  it('the owner finds flight and train tickets by email (any case) and by phone (national or international), newest booking first', async () => {
    const byEmail = await lookup(customer, { email: 'ASHA.MWINYI@example.com' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.meta).toEqual({ count: 2, truncated: false });
    expect(byEmail.body.data.map((t) => t.kind)).toEqual(['TRAIN', 'FLIGHT']);
    const [trainTicket, flightTicket] = byEmail.body.data;
    expect(trainTicket).toMatchObject({
      kind: 'TRAIN',
      ticketId: train.uuid,
      ticketNumber: train.ticketNumber,
      bookingReference: train.pnr,
      paymentReference: train.paymentReference,
      status: 'RESERVED',
      passengerName: 'Asha Mwinyi',
      email: 'asha.mwinyi@example.com',
      phoneNumber: '+255754111222',
      direction: 'OUTBOUND',
      fromCode: 'DAR:SGR:0',
      from: 'Dar es Salaam',
      toCode: 'DOD:SGR:0',
      to: 'Dodoma',
      carrier: trip.details.trip.number,
      issuedAt: null,
    });
    expect(flightTicket).toMatchObject({
      kind: 'FLIGHT',
      ticketId: flight.ticketId,
      paymentReference: flight.paymentReference,
      bookingReference: flight.bookingReference,
      passengerName: 'Asha Mwinyi',
      email: 'Asha.Mwinyi@example.com',
      phoneNumber: '+255754111222',
      fromCode: 'DAR',
      toCode: 'ZNZ',
    });

    const byPhone = await lookup(customer, { phoneNumber: '0754 111 222' });
    expect(byPhone.body.data.map((t) => t.kind)).toEqual(['TRAIN', 'FLIGHT']);
    expect((await lookup(customer, { phoneNumber: '+255765000111' })).body.data.map((t) => t.passengerName)).toEqual(['Baraka Ali']);
  });

  it('names a train seat by the car number in the train and the seat label, as the passenger finds it', async () => {
    const [trainTicket, flightTicket] = (await lookup(customer, { email: 'asha.mwinyi@example.com' })).body.data;
    // The car's number as painted on the train (details' orderNo), not the provider's internal car id.
    const car = trip.details.train.cars.find((c) => c.id === trip.seats[0].carId)!;
    const label = car.seats.find((s) => Number(s.id) === trip.seats[0].seatId)!.label;
    expect(car.orderNo).not.toBe(car.carId);
    expect(trainTicket.seat).toBe(`Car ${String(car.orderNo)}, seat ${label}`);
    expect(flightTicket.seat).toBeNull();
  });

  it('gives a train ticket its fare and the amount paid, TZS without decimals', async () => {
    const [trainTicket] = (await lookup(customer, { email: 'asha.mwinyi@example.com' })).body.data;
    // Train: the operator fare and the grand total with booking fees, TZS without decimals.
    const [stored] = await sql<{ fare_amount: string; price_total: string }>('SELECT fare_amount, price_total FROM train_ticket WHERE train_ticket_uuid = ?', [
      train.uuid,
    ]);
    expect(trainTicket.price).toEqual({ currency: 'TZS', fare: new Decimal(stored.fare_amount).toFixed(0), paid: new Decimal(stored.price_total).toFixed(0) });
    expect(trainTicket.price.fare).toMatch(/^\d+$/);
    expect(new Decimal(trainTicket.price.paid!).gt(trainTicket.price.fare)).toBe(true);
  });

  it("gives a flight ticket the passenger's fare in its currency's decimals (the column keeps four); paid is per booking, so null", async () => {
    const [, flightTicket] = (await lookup(customer, { email: 'asha.mwinyi@example.com' })).body.data;
    const [flightRow] = await sql<{ price_total: string; price_currency: string }>(
      'SELECT price_total, price_currency FROM flight_ticket WHERE ticket_id = ? LIMIT 1',
      [flight.ticketId],
    );
    expect(flightRow.price_total).toMatch(/\.\d{4}$/);
    const decimals = currencyPrecision(flightRow.price_currency);
    expect(flightTicket.price).toEqual({ currency: flightRow.price_currency, fare: new Decimal(flightRow.price_total).toFixed(decimals), paid: null });
    expect(flightTicket.price.fare).toMatch(decimals === 2 ? /^\d+\.\d{2}$/ : /^\d+$/);
  });

  it('filters combine: ticketId (uuid or ticket number), paymentReference, bookingReference (PNR), each narrowing the answer', async () => {
    for (const ticketId of [train.uuid, train.ticketNumber]) {
      const res = await lookup(customer, { ticketId });
      expect(res.body.data.map((t) => t.ticketId)).toEqual([train.uuid]);
    }
    expect((await lookup(customer, { ticketId: flight.ticketId })).body.data.map((t) => t.kind)).toEqual(['FLIGHT']);
    expect((await lookup(customer, { paymentReference: train.paymentReference })).body.data.map((t) => t.passengerName)).toEqual(['Asha Mwinyi', 'Baraka Ali']);
    expect((await lookup(customer, { bookingReference: train.pnr.toLowerCase() })).body.data).toHaveLength(2);
    expect((await lookup(customer, { bookingReference: flight.bookingReference })).body.data.map((t) => t.kind)).toEqual(['FLIGHT']);
    expect((await lookup(customer, { paymentReference: train.paymentReference, email: 'baraka@example.com' })).body.data.map((t) => t.passengerName)).toEqual([
      'Baraka Ali',
    ]);
    expect((await lookup(customer, { paymentReference: flight.paymentReference, email: 'baraka@example.com' })).body.data).toEqual([]);
  });

  it("customers, service and third-party agents and issuers see only their own tickets; ADMIN and SUDO see anyone's", async () => {
    // The same passenger email is on the customer's and on the agent's bookings.
    expect((await lookup(otherCustomer, { email: 'asha.mwinyi@example.com' })).body).toEqual({ data: [], meta: { count: 0, truncated: false } });
    expect((await lookup(otherCustomer, { paymentReference: train.paymentReference })).body.data).toEqual([]);
    const agentView = await lookup(agent, { email: 'asha.mwinyi@example.com' });
    expect(agentView.body.data.map((t) => t.bookingReference)).toEqual([agentTrain.pnr]);
    expect((await lookup(agent, { ticketId: flight.ticketId })).body.data).toEqual([]);
    // Every other non-administrator role is scoped the same way.
    const partnerBooking = await reserveSeats(partner, trip, trip.seats.slice(3, 4), [
      { passengerName: 'Asha Mwinyi', email: 'asha.mwinyi@example.com', phone: '+255754111222' },
    ]);
    expect((await lookup(partner, { email: 'asha.mwinyi@example.com' })).body.data.map((t) => t.paymentReference)).toEqual([partnerBooking.paymentReference]);
    expect((await lookup(issuer, { email: 'asha.mwinyi@example.com' })).body.data).toEqual([]);
    expect((await lookup(issuer, { paymentReference: train.paymentReference })).body.data).toEqual([]);
    for (const staff of [admin, sudo]) {
      const all = await lookup(staff, { email: 'asha.mwinyi@example.com' });
      expect(all.body.data.map((t) => `${t.kind}:${t.paymentReference}`)).toEqual([
        `TRAIN:${partnerBooking.paymentReference}`,
        `TRAIN:${agentTrain.paymentReference}`,
        `TRAIN:${train.paymentReference}`,
        `FLIGHT:${flight.paymentReference}`,
      ]);
    }
  });

  it('is one GraphQL query per kind under the cost limit (flightTicketLookup, trainTicketLookup)', async () => {
    const res = await customer.call<{ data: Record<'trainTicketLookup' | 'flightTicketLookup', { truncated: boolean; tickets: unknown[] }> }>(
      'POST',
      '/graphql',
      {
        query: `{ trainTicketLookup(email: "asha.mwinyi@example.com") { truncated tickets { kind ticketId seat priceCurrency priceFare pricePaid } }
               flightTicketLookup(email: "asha.mwinyi@example.com") { truncated tickets { kind ticketId } } }`,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.trainTicketLookup.tickets).toHaveLength(1);
    expect(res.body.data.flightTicketLookup.tickets).toHaveLength(1);
  });
});
