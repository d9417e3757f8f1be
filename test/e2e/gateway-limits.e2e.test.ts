import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, GraphQLAnswer, RestFlightOffer } from '../support/rest-bodies';
import { aliased, fragmentBomb } from '../support/graphql-documents';

const AIRPORT_FIELDS = 'stopId stopCode stopLat stopLon stopName stopDesc stopTimezone cityGeohash popularity';

/** The "money and abuse safety" findings against the gateway, with the default limits. */
describe('gateway limits (default configuration)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  beforeAll(async () => {
    env = await startTestStack();
  });
  afterAll(() => env.close());

  const graphql = async <T = unknown>(body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await json<GraphQLAnswer<T>>(res) };
  };
  const expectTooComplex = (res: { status: number; body: GraphQLAnswer<unknown> }, message: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', errorCode: 'QUERY_TOO_COMPLEX', status: 400 });
    expect(res.body.errors![0].message).toMatch(message);
  };

  describe('GraphQL cost matches what an operation really asks', () => {
    it('refuses the 902-byte document that spreads one fragment 2^24 times', async () => {
      expectTooComplex(await graphql({ query: fragmentBomb(24) }), /fragment spreads once fragments are expanded; the limit is 100/);
    });

    it('refuses 30 aliases of the airport list: a list field costs what the list really holds', async () => {
      expectTooComplex(await graphql({ query: aliased(30, `airports { ${AIRPORT_FIELDS} }`) }), /costs \d+; the limit is 10000 for requests without a token/);
    });

    it('refuses 5,000 aliases of the key set before parsing all of it', async () => {
      expectTooComplex(await graphql({ query: aliased(5000, 'jwks { keys { kid n } }') }), /more than 5000 tokens/);
    });

    it('refuses more aliases than the alias limit, however cheap each one', async () => {
      expectTooComplex(await graphql({ query: aliased(31, 'jwks { keys { kid } }') }), /31 aliases; the limit is 30/);
      expect((await graphql({ query: aliased(30, 'jwks { keys { kid } }') })).status).toBe(200);
    });

    it('checks the limits before validation, whose rules are not all linear in the document', async () => {
      // 1,800 fields named alike: graphql-js compares same-named fields pairwise. Refused unvalidated:
      // the unknown field in the same document is not even reported.
      const sameNames = `{ ${Array.from({ length: 600 }, () => 'jwks { keys { kid } }').join(' ')} nope }`;
      expectTooComplex(await graphql({ query: sameNames }), /^The operation selects 1801 fields once fragments are expanded; the limit is 500$/);
    });

    it('gives requests without Authorization a tighter budget than requests with one', async () => {
      const twoFields = { query: '{ airports(limit: 10000) { stopId stopName } }' };
      expectTooComplex(await graphql(twoFields), /the limit is 10000 for requests without a token/);
      const withToken = await graphql<{ airports: unknown[] }>(twoFields, { authorization: 'Bearer any.token.here' });
      expect(withToken.status).toBe(200);
      expect(withToken.body.data.airports.length).toBeGreaterThan(8000);
      expect((await graphql({ query: '{ airports { stopId } }' })).status).toBe(200);
    });

    it("still serves the whole airport list over REST, whose operation is the gateway's own", async () => {
      const res = await fetch(`${env.baseUrl}/stops/flight/api/stops`);
      expect(res.status).toBe(200);
      expect(((await json(res)) as unknown[]).length).toBeGreaterThan(8000);
    });
  });

  describe('client mistakes are 4xx', () => {
    it('400 for two operations without operationName, naming the choice to make', async () => {
      const query = 'query A { jwks { keys { kid } } } query B { jwks { keys { alg } } }';
      const res = await graphql({ query });
      expect(res.status).toBe(400);
      expect(res.body.errors![0].extensions).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400 });
      expect(res.body.errors![0].message).toMatch(/operationName/);
      expect((await graphql<{ jwks: { keys: Array<{ alg: string }> } }>({ query, operationName: 'B' })).body.data.jwks.keys[0].alg).toBe('RS256');
      expect((await graphql({ query, operationName: 'C' })).status).toBe(400);
    });

    it("413 PAYLOAD_TOO_LARGE for a field of about 1 MB that fits the gateway's body limit but not the subgraph request", async () => {
      // Reverse-proxy metadata is free-form, so no REST schema bounds it: the admin subgraph's body limit is what refuses it.
      const metadata = { note: 'a'.repeat(env.config.maxBodyBytes - 100) };
      const res = await fetch(`${env.baseUrl}/api/admin/reverse-proxy/configs/tenant.co.tz`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: 'Bearer not-checked-before-the-body', 'if-match': '*' },
        body: JSON.stringify({ metadata }),
      });
      expect(res.status).toBe(413);
      expect(await json(res)).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE', status: 413 });
    });

    describe('flight reservation input', () => {
      let customer: FlightClient;
      let offer: RestFlightOffer;
      beforeAll(async () => {
        customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'limits@booking.test', 'CUSTOMER');
        offer = await customer.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });
      });

      it('400 naming the field when a subgraph refuses a variable of the wrong type (ageCategory)', async () => {
        const res = await customer.call<ErrorAnswer>('POST', '/api/flight/reserve', {
          offerReference: offer.offerReference,
          passengers: [adult('Mwinyi', { ageCategory: true })],
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { fields: [{ field: 'passengers[0].ageCategory' }] } });
        expect(res.body.errorMessage).toMatch(/passengers\[0\]\.ageCategory/);
      });

      it('400 naming the field when the gateway refuses a variable of the wrong type (selectedOption)', async () => {
        const res = await customer.call('POST', '/api/flight/reserve', { offerReference: offer.offerReference, passengers: [adult()], selectedOption: 5 });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { fields: [{ field: 'selectedOption' }] } });
      });

      it('a short 422 for 20,000 passengers: the list is capped before each passenger is checked', async () => {
        const passengers = Array.from({ length: 20_000 }, () => ({ firstName: 'A', ageCategory: 'x' }));
        const res = await customer.call<ErrorAnswer>('POST', '/api/flight/reserve', { offerReference: offer.offerReference, passengers });
        expect(res.status).toBe(422);
        expect(res.body.errorCode).toBe('FLIGHT_PASSENGER_DATA_INVALID');
        expect(res.body.data.fields).toEqual([{ travelerId: '*', field: 'passengers', message: expect.stringMatching(/at most 18 .*20000 were given/) }]);
      });
    });
  });
});
