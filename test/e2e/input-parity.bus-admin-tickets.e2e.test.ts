import { startTestStack } from '../support/test-platform';
import { daysAhead, FlightClient } from '../support/flight-client';
import type { ErrorAnswer, FieldProblem } from '../support/rest-bodies';

const DAR = 'DAR_ES_SALAAM:RGN:0';
const ARUSHA = 'ARUSHA:RGN:0';
const CONFIGS = '/api/admin/reverse-proxy/configs';
/** A domain longer than any host name (253 characters and a dot). */
const LONG_DOMAIN = `${'a'.repeat(60)}.`.repeat(5) + 'co.tz';

/** What both answers must agree on: the status, the error code, and every field with its words. */
interface Refusal {
  status: number;
  code: string;
  fields: FieldProblem[] | undefined;
}

interface GraphQLAnswer {
  data: unknown;
  errors?: Array<{ message: string; extensions: { code: string; status: number; data?: { fields?: FieldProblem[] } } }>;
}

/**
 * The same bad input sent to a REST route and to the GraphQL field it becomes: the REST error's errorCode and
 * data.fields must equal the GraphQL error's extensions code and data.fields (docs/rest-shapes.md "REST input"),
 * because one validator (shared/api-contract) answers both. Value problems only: a JSON type GraphQL itself refuses
 * is a GraphQL validation error before any resolver.
 */
