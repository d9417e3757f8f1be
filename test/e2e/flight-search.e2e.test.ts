import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import { expireOffer, storedSearchCount } from '../support/flight-offers';
import type { ErrorAnswer, RestFlightOffer } from '../support/rest-bodies';
import { flightRoutes } from '../../gateway/rest/routes/flight.routes';
import { JsonBytes } from '../../gateway/rest/prepared-reply.writer';

/** An RFC 9562 uuid: version 8, whose layout carries the search and the expiry (offers/offer-reference.codec.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const in30Days = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 30);

/** A search answer; meta.availability only with lookAheadDays. */
interface SearchBody {
  meta: {
    count: number;
    availability: { next: unknown; lookAhead: { status: string; confirmedThrough: unknown; [field: string]: unknown }; [field: string]: unknown };
  };
  data: RestFlightOffer[];
}

/** An offer review answer. */
interface ReviewBody {
  offerReference: string;
  expiresAt: string;
  flightOffer: RestFlightOffer;
  bookingRequirements: { travelerRequirements: Array<Record<string, unknown>>; [field: string]: unknown };
}

/** Flight search and offer review over REST (OpenAPI `searchFlightOffers`, `postFlightOffer`), against the GDS simulator. */
describe('flight search and offer review (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    env = await startTestStack();
    const accounts = createAccountService(env.stack.platform);
    const people: Array<[string, string, Record<string, string>]> = [
      ['customer', 'CUSTOMER', {}],
      ['other', 'CUSTOMER', {}],
      ['agent', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '5000000' }],
      ['partner', 'THIRD_PARTY_AGENT', { currency: 'USD', openingBalance: '5000' }],
    ];
    for (const [name, role, wallet] of people) {
      await accounts.create({ email: `${name}@flight.test`, password: 'flight password 1', role, ...wallet });
      const res = await fetch(`${env.baseUrl}/api/logon`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${name}@flight.test`, password: 'flight password 1' }),
      });
      tokens[name] = (await json<{ token: string }>(res)).token;
    }
  });
  afterAll(() => env.close());

  const post = (path: string, body: unknown, who = 'customer', headers: Record<string, string> = {}) =>
    fetch(`${env.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
      body: JSON.stringify(body),
    });
  const search = (body: Record<string, unknown>, who = 'customer', headers: Record<string, string> = {}) => post('/api/flight/search', body, who, headers);
  const oneWay = (extra: Record<string, unknown> = {}) => ({ originLocationCode: 'DAR', destinationLocationCode: 'NBO', departureDate: in30Days, ...extra });

  describe('search', () => {
    it('401 without a token', async () => {
      const res = await search(oneWay(), '');
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ errorCode: 'UNAUTHENTICATED', status: 401 });
    });

    it('answers user-bound offers with the full price object for a customer (USD by default)', async () => {
      const res = await search(oneWay());
      expect(res.status).toBe(200);
      const body = await json<SearchBody>(res);
      expect(Object.keys(body.meta)).toEqual(['count']);
      expect(body.meta.count).toBe(body.data.length);
      expect(body.data.length).toBeGreaterThan(0);
      for (const offer of body.data) {
        expect(offer.offerReference).toMatch(UUID);
        expect(new Date(offer.expiresAt).getTime()).toBeGreaterThan(Date.now());
        expect(offer.itineraries[0].segments[0].departure.iataCode).toBe('DAR');
        const p = offer.price;
        expect(p).toMatchObject({ currency: 'USD', pricingContext: 'ONLINE' });
        expect(Number(p.grandTotal)).toBeCloseTo(Number(p.total) + Number(p.bookingFeeTotal), 2);
        expect(p.bookingFees.map((f) => `${f.type}/${f.recipient}`)).toEqual(['SERVICE_COMMISSION/SERVICE']);
        expect(p.walletSettlement).toBeUndefined();
        expect(Object.keys(p.otherCurrencies).sort()).toEqual(['EUR', 'KES', 'TZS', 'UGX']);
        expect(p.otherCurrencies.TZS).toMatchObject({ currency: 'TZS' });
        expect(p.otherCurrencies.TZS.grandTotal).toMatch(/^\d+$/);
        expect(offer.travelerPricings[0].fareDetailsBySegment[0]).toHaveProperty('class');
      }
    });

    it('the alias /api/flight/offers/search answers the same offers with new references', async () => {
      const [a, b] = await Promise.all([search(oneWay()).then(json<SearchBody>), post('/api/flight/offers/search', oneWay()).then(json<SearchBody>)]);
      expect(b.data.map((o) => o.id)).toEqual(a.data.map((o) => o.id));
      expect(b.data[0].offerReference).not.toBe(a.data[0].offerReference);
    });

    it('prices agents with their wallet: service agent TZS with cash rounding and agent commission; third party without', async () => {
      const agent = await search(oneWay(), 'agent').then(json<SearchBody>);
      const ap = agent.data[0].price;
      expect(ap.pricingContext).toBe('SERVICE_AGENT');
      expect(ap.bookingFees.map((f) => f.type).sort()).toEqual(['AGENT_COMMISSION', 'SERVICE_COMMISSION']);
      expect(ap.walletSettlement).toMatchObject({ currency: 'TZS', rounding: { policyVersion: expect.any(String), increment: '50' } });
      expect(Number(ap.walletSettlement!.debitTotal) % 50).toBe(0);
      expect(ap.walletDebitTotal).toBe(ap.walletSettlement!.debitTotal);
      const partner = await search(oneWay(), 'partner').then(json<SearchBody>);
      const pp = partner.data[0].price;
      expect(pp.pricingContext).toBe('THIRD_PARTY_AGENT');
      expect(pp.bookingFees.map((f) => f.type)).toEqual(['SERVICE_COMMISSION']);
      expect(pp.walletSettlement!.currency).toBe('USD');
      expect(pp.walletSettlement!.rounding).toBeUndefined();
    });

    it('display currency: currencyCode wins over Content-Currency, which wins over USD', async () => {
      const header = await search(oneWay(), 'customer', { 'content-currency': 'KES' }).then(json<SearchBody>);
      expect(header.data[0].price.currency).toBe('KES');
      const both = await search(oneWay({ currencyCode: 'TZS' }), 'customer', { 'content-currency': 'KES' }).then(json<SearchBody>);
      expect(both.data[0].price.currency).toBe('TZS');
      expect(both.data[0].price.grandTotal).toMatch(/^\d+$/);
    });

    it('filters: nonStop, travelClass, included airlines, maxPrice and max', async () => {
      const body = await search(oneWay({ nonStop: true, includedAirlineCodes: ['KQ'], max: 2 })).then(json<SearchBody>);
      expect(body.data.length).toBeLessThanOrEqual(2);
      for (const o of body.data) {
        expect(o.itineraries[0].segments).toHaveLength(1);
        expect(o.itineraries[0].segments[0].carrierCode).toBe('KQ');
      }
      const all = await search(oneWay()).then(json<SearchBody>);
      const cheapest = Math.min(...all.data.map((o) => Number(o.price.grandTotal)));
      const capped = await search(oneWay({ maxPrice: cheapest })).then(json<SearchBody>);
      expect(capped.data.length).toBeGreaterThan(0);
      expect(capped.data.every((o) => Number(o.price.grandTotal) <= cheapest)).toBe(true);
      const max500 = await search(oneWay({ max: 500 }));
      expect(max500.status).toBe(200);
    });

    it('a round trip has two itineraries and is not one-way', async () => {
      const body = await search(oneWay({ returnDate: addDays(in30Days, 7) })).then(json<SearchBody>);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data[0].oneWay).toBe(false);
      expect(body.data[0].itineraries).toHaveLength(2);
      expect(body.data[0].itineraries[1].segments[0].departure.iataCode).toBe('NBO');
    });

    it.each([
      ['origin missing', { originLocationCode: undefined }, 'originLocationCode'],
      ['a full stop_id instead of the IATA code', { originLocationCode: 'DAR:FLT:0' }, 'originLocationCode'],
      ['an unknown airport', { destinationLocationCode: 'QQQ' }, 'destinationLocationCode'],
      ['10 adults', { adults: 10 }, 'adults'],
      ['more infants than adults', { adults: 1, infants: 2 }, 'infants'],
      ['one airline both included and excluded', { includedAirlineCodes: ['KQ'], excludedAirlineCodes: ['KQ', 'ET'] }, 'excludedAirlineCodes'],
      ['lookAheadDays 0', { lookAheadDays: 0 }, 'lookAheadDays'],
      ['lookAheadDays 8', { lookAheadDays: 8 }, 'lookAheadDays'],
      ['a look-ahead beyond 2099-12-31', { departureDate: '2099-12-29', lookAheadDays: 3 }, 'lookAheadDays'],
      ['a past departure', { departureDate: '2020-01-01' }, 'departureDate'],
      ['an impossible date', { departureDate: '2027-02-30' }, 'departureDate'],
      ['a return before the departure', { returnDate: '2020-01-01' }, 'returnDate'],
      ['max 0', { max: 0 }, 'max'],
      ['an unknown travel class', { travelClass: 'LUXURY' }, 'travelClass'],
      ['a display currency that is not ISO 4217', { currencyCode: 'XXX' }, 'currencyCode'],
      ['a display currency ISO 4217 has withdrawn', { currencyCode: 'DEM' }, 'currencyCode'],
    ])('400 for %s, naming the field', async (_name, extra, field) => {
      const res = await search(oneWay(extra));
      expect(res.status).toBe(400);
      const body = await json<ErrorAnswer>(res);
      expect(body).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400 });
      expect(body.data.fields.map((f) => f.field)).toContain(field);
    });

    it.each([[{ adults: 1, children: 9 }], [{ adults: 5, children: 5 }]])(
      '400 for %j: our 9-seat limit per search, said once in plain words',
      async (travelers) => {
        const body = await json<ErrorAnswer>(await search(oneWay(travelers)));
        const limit =
          'plus adults must not exceed 9 seated travelers per search (our limit, as a GDS booking seats 9; book a larger group as several reservations)';
        expect(body.data.fields).toEqual([{ field: 'children', message: limit }]);
        expect(body.errorMessage).toBe(`Invalid search: children ${limit}`);
      },
    );

    it.each([
      ['lookAheadDays 2.5', { lookAheadDays: 2.5 }],
      ['lookAheadDays as a string', { lookAheadDays: '2' }],
      ['adults as a string', { adults: '2' }],
    ])('400 for a wrongly typed field: %s', async (_name, extra) => {
      const res = await search(oneWay(extra));
      expect(res.status).toBe(400);
      expect((await json<ErrorAnswer>(res)).status).toBe(400);
    });
  });

  describe('look-ahead (the availability table)', () => {
    const lookAhead = async (from: string, to: string, date: string, days: number) => {
      const res = await search({ originLocationCode: from, destinationLocationCode: to, departureDate: date, lookAheadDays: days });
      expect(res.status).toBe(200);
      return json<SearchBody>(res);
    };

    it('offers for the requested date: RESULTS_FOUND, NOT_NEEDED', async () => {
      const body = await lookAhead('DAR', 'NBO', in30Days, 2);
      expect(body.meta.availability).toEqual({
        status: 'RESULTS_FOUND',
        requested: { departureDate: in30Days },
        lookAhead: { requestedDays: 2, status: 'NOT_NEEDED', firstChecked: null, confirmedThrough: null },
        next: null,
      });
    });

    it('the earliest later date with offers: FOUND, with next; no offers are created for it', async () => {
      const count = () => storedSearchCount(env.stack.platform);
      const before = await count();
      const body = await lookAhead('DAR', 'TKQ', '2027-03-10', 1);
      expect(await count()).toBe(before);
      expect(body.meta.count).toBe(0);
      expect(body.data).toEqual([]);
      expect(body.meta.availability).toEqual({
        status: 'NO_RESULTS',
        requested: { departureDate: '2027-03-10' },
        lookAhead: { requestedDays: 1, status: 'FOUND', firstChecked: { departureDate: '2027-03-11' }, confirmedThrough: { departureDate: '2027-03-11' } },
        next: { departureDate: '2027-03-11' },
      });
    });

    it('every later date empty: NO_RESULTS through the final candidate', async () => {
      const body = await lookAhead('DAR', 'DOD', '2027-03-13', 1);
      expect(body.meta.availability.lookAhead).toEqual({
        requestedDays: 1,
        status: 'NO_RESULTS',
        firstChecked: { departureDate: '2027-03-14' },
        confirmedThrough: { departureDate: '2027-03-14' },
      });
      expect(body.meta.availability.next).toBeNull();
    });

    it('an earlier candidate failed: INCOMPLETE with a 200, not a 5xx', async () => {
      const first = await lookAhead('DAR', 'TKQ', '2027-08-23', 1);
      expect(first.meta.availability.lookAhead).toMatchObject({ status: 'INCOMPLETE', confirmedThrough: null });
      const later = await lookAhead('DAR', 'TKQ', '2027-08-22', 3);
      expect(later.meta.availability.lookAhead.status).toBe('INCOMPLETE');
      expect(later.meta.availability.lookAhead.confirmedThrough).not.toBeNull();
      expect(later.meta.availability.next).toBeNull();
    });
  });

  describe('the REST answer made from the subgraph answer bytes (issue 15 item 4)', () => {
    const searchRoute = flightRoutes.find((r) => r.path === '/api/flight/search')!;
    /** The flight subgraph's own answer to the route's operation, as bytes. */
    const subgraphAnswer = async (body: Record<string, unknown>, who: string) => {
      const operation = searchRoute.operation({ params: {}, query: new URLSearchParams(), body, headers: {} });
      const res = await fetch(env.stack.subgraphs.flight!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
        body: JSON.stringify({ query: operation.query, variables: operation.variables }),
      });
      expect(res.status).toBe(200);
      return { operation, answer: Buffer.from(await res.arrayBuffer()) };
    };

    it.each([
      ['50 offers (the sandbox load route)', { originLocationCode: 'MBA', destinationLocationCode: 'ZNZ', departureDate: in30Days }, 'customer', 50],
      ['a service agent: wallet settlement with cash rounding, agent commission', oneWay(), 'agent', 1],
      ['a third-party agent, round trip', oneWay({ returnDate: addDays(in30Days, 7) }), 'partner', 1],
      ['a look-ahead (meta.availability)', oneWay({ lookAheadDays: 2 }), 'customer', 1],
      [
        'a look-ahead that finds a later date (no offers)',
        { originLocationCode: 'DAR', destinationLocationCode: 'TKQ', departureDate: '2027-03-10', lookAheadDays: 1 },
        'customer',
        0,
      ],
    ])('%s: the same bytes as parsing the answer and mapping it', async (_name, body, who, atLeast) => {
      const { operation, answer } = await subgraphAnswer(body, who);
      const parsed = JSON.parse(answer.toString('utf8')) as { data: unknown; errors?: unknown };
      expect(parsed.errors).toBeUndefined();
      const mapped = JSON.stringify(searchRoute.reply(parsed.data, { params: {}, query: new URLSearchParams(), body, headers: {} }).body);
      const fromBytes = operation.fromAnswerBytes!(answer);
      expect(fromBytes).toBeInstanceOf(JsonBytes);
      expect((fromBytes as JsonBytes).bytes.toString('utf8')).toBe(mapped);
      expect((JSON.parse(mapped) as SearchBody).data.length).toBeGreaterThanOrEqual(atLeast);
    });

    it('an answer with errors is left to the usual mapping', async () => {
      const { operation, answer } = await subgraphAnswer(
        { originLocationCode: 'DAR', destinationLocationCode: 'TKQ', departureDate: '2027-01-25' },
        'customer',
      );
      expect(answer.toString('utf8')).toContain('"errors"');
      expect(operation.fromAnswerBytes!(answer)).toBeUndefined();
    });
  });

  describe('supplier failures on the requested dates (502, no look-ahead)', () => {
    it.each([
      ['2027-01-25', 'FLIGHT_SEARCH_UNAVAILABLE', { retryable: true }],
      ['2027-01-26', 'FLIGHT_SEARCH_UNAVAILABLE', { retryable: false }],
      ['2027-01-27', 'FLIGHT_INVALID_RESPONSE', {}],
      ['2027-01-28', 'FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE', {}],
    ])('%s gives 502 %s', async (date, errorCode, data) => {
      const res = await search({ originLocationCode: 'DAR', destinationLocationCode: 'TKQ', departureDate: date, lookAheadDays: 2 });
      expect(res.status).toBe(502);
      const body = await json<ErrorAnswer>(res);
      expect(body).toMatchObject({ errorCode, status: 502 });
      expect(body.data).toMatchObject(data);
    });
  });

  describe('offer review', () => {
    const firstOffer = async (extra: Record<string, unknown> = {}, who = 'customer') => (await search(oneWay(extra), who).then(json<SearchBody>)).data[0];

    it('answers the same offer, expiry and requirements on repeat; takes flightOffer.offerReference too', async () => {
      const offer = await firstOffer();
      const a = await post('/api/flight/offer', { offerReference: offer.offerReference });
      expect(a.status).toBe(200);
      const first = await json<ReviewBody>(a);
      const second = await post('/api/flight/offer', { flightOffer: { ...offer, price: { total: '1' } } }).then(json<ReviewBody>);
      expect(second).toEqual(first);
      expect(first.offerReference).toBe(offer.offerReference);
      expect(first.expiresAt).toBe(offer.expiresAt);
      expect(first.flightOffer.price).toEqual(offer.price);
    });

    it('international journeys need documents; domestic adults need no date of birth', async () => {
      const international = await post('/api/flight/offer', { offerReference: (await firstOffer()).offerReference }).then(json<ReviewBody>);
      expect(international.bookingRequirements).toMatchObject({
        journeyType: 'INTERNATIONAL',
        profileVersion: 1,
        source: 'ITINERARY_DEFAULT',
        emailAddressRequired: true,
      });
      expect(international.bookingRequirements.travelerRequirements[0]).toMatchObject({ travelerId: '1', documentRequired: true, dateOfBirthRequired: true });
      const domesticOffer = await firstOffer({ destinationLocationCode: 'ZNZ', children: 1 });
      const domestic = await post('/api/flight/offer', { offerReference: domesticOffer.offerReference }).then(json<ReviewBody>);
      expect(domestic.bookingRequirements).toMatchObject({ journeyType: 'DOMESTIC', domesticCountryCode: 'TZ' });
      const [adult, child] = domestic.bookingRequirements.travelerRequirements;
      expect(adult).toMatchObject({ travelerType: 'ADULT', dateOfBirthRequired: false, documentRequired: false, genderRequired: false });
      expect(child).toMatchObject({ travelerType: 'CHILD', dateOfBirthRequired: true });
    });

    it('optional members are left out, never null: an international journey has no domesticCountryCode', async () => {
      const international = await post('/api/flight/offer', { offerReference: (await firstOffer()).offerReference }).then(json<ReviewBody>);
      expect(international.bookingRequirements.journeyType).toBe('INTERNATIONAL');
      expect(international.bookingRequirements).not.toHaveProperty('domesticCountryCode');
    });

    it('optional members are left out, never null: a segment endpoint without a terminal has no terminal', async () => {
      // ZNZ has no terminal in the sandbox; DAR has terminal 3.
      const domestic = await firstOffer({ destinationLocationCode: 'ZNZ', nonStop: true });
      const segment = domestic.itineraries[0].segments[0];
      expect(segment.departure).toMatchObject({ iataCode: 'DAR', terminal: '3' });
      expect(segment.arrival.iataCode).toBe('ZNZ');
      expect(segment.arrival).not.toHaveProperty('terminal');
    });

    it("400 without a reference, 404 for another account's offer, 410 once expired", async () => {
      // reviewFlightOffer's offerReference is non-null: the route answers the spec's 400 itself, the body the service gave.
      const missing = await post('/api/flight/offer', {});
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        errorCode: 'BAD_REQUEST',
        errorMessage: 'offerReference is required (or flightOffer with its offerReference)',
        status: 400,
        data: { fields: [{ field: 'offerReference', message: 'is required' }] },
        error: {},
      });
      const offer = await firstOffer();
      const stolen = await post('/api/flight/offer', { offerReference: offer.offerReference }, 'other');
      expect(stolen.status).toBe(404);
      await expireOffer(env.stack.platform, offer.offerReference);
      const expired = await post('/api/flight/offer', { offerReference: offer.offerReference });
      expect(expired.status).toBe(410);
      expect(await json(expired)).toMatchObject({ errorCode: 'FLIGHT_OFFER_EXPIRED', status: 410 });
    });
  });
});
