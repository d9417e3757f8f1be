import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer } from '../support/rest-bodies';

/** What a refusal says about the input: its status, its code and the problems it lists (field and words). */
interface Refusal {
  status: number | undefined;
  errorCode: string | undefined;
  fields: unknown;
}

interface GraphQLAnswer {
  errors?: Array<{ extensions?: { errorCode?: string; status?: number; data?: { fields?: unknown } } }>;
}

const LONG = 'X'.repeat(65);
const BAD_TRIP = { timeTableTrainSetId: 0, departureStopId: 'DAR', arrivalStopId: 'DOD:SGR:0', departureDate: '2026-02-30' };
/** BAD_TRIP as a client sends it back over REST: inside the search item (or details data) it was read from. */
const BAD_ITEM = { trip: { timeTableTrainSetId: 0 }, departure: { date: '2026-02-30', stop: { stop_id: 'DAR' } }, arrival: { stop: { stop_id: 'DOD:SGR:0' } } };
const HOLD = { departureStopPartnerId: 101, arrivalStopPartnerId: 111, timeTableTrainSetId: 3394101, carId: 410101, seat: 4015 };

/**
 * Issue 24: REST input is validated by the same rules as GraphQL input, so a REST 400/422 and the GraphQL error for the
 * same bad values carry the same code and the same data.fields (field and words, in the same order). Each case sends one
 * input both ways. GraphQL's own type errors (a string where an Int is declared) are out of scope: REST has no types.
 */
