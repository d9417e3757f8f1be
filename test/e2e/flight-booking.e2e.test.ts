import { runCli } from '../support/cli';
import { startTestStack } from '../support/test-platform';
import { waitFor } from '../support/wait';
import { expireOffer } from '../support/flight-offers';
import { adult as domesticAdult, daysAhead, FlightClient, traveller } from '../support/flight-client';
import { DuffelReplayServer, type DuffelScenario } from '../support/duffel-replay.server';
import type {
  ErrorAnswer,
  RestAgentReservation,
  RestAgentReservationAnswer,
  RestCustomerReservationAnswer,
  RestFlightIssuance,
  RestFlightOffer,
  RestFlightTicket,
  RestOfferPrice,
} from '../support/rest-bodies';
import { reservationExpiryJob } from '../../subgraphs/flight/jobs/reservation-expiry.job';
import { ReservationRepository } from '../../subgraphs/flight/reservations/reservation.repository';
import { createGdsSimulator } from '../../subgraphs/flight/supplier/gds-simulator.adapter';
import { createDuffelAdapter } from '../../subgraphs/flight/supplier/duffel/duffel.adapter';
import { MysqlSimulatorStore } from '../../subgraphs/flight/supplier/simulator/mysql-simulator.repository';

/** FLIGHT_PRICE_CHANGED: the new price to accept. */
type PriceChangedAnswer = ErrorAnswer & {
  data: { reservationId: string; priceVersion: string; expiresAt: string; currentPrice: RestOfferPrice; previousPrice: RestOfferPrice };
};

/** CancellationResult.cancellation, or the in-progress error a cancel may answer. */
interface CancellationAnswer {
  reservationId: string;
  state: string;
  errorCode?: string;
  [field: string]: unknown;
}

/**
 * A supplier the booking suite runs against. The simulator takes its outcomes from trigger last names; the replay
 * server (Duffel's shapes) from its scenario, which `script` sets for the next step, so one test drives both.
 */
interface SupplierProfile {
  name: 'sandbox' | 'duffel';
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
  /** Makes the supplier answer a simulator trigger's outcome; the sandbox needs nothing (the last name does it). */
  script(scenario: DuffelScenario): void;
  /** What the supplier needs of every traveler beyond a domestic adult (Duffel's orders always take birth date and gender). */
  travelerExtras: Record<string, unknown>;
}

const DUFFEL_TOKEN = 'duffel_test_bookingMatrixBooking';

function sandboxSupplier(): SupplierProfile {
  return { name: 'sandbox', start: async () => ({}), stop: async () => undefined, script: () => undefined, travelerExtras: {} };
}

function duffelSupplier(): SupplierProfile {
  const replay = new DuffelReplayServer(DUFFEL_TOKEN);
  return {
    name: 'duffel',
    start: async () => ({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: DUFFEL_TOKEN, DUFFEL_API_URL: await replay.start(), DUFFEL_TIMEOUT_MS: '1500' }),
    stop: () => replay.stop(),
    script: (scenario) => {
      replay.scenario = scenario;
    },
    travelerExtras: { dateOfBirth: '1990-04-12', gender: 'F' },
  };
}