describe('one list of input problems for REST and GraphQL: bus search, logon, reverse proxy, ticket lookup', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let admin: FlightClient;
  let company: string;

  beforeAll(async () => {
    env = await startTestStack();
    const { platform } = env.stack;
    [customer, admin] = await Promise.all([
      FlightClient.create(env.baseUrl, platform, 'parity.customer@safiri.test', 'CUSTOMER'),
      FlightClient.create(env.baseUrl, platform, 'parity.admin@safiri.test', 'ADMIN'),
    ]);
    const [row] = await platform.dataSource.query<Array<{ uuid: string }>>('SELECT uuid FROM company ORDER BY name LIMIT 1');
    company = row.uuid;
  });
  afterAll(() => env?.close());

  const fromRest = (res: { status: number; body: ErrorAnswer }): Refusal => ({ status: res.status, code: res.body.errorCode, fields: res.body.data?.fields });

  async function fromGraphQL(client: FlightClient, query: string, variables: Record<string, unknown>): Promise<Refusal> {
    const res = await client.call<GraphQLAnswer>('POST', '/graphql', { query, variables });
    expect(res.body.errors).toHaveLength(1);
    const { extensions } = res.body.errors![0];
    return { status: extensions.status, code: extensions.code, fields: extensions.data?.fields };
  }

  /** Both refusals equal: a 400 with the expected code and fields, in order. */
  function expectSame(rest: Refusal, graphql: Refusal, code: string, fields: string[]) {
    expect(rest).toEqual(graphql);
    expect([rest.status, rest.code, rest.fields?.map((f) => f.field)]).toEqual([400, code, fields]);
  }

  describe('bus search (GET /api/trip/search, busSearch)', () => {
    const SEARCH = 'query ($from: String!, $to: String!, $date: String!) { busSearch(from: $from, to: $to, date: $date) { exactRoute { routeName } } }';
    const both = async (search: Record<string, string>) => [
      fromRest(await customer.call<ErrorAnswer>('GET', `/api/trip/search?${new URLSearchParams(search)}`)),
      await fromGraphQL(customer, SEARCH, { from: '', to: '', date: '', ...search }),
    ];

    it.each([
      ['a stop id too long', { from: 'A'.repeat(65), to: ARUSHA, date: daysAhead(3) }, 'BAD_REQUEST', ['from']],
      ['a stop id of another form and a date that does not exist', { from: 'DAR:SGR:0', to: ARUSHA, date: '2026-02-30' }, 'BAD_REQUEST', ['from', 'date']],
      ['a blank stop and a date too long', { from: DAR, to: ' ', date: daysAhead(3).repeat(4) }, 'FROM_STOP_ID_REQUIRED', ['to', 'date']],
      ['a malformed stop before an unknown one: the values first', { from: 'dar', to: 'ATLANTIS:RGN:0', date: daysAhead(3) }, 'BAD_REQUEST', ['from']],
      ['an unknown stop (the stop list)', { from: DAR, to: 'ATLANTIS:RGN:0', date: daysAhead(3) }, 'UNKNOWN_STOP_ID', ['to']],
    ])('%s', async (_name, search, code, fields) => {
      const [rest, graphql] = await both(search);
      expectSame(rest, graphql, code, fields);
    });
  });

  describe('logon (POST /api/logon, logon)', () => {
    const LOGON = 'mutation ($email: String!, $password: String!) { logon(email: $email, password: $password) { token } }';

    it.each([
      ['a blank email and a password too long', { email: '  ', password: 'p'.repeat(1025) }, ['email', 'password']],
      ['an email too long', { email: `${'a'.repeat(250)}@x.co`, password: 'not the password' }, ['email']],
    ])('%s', async (_name, credentials, fields) => {
      const rest = fromRest(
        await fetch(`${env.baseUrl}/api/logon`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) }).then(
          async (r) => ({ status: r.status, body: (await r.json()) as ErrorAnswer }),
        ),
      );
      expectSame(rest, await fromGraphQL(customer, LOGON, credentials), 'BAD_REQUEST', fields);
    });
  });

  describe('reverse proxy (createReverseProxyConfig … deleteReverseProxyConfig)', () => {
    const CREATE = 'mutation ($input: CreateReverseProxyConfigInput!) { createReverseProxyConfig(input: $input) { revision } }';
    const UPDATE = `mutation ($domain: String!, $input: UpdateReverseProxyConfigInput!, $ifMatch: String) {
      updateReverseProxyConfig(domain: $domain, input: $input, ifMatch: $ifMatch) { changed } }`;
    const READ = 'query ($domain: String!) { reverseProxyConfig(domain: $domain) { revision } }';
    const DELETE = 'mutation ($domain: String!, $ifMatch: String) { deleteReverseProxyConfig(domain: $domain, ifMatch: $ifMatch) { revision } }';
    const one = (domain: string) => `${CONFIGS}/${encodeURIComponent(domain)}`;

    it('create: a name that is not a host name and a company id that is not a uuid, both listed', async () => {
      const input = { domain: 'not a host.co.tz', companyUuid: 'nope' };
      const rest = fromRest(await admin.call<ErrorAnswer>('POST', CONFIGS, input));
      expectSame(rest, await fromGraphQL(admin, CREATE, { input }), 'BAD_REQUEST', ['domain', 'companyUuid']);
    });

    it('create: a domain longer than a host name', async () => {
      const input = { domain: LONG_DOMAIN, companyUuid: company };
      const rest = fromRest(await admin.call<ErrorAnswer>('POST', CONFIGS, input));
      expectSame(rest, await fromGraphQL(admin, CREATE, { input }), 'BAD_REQUEST', ['domain']);
    });

    it('update: the domain named and a body value, both listed', async () => {
      const rest = fromRest(await admin.call<ErrorAnswer>('PATCH', one(LONG_DOMAIN), { companyUuid: 'nope' }, { 'if-match': '*' }));
      const graphql = await fromGraphQL(admin, UPDATE, { domain: LONG_DOMAIN, input: { companyUuid: 'nope' }, ifMatch: '*' });
      expectSame(rest, graphql, 'BAD_REQUEST', ['domain', 'companyUuid']);
    });

    it('an account that is not an administrator is refused for its role before its input is read, on both', async () => {
      const input = { domain: 'not a host.co.tz', companyUuid: 'nope' };
      const rest = fromRest(await customer.call<ErrorAnswer>('POST', CONFIGS, input));
      expect(rest).toEqual(await fromGraphQL(customer, CREATE, { input }));
      expect([rest.status, rest.code]).toEqual([403, 'FORBIDDEN']);
    });

    it('read and delete: a domain longer than a host name', async () => {
      expectSame(fromRest(await admin.call<ErrorAnswer>('GET', one(LONG_DOMAIN))), await fromGraphQL(admin, READ, { domain: LONG_DOMAIN }), 'BAD_REQUEST', [
        'domain',
      ]);
      const removed = fromRest(await admin.call<ErrorAnswer>('DELETE', one(LONG_DOMAIN), undefined, { 'if-match': '*' }));
      expectSame(removed, await fromGraphQL(admin, DELETE, { domain: LONG_DOMAIN, ifMatch: '*' }), 'BAD_REQUEST', ['domain']);
    });
  });

  describe('ticket lookup (GET /api/ticket, trainTicketLookup and flightTicketLookup)', () => {
    const FILTERS = '$ticketId: String, $paymentReference: String, $bookingReference: String, $email: String, $phoneNumber: String';
    const ARGS = 'ticketId: $ticketId, paymentReference: $paymentReference, bookingReference: $bookingReference, email: $email, phoneNumber: $phoneNumber';

    it.each([
      [
        'a ticket id too long, an email and a phone number that are neither',
        { ticketId: 'x'.repeat(65), email: 'nope', phoneNumber: '12' },
        'BAD_REQUEST',
        ['ticketId', 'email', 'phoneNumber'],
      ],
      ['a blank ticket id', { ticketId: '   ' }, 'BAD_REQUEST', ['ticketId']],
      ['no filter at all', {}, 'TICKET_LOOKUP_FILTER_REQUIRED', ['ticketId']],
    ])('%s', async (_name, filters, code, fields) => {
      const rest = fromRest(await customer.call<ErrorAnswer>('GET', `/api/ticket?${new URLSearchParams(filters)}`));
      for (const field of ['trainTicketLookup', 'flightTicketLookup'])
        expectSame(rest, await fromGraphQL(customer, `query (${FILTERS}) { ${field}(${ARGS}) { truncated } }`, filters), code, fields);
    });
  });
});
