import { DuffelAccessToken } from '../../../../shared/config/flight-supplier.config';
import { DuffelReplayServer } from '../../../../test/support/duffel-replay.server';
import { bookingRequirementsFor } from '../../offers/booking-requirements.policy';
import { SupplierError, type SupplierBooking, type SupplierOffer, type SupplierSearchCriteria, type SupplierTraveler } from '../flight-supplier.port';
import { DuffelAdapter } from './duffel.adapter';

const TOKEN = 'duffel_test_replayReplayReplay';
const replay = new DuffelReplayServer(TOKEN);
let adapter: DuffelAdapter;
let url: string;

const criteria = (overrides: Partial<SupplierSearchCriteria> = {}): SupplierSearchCriteria => ({
  origin: 'DAR',
  destination: 'ZNZ',
  departureDate: '2027-03-10',
  adults: 1,
  children: 0,
  infants: 0,
  travelClass: 'ECONOMY',
  nonStop: false,
  max: 10,
  ...overrides,
});

const NAMES = ['Mwangi', 'Achieng', 'Otieno', 'Wanjiru'];

function travelersFor(offer: SupplierOffer, withPassport = false): SupplierTraveler[] {
  return offer.travelerPricings.map((p, i) => ({
    travelerId: p.travelerId,
    type: p.travelerType,
    firstName: 'Amani',
    lastName: NAMES[i],
    dateOfBirth: p.travelerType === 'ADULT' ? '1990-01-15' : p.travelerType === 'CHILD' ? '2018-05-01' : '2026-06-01',
    gender: i % 2 === 0 ? 'MALE' : 'FEMALE',
    email: 'amani@example.com',
    phone: '+255712345678',
    document: withPassport ? { type: 'PASSPORT', number: `TZ${i}123456`, expiryDate: '2031-01-01', issuingCountry: 'TZ', nationality: 'TZ' } : null,
  }));
}

async function supplierError(promise: Promise<unknown>): Promise<SupplierError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SupplierError);
  return error as SupplierError;
}

/** The cheapest held-order offer (Duffel Airways, non-stop) or the instant-payment one. */
async function offerOf(kind: 'hold' | 'instant', overrides: Partial<SupplierSearchCriteria> = {}): Promise<SupplierOffer> {
  const offers = await adapter.search(criteria(overrides));
  return offers.find((o) => o.instantTicketingRequired === (kind === 'instant') && o.itineraries[0].segments.length === 1)!;
}

async function book(offer: SupplierOffer, key: string, withPassport = false): Promise<SupplierBooking> {
  const result = await adapter.createBooking({ offer, travelers: travelersFor(offer, withPassport), idempotencyKey: key });
  if (result.kind !== 'BOOKED') throw new Error(`not booked: ${JSON.stringify(result)}`);
  return result.booking;
}

beforeAll(async () => {
  url = await replay.start();
  adapter = new DuffelAdapter({ apiUrl: url, accessToken: new DuffelAccessToken(TOKEN), timeoutMs: 1000 });
});

afterAll(() => replay.stop());

beforeEach(() => {
  replay.scenario = {};
  replay.requests.length = 0;
});

