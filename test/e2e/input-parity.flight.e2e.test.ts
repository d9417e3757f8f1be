import { randomUUID } from 'node:crypto';
import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';

type Who = 'customer' | 'agent' | 'issuer' | 'admin' | 'sudo';

/** One bad input, sent once as its REST request and once as the GraphQL operation that route runs. */
interface Case {
  who: Who;
  rest: { method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> };
  graphql: { query: string; variables: Record<string, unknown>; headers?: Record<string, string> };
}

/** What a client reads of a refusal: the status, the code and every field with its words; `errorCode: null` is no error. */
interface Refusal {
  status?: number;
  errorCode: string | null;
  fields?: unknown;
}

const SEARCH = 'mutation Search($input: FlightSearchInput!) { searchFlights(input: $input) { meta { count } } }';
const RESERVE = 'mutation Reserve($input: FlightReservationInput!) { reserveFlightAsAgent(input: $input) { reservation { id } } }';
const UNKNOWN_OFFER = '00000000-0000-4000-8000-000000000000';
const long = (length: number) => 'A'.repeat(length);
const search = (input: Record<string, unknown>) => ({ originLocationCode: 'DAR', destinationLocationCode: 'NBO', departureDate: daysAhead(30), ...input });

/** The same body through POST `path` and through the route's operation with it as `input`. */
const asInput = (who: Who, path: string, query: string, input: Record<string, unknown>, headers?: Record<string, string>): Case => ({
  who,
  rest: { method: 'POST', path, body: input, headers },
  graphql: { query, variables: { input }, headers },
});

/** The same members through POST `path` and as the operation's arguments. */
const asArguments = (who: Who, path: string, query: string, body: Record<string, unknown>): Case => ({
  who,
  rest: { method: 'POST', path, body },
  graphql: { query, variables: body },
});

