import { flightRoutes } from '../rest/routes/flight.routes';
import { restSearchBody } from './flight-search-bytes.mapper';
import { JsonBytes } from '../rest/prepared-reply.writer';

const route = flightRoutes.find((r) => r.path === '/api/flight/search')!;
const request = { params: {}, query: new URLSearchParams(), body: {}, headers: {} };
const fromBytes = route.operation(request).fromAnswerBytes!;

/** What the route sends when it parses the answer and maps the objects. */
const mapped = (answer: string) => JSON.stringify(route.reply((JSON.parse(answer) as { data: unknown }).data, request).body);
const viaBytes = (answer: string) => {
  const body = fromBytes(Buffer.from(answer, 'utf8'));
  return body instanceof JsonBytes ? body.bytes.toString('utf8') : body;
};

const fee = (extra: Record<string, unknown> = {}) => ({
  amount: '5.00',
  currency: 'USD',
  type: 'SERVICE_COMMISSION',
  recipient: 'SERVICE',
  roundingAdjustment: null,
  ...extra,
});

/** An offer in the GraphQL shape, with nulls where the schema allows them and in its JSON scalars. */
const offer = (id: string, price: Record<string, unknown> = {}) => ({
  type: 'flight-offer',
  id,
  offerReference: `ref-${id}`,
  lastTicketingDate: '2027-01-01',
  itineraries: [
    {
      duration: 'PT1H',
      durations: {},
      segments: [
        {
          id: '1',
          departure: { iataCode: 'DAR', terminal: null, at: '2027-01-02T10:00:00', stop: { name: null, note: 'a "quoted":null, string\\', n: null } },
          arrival: { iataCode: 'NBO', terminal: '1', at: '2027-01-02T11:00:00', stop: {} },
          operating: { carrierCode: null },
          transitAgency: { a: null, b: null, c: 1, d: null, e: [null, { f: null }, []], 'k"e\\y:null': null, 'x":null,"': 'y":null,"' },
        },
      ],
    },
  ],
  price: {
    currency: 'USD',
    total: '100.00',
    walletDebitTotal: null,
    walletSettlement: null,
    bookingFees: [fee(), fee({ roundingAdjustment: '0.05' })],
    otherCurrencies: [
      { currency: 'TZS', total: '250000', walletDebitTotal: null, bookingFees: [fee({ currency: 'TZS' })] },
      { currency: 'KES', total: '13000', walletDebitTotal: '13000', bookingFees: [] },
    ],
    ...price,
  },
  pricingOptions: { fareType: ['PUBLISHED'], otherCurrencies: [{ currency: 'not a price' }] },
  commission: {},
  fareRules: { rules: [{ category: 'REFUND', notApplicable: null, price: { otherCurrencies: [] } }], nested: [[null, 1]], ünïcødé: '日本語 😀' },
  travelerPricings: [{ travelerId: '1', price: { currency: 'USD', total: '100.00', base: '90.00' } }],
});

const answer = (offers: unknown[], meta: Record<string, unknown> = { count: offers.length, availability: null }) =>
  `${JSON.stringify({ data: { searchFlights: { meta, data: offers } } })}\n`;

describe('the REST flight search made from the subgraph answer bytes', () => {
  it('leaves out null members at every depth and keys otherCurrencies by currency, as the object mapping does', () => {
    const text = answer([offer('1'), offer('2', { otherCurrencies: [] }), offer('3', { walletSettlement: { currency: 'TZS', rounding: null } })]);
    expect(viaBytes(text)).toBe(mapped(text));
    const body = JSON.parse(viaBytes(text) as string) as { meta: unknown; data: Array<{ price: { otherCurrencies: unknown } }> };
    expect(body.meta).toEqual({ count: 3 });
    expect(Object.keys(body.data[0].price.otherCurrencies as object)).toEqual(['TZS', 'KES']);
    expect(body.data[1].price.otherCurrencies).toEqual({});
  });

  it('a body longer than the answer (many currency keys)', () => {
    const otherCurrencies = Array.from({ length: 300 }, (_, i) => ({ currency: `CURRENCY-${i}`, total: '1' }));
    const text = answer([{ id: '1', price: { currency: 'USD', otherCurrencies } }]);
    expect((viaBytes(text) as string).length).toBeGreaterThan(text.length + 1024);
    expect(viaBytes(text)).toBe(mapped(text));
  });

  it('no offers, and a look-ahead meta whose date pairs keep their nulls', () => {
    const meta = {
      count: 0,
      availability: {
        status: 'NO_RESULTS',
        requested: { departureDate: '2027-03-10', returnDate: null },
        next: null,
        lookAhead: { requestedDays: 1, status: 'NO_RESULTS', firstChecked: { departureDate: '2027-03-11', returnDate: null }, confirmedThrough: null },
      },
    };
    expect(viaBytes(answer([], meta))).toBe(mapped(answer([], meta)));
    expect(viaBytes(answer([offer('1')], { ...meta, count: 1 }))).toBe(mapped(answer([offer('1')], { ...meta, count: 1 })));
  });

  it.each([
    ['an answer with errors', `{"errors":[{"message":"no"}],"data":null}\n`],
    ['errors after the data', `{"data":{"searchFlights":{"meta":{"count":0,"availability":null},"data":[]}},"errors":[]}\n`],
    ['whitespace', JSON.stringify(JSON.parse(answer([offer('1')])), null, 1)],
    ['a duplicate currency', answer([offer('1', { otherCurrencies: [{ currency: 'TZS' }, { currency: 'TZS' }] })])],
    ['a currency that is not first', answer([offer('1', { otherCurrencies: [{ total: '1', currency: 'TZS' }] })])],
    ['otherCurrencies not last in the price', answer([{ price: { otherCurrencies: [], currency: 'USD' } }])],
    ['a __proto__ member', answer([{ ...offer('1'), commission: JSON.parse('{"__proto__":{"a":1}}') as unknown }])],
    ['another operation', `{"data":{"reviewFlightOffer":{}}}\n`],
    ['cut short', answer([offer('1')]).slice(0, 500)],
    ['something after the answer', `${answer([])}{}`],
  ])('%s: left to the object mapping', (_name, text) => {
    expect(viaBytes(text)).toBeUndefined();
  });

  it('maps the meta with the function it is given', () => {
    const text = answer([], { count: 0, availability: null });
    expect(restSearchBody(Buffer.from(text), () => ({ mapped: true }))!.toString()).toBe('{"meta":{"mapped":true},"data":[]}');
  });
});