/** Flight booking flows over REST (OpenAPI tag Flight): reserve (customer and agent), purchase, cancel, tickets, and every error row. */
describe.each([sandboxSupplier(), duffelSupplier()])('flight booking (REST) on $name', (supplier) => {
  const sandbox = supplier.name === 'sandbox';
  /** Runs a case on the simulator only: `reason` says why the Duffel adapter has no such outcome. */
  const sandboxOnly =
    (reason: string) =>
    (name: string, test: jest.ProvidesCallback): void =>
      sandbox ? it(name, test) : it.skip(`${name} (sandbox only: ${reason})`, test);
  const adult = (lastName?: string, extra: Record<string, unknown> = {}) => domesticAdult(lastName, { ...supplier.travelerExtras, ...extra });
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let partner: FlightClient;
  let customer: FlightClient;
  let otherAgent: FlightClient;
  let poorAgent: FlightClient;
  const domestic = (extra: Record<string, unknown> = {}) => ({
    originLocationCode: 'DAR',
    destinationLocationCode: 'ZNZ',
    departureDate: daysAhead(30),
    ...extra,
  });
  const international = (extra: Record<string, unknown> = {}) => ({
    originLocationCode: 'DAR',
    destinationLocationCode: 'NBO',
    departureDate: daysAhead(31),
    ...extra,
  });

  beforeAll(async () => {
    env = await startTestStack(await supplier.start());
    const p = env.stack.platform;
    agent = await FlightClient.create(env.baseUrl, p, 'agent@booking.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    partner = await FlightClient.create(env.baseUrl, p, 'partner@booking.test', 'THIRD_PARTY_AGENT', { currency: 'USD', openingBalance: '10000' });
    customer = await FlightClient.create(env.baseUrl, p, 'customer@booking.test', 'CUSTOMER');
    otherAgent = await FlightClient.create(env.baseUrl, p, 'other@booking.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    poorAgent = await FlightClient.create(env.baseUrl, p, 'poor@booking.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000' });
  });
  afterEach(() => supplier.script({}));
  afterAll(async () => {
    await env?.close();
    await supplier.stop();
  });

  const query = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(sql, params);
  const reserveAgent = <T = RestAgentReservationAnswer>(client: FlightClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.call<T>('POST', '/api/flight/reserve/agent', body, headers);
  const reserveCustomer = <T = RestCustomerReservationAnswer>(client: FlightClient, body: Record<string, unknown>) =>
    client.call<T>('POST', '/api/flight/reserve', body);
  const purchase = <T = RestFlightIssuance>(client: FlightClient, body: Record<string, unknown>) => client.call<T>('POST', '/api/flight/purchase/agent', body);
  const cancel = (client: FlightClient, body: Record<string, unknown>) => client.call<CancellationAnswer>('POST', '/api/flight/cancel', body);
  const ticketsOf = (client: FlightClient, path: string) => client.call<RestFlightTicket[]>('GET', path);

  describe('agent: reserve, purchase, debit, tickets', () => {
    let reservation: RestAgentReservation;
    let offer: RestFlightOffer;

    it('201: the agent reservation with its frozen debit, deadline, records and tickets; nothing deducted yet', async () => {
      offer = await agent.firstOffer(domestic());
      const res = await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult()] }, { 'x-external-user-id': 'crm-42' });
      expect(res.status).toBe(201);
      reservation = res.body.reservation;
      expect(reservation).toMatchObject({ status: 'TST_CREATED', reservationId: reservation.id, priceVersion: offer.price ? expect.any(String) : undefined });
      expect(reservation.ticketIds).toEqual([`${reservation.bookingReference}-1`]);
      expect(reservation.paymentTimeLimitInSeconds).toBeGreaterThan(3000);
      expect(reservation.documents).toEqual([expect.objectContaining({ travelerId: '1', status: 'EXPECTED' })]);
      if (sandbox) {
        // The simulator's GDS: its locator format and a TST per reservation.
        expect(reservation.bookingReference).toMatch(/^SF[A-Z0-9]{6}$/);
        expect(reservation.pricingRecords[0]).toMatchObject({ status: 'TST_CREATED', supplierPrice: { currency: 'USD' } });
        expect(reservation.recordLocators.map((l) => l.type)).toContain('GDS');
      } else {
        // Duffel has no pricing record; its locator is the airline's booking reference.
        expect(reservation.pricingRecords).toEqual([]);
        expect(reservation.recordLocators.map((l) => l.type)).toContain('AIRLINE');
      }
      expect(res.body.tickets[0]).toMatchObject({
        ticketId: reservation.ticketIds[0],
        from: expect.stringMatching(/Nyerere/),
        passengerSummary: { fullName: 'Asha Mwinyi' },
      });
      const [wallet] = await query<{ balance: string }>(
        "SELECT balance FROM wallet w JOIN account a ON a.id = w.account_id WHERE a.email = 'agent@booking.test'",
      );
      expect(Number(wallet.balance)).toBe(20000000);
    });

    it('a retry of the same request returns the same reservation (never a second one)', async () => {
      const again = await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult()] }, { 'x-external-user-id': 'crm-42' });
      expect(again.status).toBe(201);
      expect(again.body.reservation.id).toBe(reservation.id);
      const [{ n }] = await query('SELECT COUNT(*) AS n FROM flight_reservation WHERE offer_reference = ?', [offer.offerReference]);
      expect(Number(n)).toBe(1);
    });

    it('a retry that changes X-External-User-Id, selectedOption or notifications is a request conflict', async () => {
      const base = { offerReference: offer.offerReference, passengers: [adult()] };
      for (const [body, headers] of [
        [base, { 'x-external-user-id': 'crm-43' }],
        [base, {}],
        [{ ...base, selectedOption: 'FLEXIBLE_FARE' }, { 'x-external-user-id': 'crm-42' }],
        [{ ...base, notifications: { ticketPurchase: false } }, { 'x-external-user-id': 'crm-42' }],
      ] as Array<[Record<string, unknown>, Record<string, string>]>) {
        const res = await reserveAgent<ErrorAnswer>(agent, body, headers);
        expect(res.status).toBe(409);
        expect(res.body.errorCode).toBe('FLIGHT_RESERVATION_REQUEST_CONFLICT');
      }
    });

    it('403 when another agent purchases it; 403 for a customer; 400 without ticketId; 404 for an unknown one', async () => {
      expect((await otherAgent.call('POST', '/api/flight/purchase/agent', { ticketId: reservation.ticketIds[0] })).status).toBe(403);
      expect((await customer.call('POST', '/api/flight/purchase/agent', { ticketId: reservation.ticketIds[0] })).status).toBe(403);
      expect((await agent.call('POST', '/api/flight/purchase/agent', {})).status).toBe(400);
      expect((await agent.call('POST', '/api/flight/purchase/agent', { ticketId: 'SFNOPE99-1' })).status).toBe(404);
    });

    it('200 only once every ticket is issued; the debit follows once, even when purchase is repeated', async () => {
      const res = await purchase(agent, { ticketId: reservation.ticketIds[0], ticketUuids: ['ignored'] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ reservationId: reservation.id, status: 'ISSUED' });
      expect(res.body.documents[0]).toMatchObject({ status: 'ISSUED', ticketNumber: expect.stringMatching(/^\d{13}$/) });
      // FA is the GDS's ticket element; Duffel has none.
      if (sandbox) expect(res.body.documents[0]).toMatchObject({ providerElement: 'FA' });
      const repeat = await agent.call('POST', '/api/flight/purchase/agent', { ticketId: reservation.ticketIds[0] });
      expect(repeat.status).toBe(200);
      const entries = await waitFor(
        () =>
          query<{ amount: string }>(
            "SELECT amount FROM wallet_entry e JOIN wallet w ON w.id = e.wallet_id JOIN account a ON a.id = w.account_id WHERE a.email = 'agent@booking.test' AND e.kind = 'DEBIT'",
          ),
        (rows) => rows.length > 0,
      );
      expect(entries).toHaveLength(1);
      const [r] = await query('SELECT wallet_debit_total FROM flight_reservation WHERE id = ?', [reservation.id]);
      expect(Number(entries[0].amount)).toBe(Number(r.wallet_debit_total));
      const notifications = await query('SELECT message_type FROM notification WHERE booking_id = ? ORDER BY created_at', [reservation.id]);
      expect(notifications.map((n) => n.message_type)).toEqual(expect.arrayContaining(['RESERVATION', 'TICKET']));
    });

    it('GET /api/flight/tickets answers the issued ticket with issuanceStatus; others see 404', async () => {
      const res = await ticketsOf(agent, `/api/flight/tickets?ticketId=${reservation.ticketIds[0]}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({
        ticketId: reservation.ticketIds[0],
        issuanceStatus: 'ISSUED',
        documentStatus: 'ISSUED',
        direction: 'OUTBOUND',
        priceScope: 'PASSENGER_JOURNEY',
        externalUserId: 'crm-42',
        boughtByUser: { email: 'agent@booking.test', externalUserId: 'crm-42' },
        passengerDetails: { fullName: 'Asha Mwinyi', phoneNumber: '+255712345678' },
      });
      expect(res.body[0].coupons[0]).toMatchObject({ segmentReference: 1 });
      expect((await otherAgent.call('GET', `/api/flight/tickets?ticketId=${reservation.ticketIds[0]}`)).status).toBe(404);
      expect((await agent.call('GET', '/api/flight/tickets')).status).toBe(400);
    });

    it('an issued reservation cannot be cancelled automatically: 409', async () => {
      const res = await agent.call('POST', '/api/flight/cancel', { ticketId: reservation.ticketIds[0] });
      expect(res.status).toBe(409);
    });
  });

  describe('customer: return trip, cancel twice', () => {
    it('201 with tickets on both itineraries (one ticketId per passenger, the journey price on each row), then cancel is idempotent', async () => {
      const offer = await customer.firstOffer(international({ returnDate: daysAhead(38) }));
      const res = await reserveCustomer(customer, { offerReference: offer.offerReference, passengers: [traveller()] });
      expect(res.status).toBe(201);
      const { tickets, flightReservation } = res.body;
      expect(flightReservation).toMatchObject({ status: 'TST_CREATED', travelers: [expect.objectContaining({ id: '1', fullName: 'Asha Mwinyi' })] });
      expect(flightReservation.flightOffers[0].price.otherCurrencies).toHaveProperty('TZS');
      expect(tickets).toHaveLength(2);
      expect(tickets[0].ticketId).toBe(tickets[1].ticketId);
      expect(tickets[0].price).toEqual(tickets[1].price);
      const rows = await ticketsOf(customer, `/api/flight/tickets?ticketId=${tickets[0].ticketId}`);
      expect(rows.body.map((t) => t.direction)).toEqual(['OUTBOUND', 'RETURN']);

      const cancelled = await cancel(customer, { reservationId: flightReservation.reservationId, reason: 'plans changed' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        reservationId: flightReservation.reservationId,
        state: 'CANCELLED',
        paymentState: 'NOT_REQUIRED',
        refundState: null,
        alreadyCancelled: false,
      });
      const again = await customer.call('POST', '/api/flight/cancel', { ticketId: tickets[0].ticketId });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ state: 'CANCELLED', alreadyCancelled: true });
      const after = await ticketsOf(customer, `/api/flight/tickets?ticketId=${tickets[0].ticketId}`);
      expect(after.body.every((t) => t.status === 'CANCELLED')).toBe(true);
    });

    it('cancel: 400 without a reference, 403 for another account, 404 for an unknown one', async () => {
      expect((await customer.call('POST', '/api/flight/cancel', {})).status).toBe(400);
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(33) }));
      const r = await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult()] });
      expect((await customer.call('POST', '/api/flight/cancel', { reservationId: r.body.reservation.id })).status).toBe(403);
      expect((await customer.call('POST', '/api/flight/cancel', { reservationId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
      const other = await agent.firstOffer(domestic({ departureDate: daysAhead(32) }));
      const second = await reserveAgent(agent, { offerReference: other.offerReference, passengers: [adult()] });
      const conflicting = await agent.call('POST', '/api/flight/cancel', {
        reservationId: r.body.reservation.id,
        ticketId: second.body.reservation.ticketIds[0],
      });
      expect(conflicting.status).toBe(400);
    });

    it('an agent whose wallet currency has no rate cannot be priced: 502 FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE', async () => {
      const yen = await FlightClient.create(env.baseUrl, env.stack.platform, 'yen@booking.test', 'THIRD_PARTY_AGENT', {
        currency: 'JPY',
        openingBalance: '100000',
      });
      const res = await yen.call('POST', '/api/flight/search', domestic());
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ errorCode: 'FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE', data: { currency: 'JPY' } });
    });

    it('the roles are kept apart: an agent on /reserve and a customer on /reserve/agent get 403', async () => {
      const offer = await agent.firstOffer(domestic());
      expect((await agent.call('POST', '/api/flight/reserve', { offerReference: offer.offerReference, passengers: [adult()] })).status).toBe(403);
      const mine = await customer.firstOffer(domestic());
      expect((await reserveAgent(customer, { offerReference: mine.offerReference, passengers: [adult()] })).status).toBe(403);
    });
  });

  describe('reservation errors', () => {
    it('400 without an offer or passengers; 404 for an offer of another account; 410 for an expired offer', async () => {
      expect((await reserveAgent(agent, { passengers: [adult()] })).status).toBe(400);
      const offer = await agent.firstOffer(domestic());
      const noPassengers = await reserveAgent<ErrorAnswer>(agent, { offerReference: offer.offerReference });
      expect(noPassengers.status).toBe(400);
      expect(noPassengers.body.data.fields.map((f) => f.field)).toContain('passengers');
      expect((await reserveAgent(otherAgent, { offerReference: offer.offerReference, passengers: [adult()] })).status).toBe(404);
      const stale = await agent.firstOffer(domestic());
      await expireOffer(env.stack.platform, stale.offerReference);
      const expired = await reserveAgent(agent, { flightOffer: stale, passengers: [adult()] });
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ errorCode: 'FLIGHT_OFFER_EXPIRED', data: { refreshSearch: true } });
    });

    it('400 when offerReference and flightOffer name different offers (exactly one route to the offer); the same offer twice books', async () => {
      const res = await agent.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', domestic({ departureDate: daysAhead(33) }));
      const [a, b] = res.body.data;
      expect(b).toBeDefined();
      const both = await reserveAgent<ErrorAnswer>(agent, { offerReference: a.offerReference, flightOffer: b, passengers: [adult()] });
      expect({ status: both.status, errorCode: both.body.errorCode }).toEqual({ status: 400, errorCode: 'BAD_REQUEST' });
      expect(both.body.data.fields).toEqual([{ field: 'flightOffer', message: 'names another offer than offerReference: send one of the two' }]);
      const booked = (reference: string) => query('SELECT id FROM flight_reservation WHERE offer_reference = ?', [reference]);
      expect([...(await booked(a.offerReference)), ...(await booked(b.offerReference))]).toEqual([]);
      const same = await reserveAgent(agent, { offerReference: a.offerReference.toUpperCase(), flightOffer: a, passengers: [adult()] });
      expect(same.status).toBe(201);
    });

    it('422 FLIGHT_PASSENGER_DATA_INVALID lists every invalid field with its traveler', async () => {
      const offer = await agent.firstOffer(international());
      const res = await reserveAgent<ErrorAnswer>(agent, {
        offerReference: offer.offerReference,
        passengers: [traveller('Mwinyi2', { firstName: 'A5ha', phoneNumber: '12', passportExpiryDate: daysAhead(10), documentIssuingCountry: 'XX' })],
      });
      expect(res.status).toBe(422);
      expect(res.body.errorCode).toBe('FLIGHT_PASSENGER_DATA_INVALID');
      const fields = res.body.data.fields.map((f) => `${f.travelerId}:${f.field}`);
      expect(fields).toEqual(expect.arrayContaining(['1:firstName', '1:phoneNumber', '1:passportExpiryDate', '1:documentIssuingCountry']));
    });

    it('422 lists a passenger member left out or null with the other problems (firstName, lastName, ageCategory are non-null in GraphQL)', async () => {
      const offer = await agent.firstOffer(international());
      const rest: Record<string, unknown> = traveller('Mwinyi3', { phoneNumber: '12' });
      delete rest.firstName;
      delete rest.ageCategory;
      const res = await reserveAgent<ErrorAnswer>(agent, { offerReference: offer.offerReference, passengers: [{ ...rest, lastName: null }] });
      expect(res.status).toBe(422);
      expect(res.body.errorCode).toBe('FLIGHT_PASSENGER_DATA_INVALID');
      expect(res.body.data.fields).toEqual(
        expect.arrayContaining([
          { travelerId: '1', field: 'firstName', message: 'is required' },
          { travelerId: '1', field: 'lastName', message: 'is required' },
          { travelerId: '1', field: 'ageCategory', message: 'is required' },
          expect.objectContaining({ travelerId: '1', field: 'phoneNumber' }),
        ]),
      );
    });

    it('the contact fallback fills a passenger without email or phone', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(34) }));
      const res = await reserveAgent(agent, {
        offerReference: offer.offerReference,
        passengers: [{ firstName: 'Juma', lastName: 'Salim', ageCategory: 0, ...supplier.travelerExtras }],
        contact: { email: 'desk@agency.example', phoneNumber: '+255713000111' },
      });
      expect(res.status).toBe(201);
    });

    it('FLIGHT_PRICE_CHANGED: the client accepts the new priceVersion and amount, then the same reservation is created', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(35) }));
      const body = { offerReference: offer.offerReference, passengers: [adult('PRICECHANGE')] };
      supplier.script({ priceChange: true });
      const changed = await reserveAgent<PriceChangedAnswer>(agent, body);
      expect(changed.status).toBe(409);
      expect(changed.body.errorCode).toBe('FLIGHT_PRICE_CHANGED');
      const data = changed.body.data;
      expect(data).toMatchObject({ reservationId: expect.any(String), priceVersion: expect.stringMatching(/^pv1-/), expiresAt: expect.any(String) });
      expect(Number(data.currentPrice.grandTotal)).toBeGreaterThan(Number(data.previousPrice.grandTotal));
      const unaccepted = await reserveAgent(agent, body);
      expect(unaccepted.status).toBe(409);
      const accepted = await reserveAgent(agent, {
        ...body,
        priceAcceptance: { priceVersion: data.priceVersion, amount: data.currentPrice.walletDebitTotal, currency: data.currentPrice.walletCurrency },
      });
      expect(accepted.status).toBe(201);
      expect(accepted.body.reservation).toMatchObject({ id: data.reservationId, priceVersion: data.priceVersion });
    });

    sandboxOnly('the replay reprices an offer once')('a price that changes again repeats the loop', async () => {
      const offer = await customer.firstOffer(domestic({ departureDate: daysAhead(36) }));
      const body = { offerReference: offer.offerReference, passengers: [adult('PRICECHANGETWICE')] };
      const first = (await reserveCustomer<PriceChangedAnswer>(customer, body)).body.data;
      const accept = (d: PriceChangedAnswer['data']) => ({
        ...body,
        priceAcceptance: { priceVersion: d.priceVersion, amount: d.currentPrice.grandTotal, currency: d.currentPrice.currency },
      });
      const second = await reserveCustomer<PriceChangedAnswer>(customer, accept(first));
      expect(second.status).toBe(409);
      expect(second.body.data.priceVersion).not.toBe(first.priceVersion);
      const done = await reserveCustomer(customer, accept(second.body.data));
      expect(done.status).toBe(201);
    });

    sandboxOnly('Duffel states document needs in the offer, never at the sale')(
      'FLIGHT_ADDITIONAL_INFORMATION_REQUIRED: the updated requirements, then the same offer with the added values books',
      async () => {
        const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(37) }));
        const body = { offerReference: offer.offerReference, passengers: [adult('NEEDSDOCS')] };
        const res = await reserveAgent<ErrorAnswer>(agent, body);
        expect(res.status).toBe(422);
        expect(res.body.errorCode).toBe('FLIGHT_ADDITIONAL_INFORMATION_REQUIRED');
        expect(res.body.data.bookingRequirements).toMatchObject({ profileVersion: 2, source: 'PROVIDER_ESCALATION' });
        expect(res.body.data.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['passportNumber', 'dateOfBirth']));
        const review = await agent.call<{ bookingRequirements: { profileVersion: number } }>('POST', '/api/flight/offer', {
          offerReference: offer.offerReference,
        });
        expect(review.body.bookingRequirements.profileVersion).toBe(2);
        const booked = await reserveAgent(agent, { ...body, passengers: [traveller('NEEDSDOCS')] });
        expect(booked.status).toBe(201);
        const [{ n }] = await query('SELECT COUNT(*) AS n FROM flight_reservation WHERE offer_reference = ?', [offer.offerReference]);
        expect(Number(n)).toBe(1);
      },
    );

    it.each([
      ['NOREPRICE', 410, 'FLIGHT_OFFER_EXPIRED', { refreshSearch: true, reason: 'FLIGHT_REPRICE_UNAVAILABLE' }, { offerGone: true }],
      ['SOLDOUT', 410, 'FLIGHT_OFFER_EXPIRED', { refreshSearch: true, reason: 'FLIGHT_SELL_UNAVAILABLE' }, { soldOut: true }],
      ['RESFAIL', 409, 'FLIGHT_RESERVATION_FAILED', {}, { airlineError: true }],
    ] as Array<[string, number, string, Record<string, unknown>, DuffelScenario]>)('agent %s: %s %s', async (lastName, status, errorCode, data, scenario) => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(40) }));
      supplier.script(scenario);
      const res = await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult(lastName)] });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ errorCode, status, data });
    });

    it('customer RESFAIL: 410 asking for a new search with the reason', async () => {
      const offer = await customer.firstOffer(domestic({ departureDate: daysAhead(41) }));
      supplier.script({ airlineError: true });
      const res = await reserveCustomer<ErrorAnswer>(customer, { offerReference: offer.offerReference, passengers: [adult('RESFAIL')] });
      expect(res.status).toBe(410);
      expect(res.body.data).toMatchObject({ refreshSearch: true, reason: 'FLIGHT_RESERVATION_FAILED' });
    });

    it('FLIGHT_REPRICE_UNAVAILABLE (retryable) is a 409; the same request later books', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(42) }));
      const body = { offerReference: offer.offerReference, passengers: [adult('REPRICELATER')] };
      supplier.script({ rateLimited: 1 });
      const first = await reserveAgent(agent, body);
      expect(first.status).toBe(409);
      expect(first.body).toMatchObject({ errorCode: 'FLIGHT_REPRICE_UNAVAILABLE', data: { retryable: true } });
      expect((await reserveAgent(agent, body)).status).toBe(201);
    });

    it('a slow PNR answers 202; the same request then returns the one reservation', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(43) }));
      const body = { offerReference: offer.offerReference, passengers: [adult('SLOWPNR')] };
      supplier.script({ loseOrderAnswer: true });
      const slow = await reserveAgent<ErrorAnswer>(agent, body);
      supplier.script({});
      expect(slow.status).toBe(202);
      expect(slow.body).toMatchObject({ errorCode: 'FLIGHT_RESERVATION_IN_PROGRESS', data: { retryable: true } });
      const done = await reserveAgent(agent, { ...body, passengers: [adult('SLOWPNR', { firstName: 'Changed' })] });
      expect(done.status).toBe(201);
      expect(done.body.reservation.id).toBe(slow.body.data.reservationId);
      // The PNR was already made for Asha: the retry finishes with her, not with the changed name.
      expect(done.body.tickets[0].passengerSummary.fullName).toBe('Asha SLOWPNR');
    });
  });

  describe('purchase outcomes', () => {
    const reserved = async (client: FlightClient, lastName: string, days: number) => {
      const offer = await client.firstOffer(domestic({ departureDate: daysAhead(days) }));
      const res = await reserveAgent(client, { offerReference: offer.offerReference, passengers: [adult(lastName)] });
      expect(res.status).toBe(201);
      return res.body.reservation;
    };

    it('partial issuance answers 202 with the documents so far; repeating completes it with 200', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(44), adults: 2 }));
      const r = (await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult('PARTIAL'), adult('Juma')] })).body.reservation;
      supplier.script({ partialTicketing: true });
      const first = await purchase(agent, { ticketId: r.ticketIds[0] });
      supplier.script({});
      expect(first.status).toBe(202);
      expect(first.body.status).toBe('PARTIALLY_ISSUED');
      expect(first.body.documents.map((d) => d.status).sort()).toEqual(['EXPECTED', 'ISSUED']);
      const second = await purchase(agent, { ticketId: r.ticketIds[1] });
      expect(second.status).toBe(200);
      expect(second.body.documents.every((d) => d.status === 'ISSUED')).toBe(true);
    });

    it('a definite issuance failure is a 409', async () => {
      const r = await reserved(agent, 'ISSUEFAIL', 45);
      supplier.script({ paymentRefused: true });
      const res = await purchase<ErrorAnswer>(agent, { ticketId: r.ticketIds[0] });
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe('FLIGHT_ISSUANCE_FAILED');
    });

    it('wallet admission failure is a 409 and claims nothing: the same call works after a top-up', async () => {
      const r = await reserved(poorAgent, 'Poor', 46);
      const res = await purchase<ErrorAnswer>(poorAgent, { ticketId: r.ticketIds[0] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ errorCode: 'FLIGHT_WALLET_ADMISSION_FAILED', data: { currency: 'TZS' } });
      const [{ status }] = await query('SELECT status FROM flight_reservation WHERE id = ?', [r.id]);
      expect(status).toBe('TST_CREATED');
      expect(runCli('accounts', ['topup', '--email', 'poor@booking.test', '--amount', '5000000'], env.config).status).toBe(0);
      expect((await poorAgent.call('POST', '/api/flight/purchase/agent', { ticketId: r.ticketIds[0] })).status).toBe(200);
    });

    it('410 FLIGHT_RESERVATION_EXPIRED after the payment deadline', async () => {
      const r = await reserved(agent, 'Late', 47);
      await query('UPDATE flight_reservation SET payment_deadline_at = ? WHERE id = ?', [new Date(Date.now() - 1000), r.id]);
      const res = await purchase<ErrorAnswer>(agent, { ticketId: r.ticketIds[0] });
      expect(res.status).toBe(410);
      expect(res.body.errorCode).toBe('FLIGHT_RESERVATION_EXPIRED');
    });

    it('the deadline job releases an unpaid reservation: PNR cancelled, tickets cancelled, then 410 on purchase', async () => {
      const r = await reserved(agent, 'Release', 48);
      await query('UPDATE flight_reservation SET payment_deadline_at = ? WHERE id = ?', [new Date(Date.now() - 1000), r.id]);
      const platform = env.stack.platform;
      const chosen = platform.config.flightSupplier;
      const flightSupplier =
        chosen.kind === 'duffel'
          ? createDuffelAdapter({ apiUrl: chosen.apiUrl, accessToken: chosen.accessToken, timeoutMs: chosen.timeoutMs })
          : createGdsSimulator({ store: new MysqlSimulatorStore(platform.dataSource) });
      const job = reservationExpiryJob(platform, flightSupplier, new ReservationRepository(platform.dataSource));
      expect(await job.process({ reservationId: r.id }, undefined as never)).toEqual({ released: true });
      expect(await job.process({ reservationId: r.id }, undefined as never)).toMatchObject({ released: false });
      const [row] = await query('SELECT status, cancel_reason FROM flight_reservation WHERE id = ?', [r.id]);
      expect(row).toEqual({ status: 'CANCELLED', cancel_reason: 'PAYMENT_DEADLINE_PASSED' });
      const res = await agent.call('POST', '/api/flight/purchase/agent', { ticketId: r.ticketIds[0] });
      expect(res.status).toBe(410);
    });
  });

  describe('cancellation states', () => {
    sandboxOnly('Duffel refunds nothing for an unpaid hold, and a paid order is not cancelled automatically')(
      'a supplier refund in progress answers 202 REFUND_PENDING; repeating says alreadyCancelled',
      async () => {
        const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(51) }));
        const r = (await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult('REFUNDPENDING')] })).body.reservation;
        const res = await cancel(agent, { reservationId: r.id });
        expect(res.status).toBe(202);
        expect(res.body).toMatchObject({ state: 'REFUND_PENDING', refundState: 'REFUND_PENDING', alreadyCancelled: false });
        const again = await agent.call('POST', '/api/flight/cancel', { reservationId: r.id });
        expect(again.status).toBe(202);
        expect(again.body).toMatchObject({ state: 'REFUND_PENDING', alreadyCancelled: true });
      },
    );

    it('while issuance is unconfirmed the purchase answers 202, and a cancel meanwhile is 202 too', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(52) }));
      const r = (await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult('ISSUETIMEOUT')] })).body.reservation;
      supplier.script({ hang: /^POST \/air\/payments$/ });
      const purchasing = await purchase(agent, { ticketId: r.ticketIds[0] });
      supplier.script({});
      expect(purchasing.status).toBe(202);
      expect(purchasing.body.status).toBe('ISSUING');
      const cancelling = await cancel(agent, { reservationId: r.id });
      expect(cancelling.status).toBe(202);
      expect(cancelling.body.errorCode).toBe('FLIGHT_RESERVATION_IN_PROGRESS');
      const retry = await purchase(agent, { ticketId: r.ticketIds[0] });
      expect(retry.status).toBe(200);
      expect(retry.body.status).toBe('ISSUED');
    });
  });

  describe('answers as openapi.json documents them (REST contract)', () => {
    const USD = /^\d+\.\d{2}$/;

    describe('customer 201', () => {
      let offer: RestFlightOffer;
      let res: { status: number; body: RestCustomerReservationAnswer };

      beforeAll(async () => {
        offer = await customer.firstOffer(international({ departureDate: daysAhead(55), returnDate: daysAhead(60) }));
        res = await reserveCustomer(customer, { offerReference: offer.offerReference, passengers: [traveller('Shape')] });
        expect(res.status).toBe(201);
      });

      it('flightReservation.flightOffers[] are the full flight offers as reserved', () => {
        const reserved = res.body.flightReservation.flightOffers[0];
        expect(reserved).toMatchObject({
          type: 'flight-offer',
          id: offer.id,
          offerReference: offer.offerReference,
          expiresAt: offer.expiresAt,
          source: offer.source,
          oneWay: false,
          lastTicketingDate: offer.lastTicketingDate,
          numberOfBookableSeats: offer.numberOfBookableSeats,
          validatingAirlineCodes: offer.validatingAirlineCodes,
          travelerPricings: offer.travelerPricings,
          itineraries: offer.itineraries,
          price: { currency: 'USD', grandTotal: offer.price.grandTotal, pricingContext: 'ONLINE' },
        });
        expect(reserved).toHaveProperty('fareRules');
        expect(reserved.price.otherCurrencies.TZS.grandTotal).toMatch(/^\d+$/);
      });

      it('tickets[] are flight tickets, the same as GET /api/flight/tickets answers', async () => {
        const { tickets, flightReservation } = res.body;
        expect(tickets.map((t) => t.direction)).toEqual(['OUTBOUND', 'RETURN']);
        expect(tickets[0]).toMatchObject({
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          ticketId: `${tickets[0].bookingReference}-1`,
          reservationId: flightReservation.reservationId,
          travelerId: '1',
          passengerReference: 1,
          itineraryIndex: 0,
          priceScope: 'PASSENGER_JOURNEY',
          providerSystem: 'GDS',
          documentStatus: 'EXPECTED',
          status: 'TST_CREATED',
          passengerDetails: { fullName: 'Asha Shape', firstName: 'Asha', lastName: 'Shape', email: 'asha.shape@example.com', phoneNumber: '+255712345678' },
          boughtByUser: { email: 'customer@booking.test' },
          notificationPreferences: { ticketPurchase: true, allOtherTripNotification: true, serviceAccountCreation: true },
          recordLocators: expect.arrayContaining([expect.objectContaining({ type: sandbox ? 'GDS' : 'AIRLINE', scope: 'PNR' })]),
        });
        expect(tickets[0]).not.toHaveProperty('passengerSummary');
        expect(tickets[0].price).toEqual({ total: expect.stringMatching(USD), currency: 'USD' });
        const rows = await ticketsOf(customer, `/api/flight/tickets?ticketId=${tickets[0].ticketId}`);
        expect(rows.body).toEqual(tickets.map((t) => ({ ...t, lastProviderSyncAt: expect.any(String) })));
      });
    });

    it('money amounts have the currency decimals: a USD ticket price is "171.00", never "171.0000"', async () => {
      const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(56) }));
      const reserved = await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult('Decimals')] });
      expect(reserved.status).toBe(201);
      expect(reserved.body.tickets[0].price).toEqual({ total: expect.stringMatching(USD), currency: 'USD' });
      const rows = await ticketsOf(agent, `/api/flight/tickets?ticketId=${reserved.body.reservation.ticketIds[0]}`);
      expect(rows.body[0].price).toEqual({ total: expect.stringMatching(USD), currency: 'USD' });
      // Duffel has no pricing record to carry a supplier price.
      if (sandbox) expect(reserved.body.reservation.pricingRecords[0]).toMatchObject({ supplierPrice: { currency: 'USD', total: expect.stringMatching(USD) } });
    });

    describe('optional members are left out, never null', () => {
      let r: RestAgentReservation;

      beforeAll(async () => {
        const offer = await agent.firstOffer(domestic({ departureDate: daysAhead(57) }));
        const reserved = await reserveAgent(agent, { offerReference: offer.offerReference, passengers: [adult('Absent')] });
        expect(reserved.status).toBe(201);
        r = reserved.body.reservation;
      });

      it('documents[] before issue have no documentId, ticketNumber, issuedAt or providerElement', () => {
        expect(r.documents[0]).toMatchObject({ travelerId: '1', passengerReference: 1, status: 'EXPECTED' });
        for (const member of ['documentId', 'ticketNumber', 'issuedAt', 'providerElement']) expect(r.documents[0]).not.toHaveProperty(member);
      });

      it('a GDS record locator has no companyId; an AIRLINE one names its carrier', () => {
        // Duffel's order has the airline's locator only.
        if (sandbox) {
          const gds = r.recordLocators.find((l) => l.type === 'GDS')!;
          expect(gds).toMatchObject({ scope: 'PNR', controlNumber: expect.any(String) });
          expect(gds).not.toHaveProperty('companyId');
        }
        expect(r.recordLocators.find((l) => l.type === 'AIRLINE')).toMatchObject({ companyId: expect.stringMatching(/^[A-Z0-9]{2}$/) });
      });

      it('an unissued flight ticket has no document, issue or TST members, and no externalUserId when none was sent', async () => {
        const [ticket] = (await ticketsOf(agent, `/api/flight/tickets?ticketId=${r.ticketIds[0]}`)).body;
        expect(ticket).toMatchObject({ documentStatus: 'EXPECTED', issuanceStatus: 'TST_CREATED' });
        for (const member of ['documentId', 'ticketNumber', 'issuedAt', 'tstReference', 'pricingRecordReference', 'providerDocumentElement', 'externalUserId'])
          expect(ticket).not.toHaveProperty(member);
        expect(ticket.boughtByUser).toMatchObject({ email: 'agent@booking.test' });
        expect(ticket.boughtByUser).not.toHaveProperty('externalUserId');
      });

      it('the cancellation of a reservationId has no ticketId; refundState stays null as the spec allows', async () => {
        const cancelled = await cancel(agent, { reservationId: r.id });
        expect(cancelled.status).toBe(200);
        expect(cancelled.body).toMatchObject({ reservationId: r.id, state: 'CANCELLED', refundState: null, bookingReference: r.bookingReference });
        expect(cancelled.body).not.toHaveProperty('ticketId');
        expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
      });
    });
  });

  describe('typed GraphQL for frontends', () => {
    it('the same flow through /graphql: searchFlights, reviewFlightOffer, reserveFlightAsAgent, flightTickets', async () => {
      const gql = async <T>(query: string, variables: Record<string, unknown>) => {
        const res = await fetch(`${env.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.token}` },
          body: JSON.stringify({ query, variables }),
        });
        return (await res.json()) as { data: T; errors?: unknown };
      };
      const search = await gql<{ searchFlights: { data: Array<{ offerReference: string; price: { otherCurrencies: unknown[] } }> } }>(
        'mutation($i: FlightSearchInput!) { searchFlights(input: $i) { meta { count } data { offerReference price { grandTotal currency otherCurrencies { currency grandTotal } } } } }',
        {
          i: domestic({ departureDate: daysAhead(53) }),
        },
      );
      expect(search.errors).toBeUndefined();
      const ref = search.data.searchFlights.data[0].offerReference;
      expect(search.data.searchFlights.data[0].price.otherCurrencies.length).toBeGreaterThan(0);
      const review = await gql<{ reviewFlightOffer: { bookingRequirements: { journeyType: string } } }>(
        'query($r: ID!) { reviewFlightOffer(offerReference: $r) { bookingRequirements { journeyType travelerRequirements { travelerId } } } }',
        { r: ref },
      );
      expect(review.data.reviewFlightOffer.bookingRequirements.journeyType).toBe('DOMESTIC');
      const reserved = await gql<{ reserveFlightAsAgent: { reservation: { status: string; ticketIds: string[] } } }>(
        'mutation($i: FlightReservationInput!) { reserveFlightAsAgent(input: $i) { reservation { status ticketIds } } }',
        {
          i: { offerReference: ref, passengers: [{ ...adult('Graph'), ageCategory: 0 }] },
        },
      );
      expect(reserved.errors).toBeUndefined();
      expect(reserved.data.reserveFlightAsAgent.reservation.status).toBe('TST_CREATED');
      const tickets = await gql<{ flightTickets: unknown[] }>(
        'query($t: String!) { flightTickets(ticketId: $t) { ticketId issuanceStatus price { total currency } } }',
        {
          t: reserved.data.reserveFlightAsAgent.reservation.ticketIds[0],
        },
      );
      expect(tickets.data.flightTickets[0]).toMatchObject({ issuanceStatus: 'TST_CREATED' });
    });
  });

  describe('notifications follow the rules', () => {
    it('a third-party agent booking sends no reservation message, and its ticket message is planned after purchase', async () => {
      const offer = await partner.firstOffer(domestic({ departureDate: daysAhead(50) }));
      const r = (await reserveAgent(partner, { offerReference: offer.offerReference, passengers: [adult('Partner')] })).body.reservation;
      expect((await partner.call('POST', '/api/flight/purchase/agent', { ticketId: r.ticketIds[0] })).status).toBe(200);
      const rows = await waitFor(
        () => query('SELECT message_type, status, reason FROM notification WHERE booking_id = ? ORDER BY message_type', [r.id]),
        (rs) => rs.length >= 2 && rs.every((x) => x.status !== 'PENDING'),
      );
      expect(rows).toEqual([
        { message_type: 'RESERVATION', status: 'SUPPRESSED', reason: 'THIRD_PARTY_AGENT_BOOKING' },
        { message_type: 'TICKET', status: 'PLANNED', reason: null },
      ]);
    });
  });
});