const CASES: Record<string, Case> = {
  // searchFlightOffers / searchFlights
  'search: more adults than a search seats': asInput('customer', '/api/flight/search', SEARCH, search({ adults: 10 })),
  'search: an origin code far too long': asInput('customer', '/api/flight/search', SEARCH, search({ originLocationCode: long(20) })),
  'search: a stop_id for the origin': asInput('customer', '/api/flight/search', SEARCH, search({ originLocationCode: 'DAR:FLT:0' })),
  'search: a malformed display currency': asInput('customer', '/api/flight/search', SEARCH, search({ currencyCode: 'US' })),
  'search: 51 airline codes': asInput(
    'customer',
    '/api/flight/search',
    SEARCH,
    search({ includedAirlineCodes: Array.from({ length: 51 }, (_, i) => `${String.fromCharCode(65 + (i % 26))}${i % 10}`) }),
  ),
  'search: several problems at once': asInput(
    'customer',
    '/api/flight/search',
    SEARCH,
    search({ adults: 10, infants: 11, max: 0, lookAheadDays: 9, currencyCode: 'US', includedAirlineCodes: ['KQ'], excludedAirlineCodes: ['KQ'] }),
  ),
  'search: an unknown airport beside a value problem': asInput(
    'customer',
    '/api/flight/search',
    SEARCH,
    search({ destinationLocationCode: 'QQQ', adults: 10 }),
  ),
  'search: an origin left out (REST) or sent empty (GraphQL), with a value problem': {
    who: 'customer',
    rest: { method: 'POST', path: '/api/flight/search', body: { destinationLocationCode: 'NBO', departureDate: daysAhead(30), adults: 10 } },
    graphql: { query: SEARCH, variables: { input: search({ originLocationCode: '', adults: 10 }) } },
  },
  // postFlightOffer / reviewFlightOffer
  'review: a reference that is not a uuid': asArguments(
    'customer',
    '/api/flight/offer',
    'query Review($offerReference: ID!) { reviewFlightOffer(offerReference: $offerReference) { offerReference } }',
    { offerReference: 'not-a-uuid' },
  ),
  'review: an empty reference': asArguments(
    'customer',
    '/api/flight/offer',
    'query Review($offerReference: ID!) { reviewFlightOffer(offerReference: $offerReference) { offerReference } }',
    { offerReference: '' },
  ),
  // postFlightReserveAgent / reserveFlightAsAgent
  'reserve: a reference that is not a uuid': asInput('agent', '/api/flight/reserve/agent', RESERVE, { offerReference: 'not-a-uuid', passengers: [adult()] }),
  'reserve: no passengers': asInput('agent', '/api/flight/reserve/agent', RESERVE, { offerReference: UNKNOWN_OFFER, passengers: [] }),
  'reserve: several problems at once': asInput('agent', '/api/flight/reserve/agent', RESERVE, {
    offerReference: 'nope',
    passengers: [],
    priceAcceptance: { priceVersion: '', amount: '1', currency: 'USD' },
  }),
  'reserve: offerReference and flightOffer naming different offers': {
    who: 'agent',
    rest: {
      method: 'POST',
      path: '/api/flight/reserve/agent',
      body: { offerReference: UNKNOWN_OFFER, flightOffer: { offerReference: randomUUID() }, passengers: [adult()] },
    },
    graphql: { query: RESERVE, variables: { input: { offerReference: UNKNOWN_OFFER, flightOfferReference: randomUUID(), passengers: [adult()] } } },
  },
  'reserve: a price acceptance far too long': asInput('agent', '/api/flight/reserve/agent', RESERVE, {
    offerReference: UNKNOWN_OFFER,
    passengers: [adult()],
    priceAcceptance: { priceVersion: long(65), amount: '1', currency: 'USD' },
  }),
  'reserve: an X-External-User-Id over 128 characters': asInput(
    'agent',
    '/api/flight/reserve/agent',
    RESERVE,
    { offerReference: UNKNOWN_OFFER, passengers: [adult()] },
    { 'x-external-user-id': long(129) },
  ),
  // postFlightPurchaseAgent / purchaseFlight
  'purchase: a ticketId far too long': asArguments(
    'agent',
    '/api/flight/purchase/agent',
    'mutation Purchase($ticketId: String!) { purchaseFlight(ticketId: $ticketId) { complete } }',
    { ticketId: long(65) },
  ),
  // postFlightCancel / cancelFlightReservation
  'cancel: a reservationId that is not a uuid and a reason over 500 characters': asArguments(
    'customer',
    '/api/flight/cancel',
    'mutation Cancel($reservationId: ID, $reason: String) { cancelFlightReservation(reservationId: $reservationId, reason: $reason) { complete } }',
    { reservationId: 'abc', reason: long(501) },
  ),
  'cancel: a reason over 500 characters': asArguments(
    'customer',
    '/api/flight/cancel',
    'mutation Cancel($reservationId: ID, $reason: String) { cancelFlightReservation(reservationId: $reservationId, reason: $reason) { complete } }',
    { reservationId: randomUUID(), reason: long(501) },
  ),
  // getFlightTickets / flightTickets
  'tickets: a ticketId far too long': {
    who: 'customer',
    rest: { method: 'GET', path: `/api/flight/tickets?ticketId=${long(65)}` },
    graphql: { query: 'query Tickets($ticketId: String!) { flightTickets(ticketId: $ticketId) { ticketId } }', variables: { ticketId: long(65) } },
  },
  // postFlightTicketIssueSignal / signalFlightIssuance
  'issue signal: a ticketId far too long': asArguments(
    'issuer',
    '/api/flight/ticket/issue/signal',
    'mutation Signal($ticketId: String) { signalFlightIssuance(ticketId: $ticketId) { complete } }',
    { ticketId: long(65) },
  ),
  // postFlightTicketIssueDirect / issueFlightDirect
  'direct issue: recovery identifiers that are not uuids': asArguments(
    'sudo',
    '/api/flight/ticket/issue/direct',
    `mutation Direct($ticketId: String, $sourceTicketId: String, $paymentRequestId: String, $reconciliationOperationId: String) {
      issueFlightDirect(ticketId: $ticketId, sourceTicketId: $sourceTicketId, paymentRequestId: $paymentRequestId,
        reconciliationOperationId: $reconciliationOperationId) { complete } }`,
    { ticketId: 'SFAAAAAA-1', sourceTicketId: 'SFBBBBBB-1', paymentRequestId: 'nope', reconciliationOperationId: 'op-1' },
  ),
  // startFlightPayment
  'payment: a reference over 32 characters and an unknown method': asArguments(
    'customer',
    '/api/flight/payments',
    'mutation StartPayment($paymentReference: String!, $method: String!) { startFlightPayment(paymentReference: $paymentReference, method: $method) { created } }',
    { paymentReference: long(33), method: 'CHEQUE' },
  ),
  'payment: a method far too long': asArguments(
    'customer',
    '/api/flight/payments',
    'mutation StartPayment($paymentReference: String!, $method: String!) { startFlightPayment(paymentReference: $paymentReference, method: $method) { created } }',
    { paymentReference: 'PAYREF1', method: long(40) },
  ),
  // confirmFlightPayment / confirmFlightPaymentSandbox
  'payment confirmation: an id far too long': {
    who: 'admin',
    rest: { method: 'POST', path: `/api/flight/payments/${long(65)}/confirm` },
    graphql: {
      query: 'mutation Confirm($paymentRequestId: ID!) { confirmFlightPaymentSandbox(paymentRequestId: $paymentRequestId) { status } }',
      variables: { paymentRequestId: long(65) },
    },
  },
};