describe('Duffel adapter: search', () => {
  it('sends one offer request with slices, cabin and passengers by type and age, and answers Duffel offers as ours', async () => {
    const offers = await adapter.search(criteria({ adults: 2, children: 1, infants: 1 }));
    const [request] = replay.requestsTo('POST', '/air/offer_requests');
    expect(request.headers['duffel-version']).toBe('v2');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.query.get('return_offers')).toBe('true');
    expect(request.body).toEqual({
      data: {
        slices: [{ origin: 'DAR', destination: 'ZNZ', departure_date: '2027-03-10' }],
        passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 11 }, { age: 1 }],
        cabin_class: 'economy',
      },
    });
    expect(offers).toHaveLength(3);
    // Cheapest first; Duffel's id and expires_at are ours.
    expect(offers.map((o) => Number(o.price.total))).toEqual([...offers.map((o) => Number(o.price.total))].sort((a, b) => a - b));
    const duffel = replay.offers.get(offers[0].id)!.offer;
    expect(offers[0]).toMatchObject({ id: duffel.id, expiresAt: duffel.expires_at, oneWay: true, validatingAirlineCodes: ['ZZ'], documentsRequired: false });
    expect(offers[0].travelerPricings.map((t) => t.travelerType)).toEqual(['ADULT', 'ADULT', 'CHILD', 'HELD_INFANT']);
    for (const offer of offers) {
      const cents = offer.travelerPricings.reduce((sum, t) => sum + Math.round(Number(t.price.total) * 100), 0);
      expect(cents).toBe(Math.round(Number(offer.price.total) * 100));
    }
    expect(offers[0].itineraries[0].segments[0]).toMatchObject({ id: '1', carrierCode: 'ZZ', departure: { iataCode: 'DAR' }, cabin: 'ECONOMY' });
    expect(offers[0].travelerPricings[3].fareDetailsBySegment[0].includedCheckedBags.quantity).toBe(0);
    expect(offers[0].price.taxes).toEqual([]);
  });

  it('asks a return trip as two slices, non-stop as max_connections 0, and filters airlines on the offers', async () => {
    const both = await adapter.search(criteria({ returnDate: '2027-03-17', nonStop: true }));
    expect((replay.requestsTo('POST', '/air/offer_requests')[0].body as { data: Record<string, unknown> }).data).toMatchObject({
      slices: [
        { origin: 'DAR', destination: 'ZNZ', departure_date: '2027-03-10' },
        { origin: 'ZNZ', destination: 'DAR', departure_date: '2027-03-17' },
      ],
      max_connections: 0,
    });
    expect(both.every((o) => !o.oneWay && o.itineraries.length === 2 && o.itineraries.every((i) => i.segments.length === 1))).toBe(true);
    expect((await adapter.search(criteria({ includedAirlineCodes: ['KQ'] }))).map((o) => o.validatingAirlineCodes)).toEqual([['KQ']]);
    expect((await adapter.search(criteria({ excludedAirlineCodes: ['ZZ'] }))).every((o) => o.validatingAirlineCodes[0] === 'KQ')).toBe(true);
  });

  it('carries Duffel passenger_identity_documents_required into the booking requirements', async () => {
    replay.scenario = { documentsRequired: true };
    const offer = await offerOf('hold');
    expect(offer.documentsRequired).toBe(true);
    const requirements = bookingRequirementsFor(offer, () => 'TZ');
    expect(requirements.journeyType).toBe('DOMESTIC');
    expect(requirements.travelerRequirements[0].documentRequired).toBe(true);
  });
});