describe('train input: the same problems over REST and GraphQL', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let customer: FlightClient;
  let agent: FlightClient;
  let admin: FlightClient;

  beforeAll(async () => {
    env = await startTestStack();
    customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@parity.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'desk@parity.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000' });
    admin = await FlightClient.create(env.baseUrl, env.stack.platform, 'ops@parity.test', 'ADMIN');
  });
  afterAll(() => env.close());

  async function rest(client: FlightClient, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Refusal> {
    const res = await client.call<ErrorAnswer>(method, path, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    return { status: res.status, errorCode: res.body.errorCode, fields: res.body.data?.fields };
  }

  async function graphql(client: FlightClient, query: string, variables: Record<string, unknown>): Promise<Refusal> {
    const res = await client.call<GraphQLAnswer>('POST', '/graphql', { query, variables });
    const [error] = res.body.errors ?? [];
    return { status: error?.extensions?.status, errorCode: error?.extensions?.errorCode, fields: error?.extensions?.data?.fields };
  }

  const SEARCH = `query($from: String!, $to: String!, $date: String!, $lookAheadDays: String) {
    trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) { meta { count } } }`;

  it.each<[string, Record<string, string>]>([
    ['lookAheadDays other than 1, 2 or 3', { from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01', lookAheadDays: '4' }],
    ['a stop id too long', { from: LONG, to: 'DOD:SGR:0', date: '2026-12-01' }],
    ['a date that is no date and a bad lookAheadDays at once', { from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-02-30', lookAheadDays: '9' }],
    ['a blank from and an empty date', { from: ' ', to: 'DOD:SGR:0', date: '' }],
    ['an unknown station', { from: 'XXX:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01' }],
  ])('search: %s', async (_name, query) => {
    const viaRest = await rest(customer, 'GET', `/api/trip/train/search?${new URLSearchParams(query)}`);
    expect(viaRest).toEqual(await graphql(customer, SEARCH, { lookAheadDays: null, ...query }));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a seat and a car that are not positive', { ...HOLD, seat: 0, carId: -1 }],
    ['the same station twice', { ...HOLD, arrivalStopPartnerId: HOLD.departureStopPartnerId }],
  ])('seat hold: %s', async (_name, input) => {
    const viaRest = await rest(customer, 'POST', '/api/trip/train/seat/hold', input);
    const query = 'mutation($input: TrainSeatHoldInput!) { holdTrainSeat(input: $input) { hold { key } } }';
    expect(viaRest).toEqual(await graphql(customer, query, { input }));
  });

  it.each<[string, string]>([
    ['a blank key', ' '],
    ['a key too long', 'K'.repeat(201)],
  ])('seat release: %s', async (_name, key) => {
    const viaRest = await rest(customer, 'GET', `/api/trip/train/seat/release?${new URLSearchParams({ key })}`);
    const query = 'mutation($key: String!) { releaseTrainSeat(key: $key) { hold { key } } }';
    expect(viaRest).toEqual(await graphql(customer, query, { key }));
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['an id that is not positive, a stop id and a date of the wrong form', BAD_ITEM, BAD_TRIP],
    [
      'the same station twice',
      { ...BAD_ITEM, trip: { timeTableTrainSetId: 3394101 }, departure: { date: '2026-12-01', stop: { stop_id: 'DOD:SGR:0' } } },
      { ...BAD_TRIP, timeTableTrainSetId: 3394101, departureStopId: 'DOD:SGR:0', departureDate: '2026-12-01' },
    ],
  ])('details: %s', async (_name, item, trip) => {
    const viaRest = await rest(customer, 'POST', '/api/trip/train/details', { trip: item });
    const query = 'query($trip: TrainTripRefInput!) { trainDetails(trip: $trip) { meta { provider } } }';
    expect(viaRest).toEqual(await graphql(customer, query, { trip }));
  });

  it('reserve: the selected train is checked by the same rules, listed with the passenger problems', async () => {
    const viaRest = await rest(customer, 'POST', '/api/trip/train/seat/reserve', { outbound: BAD_ITEM, passengers: [] });
    const query = 'mutation($input: TrainReservationInput!) { reserveTrain(input: $input) { paymentReference } }';
    expect(viaRest).toEqual(await graphql(customer, query, { input: { outbound: BAD_TRIP, passengers: [] } }));
  });

  const ISSUE =
    'mutation($paymentReference: String!, $callbackUrl: String) { issueTrainTicket(paymentReference: $paymentReference, callbackUrl: $callbackUrl) { paymentReference } }';
  const STATUS =
    'query($paymentReference: String!, $currency: String) { trainIssuance(paymentReference: $paymentReference, currency: $currency) { paymentReference } }';

  it.each<[string, string, Record<string, unknown>]>([
    ['a payment reference too long', LONG, {}],
    ['a callback URL too long', 'SGRPNOSUCHREF22', { callbackUrl: `https://example.com/${'a'.repeat(2100)}` }],
    ['a callback URL that is not HTTPS', 'SGRPNOSUCHREF22', { callbackUrl: 'ftp://example.com/hook' }],
  ])('issue: %s', async (_name, paymentReference, body) => {
    const viaRest = await rest(agent, 'POST', `/api/trip/train/ticket/${paymentReference}/issue`, body);
    expect(viaRest).toEqual(await graphql(agent, ISSUE, { paymentReference, callbackUrl: null, ...body }));
  });

  it.each<[string, string, string]>([
    ['a currency that is not a code', 'SGRPNOSUCHREF22', 'US'],
    ['a payment reference too long and a bad currency at once', LONG, 'DOLLARS'],
  ])('issuance status: %s', async (_name, paymentReference, currency) => {
    const viaRest = await rest(agent, 'GET', `/api/trip/train/ticket/${paymentReference}/issuance?${new URLSearchParams({ currency })}`);
    expect(viaRest).toEqual(await graphql(agent, STATUS, { paymentReference, currency }));
  });

  it.each<[string, Record<string, string>]>([
    ['no selector', {}],
    ['both selectors', { paymentReference: 'SGRPNOSUCHREF22', ticketId: 'T-1' }],
    ['a selector too long', { paymentReference: LONG }],
  ])('ticket document: %s', async (_name, selector) => {
    const viaRest = await rest(agent, 'GET', `/api/trip/train/ticket/document/generate?${new URLSearchParams(selector)}`);
    const query =
      'query($paymentReference: String, $ticketId: String) { trainTicketDocument(paymentReference: $paymentReference, ticketId: $ticketId) { filename } }';
    expect(viaRest).toEqual(await graphql(agent, query, { paymentReference: null, ticketId: null, ...selector }));
  });

  it.each<[string, Record<string, unknown>]>([
    ['no selector', {}],
    ['two selectors', { pnr: 'ABC123', ticketNumber: 'T-1' }],
    ['ticket ids that are not uuids', { trainTicketUuids: ['x', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'y'] }],
    ['a blank selector and no channel at once', { pnr: ' ', notificationChannels: [] }],
    ['an unknown legacy emailType', { pnr: 'ABC123', emailType: 'INVOICE' }],
  ])('send-notification: %s', async (_name, input) => {
    const viaRest = await rest(admin, 'POST', '/api/trip/train/send-notification', input);
    const query = 'mutation($input: TrainSendNotificationInput!) { sendTrainNotification(input: $input) { status } }';
    expect(viaRest).toEqual(await graphql(admin, query, { input }));
  });
});