/**
 * Issue 24: "a REST 400/422 and the GraphQL error for the same input carry the same codes and fields". Each case sends
 * one bad input through its REST route and through /graphql, and compares what a client reads: the status, the error
 * code and data.fields (every field, its words and its order). The flight routes' OpenAPI operation ids are named above
 * each group.
 */
describe('flight input: REST and GraphQL answer the same input alike', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  const clients = {} as Record<Who, FlightClient>;

  beforeAll(async () => {
    env = await startTestStack();
    const p = env.stack.platform;
    clients.customer = await FlightClient.create(env.baseUrl, p, 'customer@parity.test', 'CUSTOMER');
    clients.agent = await FlightClient.create(env.baseUrl, p, 'agent@parity.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    clients.issuer = await FlightClient.create(env.baseUrl, p, 'payments@parity.test', 'ISSUER');
    clients.admin = await FlightClient.create(env.baseUrl, p, 'admin@parity.test', 'ADMIN');
    clients.sudo = await FlightClient.create(env.baseUrl, p, 'sudo@parity.test', 'SUDO');
  });
  afterAll(() => env.close());

  async function restRefusal(c: Case): Promise<Refusal> {
    const res = await clients[c.who].call<{ errorCode?: string; status?: number; data?: { fields?: unknown } }>(
      c.rest.method,
      c.rest.path,
      c.rest.body,
      c.rest.headers,
    );
    if (res.status < 400) return { errorCode: null };
    return { status: res.body.status, errorCode: res.body.errorCode ?? null, fields: res.body.data?.fields };
  }

  async function graphqlRefusal(c: Case): Promise<Refusal> {
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${clients[c.who].token}`, ...c.graphql.headers },
      body: JSON.stringify({ query: c.graphql.query, variables: c.graphql.variables }),
    });
    const body = (await res.json()) as { errors?: Array<{ extensions: { errorCode: string; status: number; data?: { fields?: unknown } } }> };
    const error = body.errors?.[0]?.extensions;
    return error ? { status: error.status, errorCode: error.errorCode, fields: error.data?.fields } : { errorCode: null };
  }

  it.each(Object.keys(CASES))('%s', async (name) => {
    const c = CASES[name];
    const [rest, graphql] = [await restRefusal(c), await graphqlRefusal(c)];
    expect(graphql.errorCode).not.toBeNull();
    expect(rest).toEqual(graphql);
  });
});