describe('Duffel adapter: hold order, payment and tickets', () => {
  it('reserves as a hold order, pays it from the balance at issuance and reads the e-tickets; repeats pay nothing twice', async () => {
    const offer = await offerOf('hold', { adults: 2, infants: 1 });
    expect(await adapter.reprice(offer)).toEqual(offer);
    const booking = await book(offer, 'res-hold-1');
    const [create] = replay.requestsTo('POST', '/air/orders');
    const sent = (create.body as { data: Record<string, unknown> }).data;
    expect(sent).toMatchObject({ type: 'hold', selected_offers: [offer.id], metadata: { safiri_key: 'res-hold-1', safiri_offer: offer.id } });
    expect(sent.payments).toBeUndefined();
    const order = [...replay.orders.values()].find((o) => o.booking_reference === booking.pnr)!;
    expect(booking).toMatchObject({ pnr: order.booking_reference, status: 'CONFIRMED', pricingRecords: [], documents: [] });
    expect(booking.recordLocators).toEqual([{ controlNumber: booking.pnr, type: 'AIRLINE', scope: 'PNR', companyId: 'ZZ', segmentReferences: [1] }]);
    expect(booking.travelers.map((t) => t.passengerReference)).toEqual([1, 2, 3]);

    // The same key again: the order Duffel already has, no second order.
    const again = await adapter.createBooking({ offer, travelers: travelersFor(offer), idempotencyKey: 'res-hold-1' });
    expect(again.kind === 'BOOKED' && again.booking.pnr).toBe(booking.pnr);
    expect(replay.requestsTo('POST', '/air/orders')).toHaveLength(1);

    const asked = replay.requests.length;
    expect(await adapter.createPricingRecords(booking.pnr)).toEqual([]);
    expect(replay.requests).toHaveLength(asked);
    const documents = await adapter.issueTickets(booking.pnr, 'res-hold-1');
    const [payment] = replay.requestsTo('POST', '/air/payments');
    expect(payment.body).toEqual({ data: { order_id: order.id, payment: { type: 'balance', amount: offer.price.total, currency: offer.price.currency } } });
    expect(documents.map((d) => d.status)).toEqual(['ISSUED', 'ISSUED', 'ISSUED']);
    const tickets = (replay.orders.get(String(order.id))!.documents as Array<{ unique_identifier: string }>).map((d) => d.unique_identifier);
    expect(documents.map((d) => d.ticketNumber)).toEqual(tickets);
    expect(documents[0]).toMatchObject({ pricingRecordReference: null, validatingCarrier: 'ZZ', segmentReferences: [1] });

    expect((await adapter.issueTickets(booking.pnr, 'another-key')).map((d) => d.ticketNumber)).toEqual(tickets);
    expect(replay.requestsTo('POST', '/air/payments')).toHaveLength(1);
    const retrieved = await adapter.retrieve(booking.pnr);
    expect(retrieved).toMatchObject({ pnr: booking.pnr, status: 'CONFIRMED' });
    expect(retrieved!.offer.id).toBe(offer.id);
    expect(retrieved!.travelers.map((t) => [t.travelerId, t.lastName])).toEqual(booking.travelers.map((t) => [t.travelerId, t.lastName]));
    expect(retrieved!.documents.map((d) => d.ticketNumber)).toEqual(tickets);
    expect(await adapter.retrieve('NOSUCH')).toBeNull();
  });

  it('books an offer that cannot be held as an instant order paid from the balance', async () => {
    const offer = await offerOf('instant');
    const booking = await book(offer, 'res-instant-1');
    const sent = (replay.requestsTo('POST', '/air/orders')[0].body as { data: Record<string, unknown> }).data;
    expect(sent).toMatchObject({ type: 'instant', payments: [{ type: 'balance', amount: offer.price.total, currency: 'USD' }] });
    expect(booking.documents.map((d) => d.status)).toEqual(['ISSUED']);
    // Issuing reads the tickets the instant order already has: nothing is paid again.
    expect((await adapter.issueTickets(booking.pnr, 'res-instant-1')).map((d) => d.status)).toEqual(['ISSUED']);
    expect(replay.requestsTo('POST', '/air/payments')).toHaveLength(0);
  });

  it('answers partial ticketing with an EXPECTED document for the passenger Duffel has not ticketed', async () => {
    replay.scenario = { partialTicketing: true };
    const offer = await offerOf('hold', { adults: 2 });
    const booking = await book(offer, 'res-partial-1');
    const documents = await adapter.issueTickets(booking.pnr, 'res-partial-1');
    expect(documents.map((d) => d.status)).toEqual(['ISSUED', 'EXPECTED']);
    expect(documents[1].ticketNumber).toBeUndefined();
    expect((await adapter.issueTickets(booking.pnr, 'res-partial-1')).map((d) => d.status)).toEqual(['ISSUED', 'EXPECTED']);
    expect(replay.requestsTo('POST', '/air/payments')).toHaveLength(1);
  });

  it('asks for the date of birth, gender and passport Duffel needs before sending the order', async () => {
    replay.scenario = { documentsRequired: true };
    const offer = await offerOf('hold');
    const travelers = travelersFor(offer).map((t) => ({ ...t, gender: null }));
    const result = await adapter.createBooking({ offer, travelers, idempotencyKey: 'res-docs-1' });
    expect(result.kind).toBe('ADDITIONAL_INFORMATION_REQUIRED');
    expect(result.kind === 'ADDITIONAL_INFORMATION_REQUIRED' && result.fields.map((f) => f.field)).toEqual([
      'gender',
      'document.type',
      'document.number',
      'document.expiryDate',
      'document.issuingCountry',
    ]);
    expect(replay.requestsTo('POST', '/air/orders')).toHaveLength(0);
    const booking = await book(offer, 'res-docs-1', true);
    const sent = (replay.requestsTo('POST', '/air/orders')[0].body as { data: { passengers: Array<Record<string, unknown>> } }).data;
    expect(sent.passengers[0].identity_documents).toEqual([
      { type: 'passport', unique_identifier: 'TZ0123456', issuing_country_code: 'TZ', expires_on: '2031-01-01' },
    ]);
    expect(booking.status).toBe('CONFIRMED');
  });
});

