import { checkFlightSearch, MAX_OFFERS } from './flight-search.validator';

const fields = (checked: ReturnType<typeof checkFlightSearch>) => ('problems' in checked ? checked.problems : []);
const search = (extra: Record<string, unknown> = {}) => ({ originLocationCode: 'dar', destinationLocationCode: 'NBO', departureDate: '2030-01-10', ...extra });
const data = { today: '2030-01-01', knownAirport: (code: string) => code !== 'QQQ' };

describe('the flight search validator (REST and GraphQL alike)', () => {
  it('applies every default to a valid search', () => {
    expect(checkFlightSearch(search({ max: 500 }), data)).toEqual({
      search: {
        origin: 'DAR',
        destination: 'NBO',
        dates: { departureDate: '2030-01-10' },
        adults: 1,
        children: 0,
        infants: 0,
        childAges: null,
        infantAges: null,
        travelClass: null,
        includedAirlineCodes: [],
        excludedAirlineCodes: [],
        nonStop: false,
        currency: 'USD',
        maxPrice: null,
        max: MAX_OFFERS,
        lookAheadDays: null,
      },
    });
  });

  it('takes one age per child (2 to 11) and per infant (0 or 1) when given, and refuses any other list', () => {
    const family = (extra: Record<string, unknown>) => checkFlightSearch(search({ adults: 2, children: 2, infants: 1, ...extra }), data);
    expect(family({ childAges: [4, 11], infantAges: [0] })).toMatchObject({ search: { childAges: [4, 11], infantAges: [0] } });
    for (const childAges of [[4], [4, 12], [1, 5], ['4', 5], 4, [4, 5.5]]) {
      expect(fields(family({ childAges })).map((p) => p.field)).toEqual(['childAges']);
    }
    expect(fields(family({ infantAges: [2] }))).toEqual([
      { field: 'infantAges', message: 'must list one age per traveler of infants (1), each a whole number from 0 to 1' },
    ]);
  });

  it('lists every problem at once, in member order, whatever JSON types were sent', () => {
    const body = search({
      originLocationCode: 5,
      departureDate: '2030-02-30',
      adults: '2',
      infants: 3,
      travelClass: 'LUXURY',
      currencyCode: 'US',
      lookAheadDays: 8,
    });
    expect(fields(checkFlightSearch(body, data))).toEqual([
      { field: 'originLocationCode', message: 'must be a string' },
      { field: 'departureDate', message: 'must be a real date in YYYY-MM-DD form' },
      { field: 'adults', message: 'must be a whole number from 1 to 9' },
      { field: 'infants', message: 'must not exceed adults: each infant travels on an adult lap' },
      { field: 'travelClass', message: 'must be one of ECONOMY, PREMIUM_ECONOMY, BUSINESS, FIRST' },
      { field: 'currencyCode', message: 'must be a three-letter ISO 4217 code' },
      { field: 'lookAheadDays', message: 'must be a whole number from 1 to 7' },
    ]);
  });

  it('takes a display currency ISO 4217 lists today, in any case, and refuses codes it does not (a 400, not a supplier 502)', () => {
    expect(checkFlightSearch(search({ currencyCode: 'tzs' }), data)).toMatchObject({ search: { currency: 'TZS' } });
    for (const code of ['XXX', 'XTS', 'DEM', 'ABC'])
      expect(fields(checkFlightSearch(search({ currencyCode: code }), data))).toEqual([
        { field: 'currencyCode', message: 'must be a current ISO 4217 currency code' },
      ]);
  });

  it('checks known airports and the date at the origin only with the data the subgraph has', () => {
    const body = search({ destinationLocationCode: 'QQQ', departureDate: '2029-12-31' });
    expect(fields(checkFlightSearch(body, data))).toEqual([
      { field: 'destinationLocationCode', message: 'QQQ is not an airport we know' },
      { field: 'departureDate', message: 'must not be in the past (today is 2030-01-01 at the origin)' },
    ]);
    expect(fields(checkFlightSearch(body))).toEqual([]);
  });

  it('bounds the airline lists', () => {
    const codes = Array.from({ length: 51 }, (_, i) => `${String.fromCharCode(65 + (i % 26))}${i % 10}`);
    expect(fields(checkFlightSearch(search({ includedAirlineCodes: codes }), data))).toEqual([
      { field: 'includedAirlineCodes', message: 'must list at most 50 airline codes' },
    ]);
  });
});