describe('Duffel adapter: price change, expiry and refusals', () => {
  it('answers a fresh read of the offer: the same id at the changed price', async () => {
    const offer = await offerOf('hold');
    replay.scenario = { priceChange: true };
    const repriced = await adapter.reprice(offer);
    expect(repriced.id).toBe(offer.id);
    expect(Number(repriced.price.total)).toBe(Number(offer.price.total) + 25);
    expect(replay.requestsTo('GET', `/air/offers/${offer.id}`)[0].query.get('return_available_services')).toBe('false');
  });

  it('maps offer_no_longer_available to a final REPRICE_UNAVAILABLE and SELL_UNAVAILABLE (410 with refreshSearch)', async () => {
    const offer = await offerOf('hold');
    replay.scenario = { offerGone: true };
    expect(await supplierError(adapter.reprice(offer))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: false });
    expect(await supplierError(book(offer, 'res-gone-1'))).toMatchObject({ code: 'SELL_UNAVAILABLE', retryable: false });
    expect((await supplierError(adapter.reprice({ ...offer, id: '../air/orders' }))).code).toBe('REPRICE_UNAVAILABLE');
  });

  it('maps an airline_error on the order to a final RESERVATION_FAILED (409 FLIGHT_RESERVATION_FAILED)', async () => {
    const offer = await offerOf('hold');
    replay.scenario = { airlineError: true };
    const error = await supplierError(book(offer, 'res-airline-1'));
    expect(error).toMatchObject({ code: 'RESERVATION_FAILED', retryable: false });
    expect(error.message).toContain('airline_unknown');
  });

  it('maps 429 to retryable failures: SEARCH_UNAVAILABLE, REPRICE_UNAVAILABLE, and TIMEOUT for a sale (repeat with the same key)', async () => {
    replay.scenario = { rateLimited: 1 };
    const limited = await supplierError(adapter.search(criteria()));
    expect(limited).toMatchObject({ code: 'SEARCH_UNAVAILABLE', retryable: true });
    expect(limited.message).toMatch(/429 \(rate_limit_exceeded: .*\); rate limit resets at \d+/);
    const offer = await offerOf('hold');
    replay.scenario = { rateLimited: 1 };
    expect(await supplierError(adapter.reprice(offer))).toMatchObject({ code: 'REPRICE_UNAVAILABLE', retryable: true });
    replay.scenario = { rateLimited: 1 };
    expect(await supplierError(book(offer, 'res-429-1'))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect((await book(offer, 'res-429-1')).status).toBe('CONFIRMED');
  });

  it('gives up on a hanging Duffel after DUFFEL_TIMEOUT_MS: TIMEOUT, retryable', async () => {
    replay.scenario = { hang: /^POST \/air\/offer_requests$/ };
    expect(await supplierError(adapter.search(criteria()))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    replay.scenario = {};
    const offer = await offerOf('hold');
    const booking = await book(offer, 'res-hang-1');
    replay.scenario = { hang: /^POST \/air\/payments$/ };
    expect(await supplierError(adapter.issueTickets(booking.pnr, 'res-hang-1'))).toMatchObject({ code: 'TIMEOUT', retryable: true });
  });

  it('finds the order of a sale whose answer was lost: the repeat with the same key answers it and books nothing twice', async () => {
    const offer = await offerOf('hold');
    replay.scenario = { loseOrderAnswer: true };
    expect(await supplierError(book(offer, 'res-lost-1'))).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(replay.orders.size).toBeGreaterThan(0);
    const made = [...replay.orders.values()].find((o) => (o.metadata as Record<string, string>).safiri_key === 'res-lost-1')!;
    replay.scenario = {};
    expect((await book(offer, 'res-lost-1')).pnr).toBe(made.booking_reference);
    expect(replay.requestsTo('POST', '/air/orders')).toHaveLength(1);
    expect(replay.requestsTo('GET', '/air/orders').at(-1)!.query.getAll('passenger_name[]')).toEqual([NAMES[0]]);
  });

  it('refuses a wrong token as Duffel does (401), without retrying and without the token in the message', async () => {
    const wrong = new DuffelAdapter({ apiUrl: url, accessToken: new DuffelAccessToken('duffel_test_wrongwrongwrong'), timeoutMs: 1000 });
    const error = await supplierError(wrong.search(criteria()));
    expect(error).toMatchObject({ code: 'SEARCH_UNAVAILABLE', retryable: false });
    expect(error.message).toContain('401');
    expect(error.message).not.toContain('wrongwrong');
  });
});

describe('Duffel adapter: cancellation', () => {
  it('cancels a held order through a quote then its confirmation, with nothing to refund; a repeat asks nothing new', async () => {
    const offer = await offerOf('hold');
    const booking = await book(offer, 'res-cancel-1');
    expect(await adapter.cancel(booking.pnr)).toEqual({
      cancelled: true,
      refundRequired: false,
      refundPending: false,
      refund: { amount: '0.00', currency: 'USD', to: 'awaiting_payment' },
    });
    const [quote] = replay.requestsTo('POST', '/air/order_cancellations');
    expect(quote.body).toEqual({ data: { order_id: [...replay.orders.values()].find((o) => o.booking_reference === booking.pnr)!.id } });
    expect(replay.requestsTo('POST', /\/actions\/confirm$/)).toHaveLength(1);
    expect((await adapter.cancel(booking.pnr)).cancelled).toBe(true);
    expect(replay.requestsTo('POST', '/air/order_cancellations')).toHaveLength(1);
    expect((await adapter.retrieve(booking.pnr))!.status).toBe('CANCELLED');
    expect(await supplierError(adapter.issueTickets(booking.pnr, 'res-cancel-1'))).toMatchObject({ code: 'ISSUANCE_FAILED', retryable: false });
  });

  it('maps the refund of a paid order: to the balance it is pending (Duffel settles it), as airline credits it is required', async () => {
    const offer = await offerOf('instant');
    const paid = await book(offer, 'res-refund-1');
    expect(await adapter.cancel(paid.pnr)).toEqual({
      cancelled: true,
      refundPending: true,
      refundRequired: false,
      refund: { amount: offer.price.total, currency: 'USD', to: 'balance' },
    });
    const other = await book(await offerOf('instant'), 'res-refund-2');
    replay.scenario = { refund: { amount: '50.00', currency: 'USD', to: 'airline_credits' } };
    expect(await adapter.cancel(other.pnr)).toMatchObject({ refundPending: false, refundRequired: true, refund: { amount: '50.00', to: 'airline_credits' } });
    expect(await supplierError(adapter.cancel('NOSUCH'))).toMatchObject({ code: 'CANCEL_FAILED', retryable: false });
  });
});
