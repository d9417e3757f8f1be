import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { nextMonthDay, reserveSeat, selectExpressTrain } from '../support/train-trip';
import { sqlDuring } from '../support/sql-during';
import type { RestAgentReservationAnswer } from '../support/rest-bodies';
import { decodeTripId } from '../../shared/trips/trip-id.codec';

interface TripNode {
  __typename: string;
  id: string;
  kind: string;
  status: string;
  bookingReference: string | null;
  paymentReference: string;
  from: { code: string; name: string };
  to: { code: string; name: string };
  departure: { date: string; time: string };
  price: { amount: string; currency: string } | null;
  createdAt: string;
  reservationId: string;
  externalUserId?: string | null;
  trainNumber?: string;
}
interface TripPage {
  edges: Array<{ cursor: string; node: TripNode }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
interface GraphQLAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

const TRIP_FIELDS = `
  __typename id kind status bookingReference paymentReference
  from { code name } to { code name } departure { date time } price { amount currency } createdAt
  ... on FlightBooking { reservationId externalUserId pnr }
  ... on TrainBooking { reservationId trainNumber journeyType }`;
const TRIPS = `query Trips($first: Int, $after: String, $filter: TripFilter) {
  me { trips(first: $first, after: $after, filter: $filter) { edges { cursor node { ${TRIP_FIELDS} } } pageInfo { hasNextPage endCursor } } }
}`;

/**
 * "My trips" (issue 26 item 1): an account's bookings across flight and train from the trip registry, newest first in
 * cursor pages; each trip's fields come from the subgraph that owns it, one batch per subgraph per page.
 */
describe('trips', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let customer: FlightClient;
  let admin: FlightClient;
  let agentId: string;
  let day = 30;
  /** Payment references of the agent's bookings, oldest first. */
  const agentBookings: string[] = [];
  const agentFlights: string[] = [];

  const graphql = async <T>(client: FlightClient, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer<T>> => {
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GraphQLAnswer<T>;
  };
  const tripsOf = async (client: FlightClient, variables: Record<string, unknown> = {}): Promise<TripPage> => {
    const answer = await graphql<{ me: { trips: TripPage } }>(client, TRIPS, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.me.trips;
  };
  /** Every trip, following endCursor page by page. */
  const allTrips = async (client: FlightClient, first: number, filter?: Record<string, unknown>): Promise<TripNode[]> => {
    const seen: TripNode[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const page: TripPage = await tripsOf(client, { first, after, filter });
      seen.push(...page.edges.map((e) => e.node));
      if (!page.pageInfo.hasNextPage) return seen;
      after = page.pageInfo.endCursor;
    }
    throw new Error('more than 20 pages');
  };
  const offerFor = (client: FlightClient) =>
    client.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(day++) }).then((o) => o.offerReference);

  beforeAll(async () => {
    env = await startTestStack();
    const { platform } = env.stack;
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@trips.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    customer = await FlightClient.create(env.baseUrl, platform, 'customer@trips.test', 'CUSTOMER');
    admin = await FlightClient.create(env.baseUrl, platform, 'admin@trips.test', 'ADMIN');
    [{ id: agentId }] = await platform.dataSource.query<Array<{ id: string }>>("SELECT id FROM account WHERE email = 'agent@trips.test'");

    // The agent sells three flights and two trains, alternating; the customer books one flight.
    const train = await selectExpressTrain(agent, nextMonthDay(6));
    for (let i = 0; i < 5; i++) {
      if (i % 2 === 0) {
        const reserved = await agent.call<RestAgentReservationAnswer>(
          'POST',
          '/api/flight/reserve/agent',
          {
            offerReference: await offerFor(agent),
            passengers: [adult('Mwinyi')],
          },
          { 'x-external-user-id': `crm-${i}` },
        );
        expect(reserved.status).toBe(201);
        agentBookings.push(reserved.body.reservation.paymentReference);
        agentFlights.push(reserved.body.reservation.reservationId);
      } else {
        const reserved = await reserveSeat(agent, train, train.seats[i]);
        agentBookings.push(reserved.paymentReference);
      }
    }
    const own = await customer.call('POST', '/api/flight/reserve', { offerReference: await offerFor(customer), passengers: [adult('Kimaro')] });
    expect(own.status).toBe(201);
  });
  afterAll(() => env?.close());

  it("lists an agent's flights and trains newest first, page by page, each with its owner's fields", async () => {
    const trips = await allTrips(agent, 2);
    expect(trips.map((t) => t.paymentReference)).toEqual([...agentBookings].reverse());
    expect(new Set(trips.map((t) => t.id)).size).toBe(5);
    const flight = trips.find((t) => t.kind === 'FLIGHT')!;
    expect(flight).toMatchObject({ __typename: 'FlightBooking', status: 'TST_CREATED', from: { code: 'DAR' }, to: { code: 'ZNZ' } });
    expect(flight.externalUserId).toMatch(/^crm-\d$/);
    expect(flight.price).toEqual({ amount: expect.stringMatching(/^\d+(\.\d+)?$/), currency: expect.any(String) });
    expect(flight.departure.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const train = trips.find((t) => t.kind === 'TRAIN')!;
    expect(train).toMatchObject({ __typename: 'TrainBooking', status: 'RESERVED', from: { code: 'DAR:SGR:0' }, to: { code: 'DOD:SGR:0' } });
    expect(train.from.name).not.toBe('DAR:SGR:0');
    expect(train.departure).toEqual({ date: nextMonthDay(6), time: expect.stringMatching(/^\d{2}:\d{2}$/) });
    expect(train.price).toEqual({ amount: expect.stringMatching(/^\d+$/), currency: 'TZS' });
    expect(decodeTripId(train.id)).toEqual({ kind: 'TRAIN', bookingId: train.reservationId });
  });

  it('shows a customer only its own bookings', async () => {
    const trips = await allTrips(customer, 20);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ kind: 'FLIGHT', __typename: 'FlightBooking', externalUserId: null });
  });

  it('filters by kind, status and departure date, and a status follows the booking', async () => {
    expect((await allTrips(agent, 10, { kinds: ['TRAIN'] })).map((t) => t.kind)).toEqual(['TRAIN', 'TRAIN']);
    expect(await allTrips(agent, 10, { departureFrom: nextMonthDay(6), departureTo: nextMonthDay(6) })).toHaveLength(2);
    const cancelled = await agent.call('POST', '/api/flight/cancel', { reservationId: agentFlights[0] });
    expect(cancelled.status).toBe(200);
    const byStatus = await allTrips(agent, 10, { statuses: ['CANCELLED'] });
    expect(byStatus.map((t) => t.reservationId)).toEqual([agentFlights[0]]);
    expect(byStatus[0].status).toBe('CANCELLED');
    expect(await allTrips(agent, 10, { kinds: ['FLIGHT'], statuses: ['TST_CREATED'] })).toHaveLength(2);
    // Several statuses: one index read per status, merged newest first, page by page.
    const flights = await allTrips(agent, 1, { statuses: ['CANCELLED', 'TST_CREATED'] });
    expect(flights.map((t) => t.reservationId)).toEqual([...agentFlights].reverse());
  });

  it('reads each page with one query per owning subgraph, never one per booking', async () => {
    // Three flights and two trains on the page: one batched read each (other statements are the stack's own jobs).
    const statements = await sqlDuring(
      env.stack.platform.dataSource,
      () => tripsOf(agent, { first: 5 }),
      (q) => /FROM (flight|train)_reservation WHERE id IN/.test(q),
    );
    expect(statements.filter((q) => /FROM flight_reservation WHERE id IN/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /FROM train_reservation WHERE id IN/.test(q))).toHaveLength(1);
  });

  it('answers node(id) for its owner and administrators only', async () => {
    const [first] = (await tripsOf(agent, { first: 1 })).edges;
    const query = `query Node($id: ID!) { node(id: $id) { id ... on Trip { kind status paymentReference } } }`;
    const own = await graphql<{ node: { id: string; paymentReference: string } | null }>(agent, query, { id: first.node.id });
    expect(own.data!.node).toMatchObject({ id: first.node.id, paymentReference: first.node.paymentReference });
    expect((await graphql<{ node: unknown }>(customer, query, { id: first.node.id })).data!.node).toBeNull();
    expect((await graphql<{ node: unknown }>(admin, query, { id: first.node.id })).data!.node).toMatchObject({ id: first.node.id });
    expect((await graphql<{ node: unknown }>(agent, query, { id: 'not-a-trip' })).data!.node).toBeNull();
  });

  it("lets ADMIN read any account's trips through account(id), and no one else", async () => {
    const query = `query Account($id: ID!) { account(id: $id) { email trips(first: 10) { edges { node { id kind } } } } }`;
    const answer = await graphql<{ account: { email: string; trips: TripPage } }>(admin, query, { id: agentId });
    expect(answer.data!.account.email).toBe('agent@trips.test');
    expect(answer.data!.account.trips.edges).toHaveLength(5);
    const refused = await graphql(agent, query, { id: agentId });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a bad cursor, a page size out of bounds and a reversed date range with a clear error', async () => {
    for (const variables of [
      { after: 'bm90IGEgY3Vyc29y' },
      { first: 0 },
      { first: 51 },
      { filter: { departureFrom: '2030-01-02', departureTo: '2030-01-01' } },
    ]) {
      const answer = await graphql(agent, TRIPS, variables);
      expect(answer.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
      expect(answer.errors?.[0].message).toMatch(/after|first|departureFrom/);
    }
  });

  it('answers the same pages over REST: GET /api/trips with the filters and cursor of me.trips', async () => {
    const graph = await allTrips(agent, 10);
    const seen: Array<Record<string, unknown>> = [];
    let after: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const query: string = new URLSearchParams({ limit: '2', ...(after ? { after } : {}) }).toString();
      const res = await agent.call<{ data: Array<Record<string, unknown>>; nextCursor: string | null }>('GET', `/api/trips?${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      seen.push(...res.body.data);
      if (!res.body.nextCursor) break;
      after = res.body.nextCursor;
    }
    expect(seen.map((t) => t.id)).toEqual(graph.map((t) => t.id));
    expect(seen[0]).toMatchObject({ kind: graph[0].kind, status: graph[0].status, reservationId: graph[0].reservationId, from: graph[0].from });

    const trains = await agent.call<{ data: Array<{ kind: string }> }>('GET', `/api/trips?kind=TRAIN&departureFrom=${nextMonthDay(6)}`);
    expect(trains.body.data.map((t) => t.kind)).toEqual(['TRAIN', 'TRAIN']);
    const cancelled = await agent.call<{ data: Array<{ status: string }> }>('GET', '/api/trips?status=CANCELLED,ISSUED');
    expect(cancelled.body.data.map((t) => t.status)).toEqual(['CANCELLED']);

    const asAdmin = await admin.call<{ data: unknown[] }>('GET', `/api/trips?accountId=${agentId}&limit=50`);
    expect(asAdmin.body.data).toHaveLength(5);
    expect((await agent.call('GET', `/api/trips?accountId=${agentId}`)).status).toBe(403);

    for (const bad of ['limit=0', 'limit=51', 'kind=BUS', 'departureTo=2030-13', 'after=bm90IGEgY3Vyc29y', 'accountId=nope']) {
      const res = await agent.call<{ errorCode: string }>('GET', `/api/trips?${bad}`);
      expect([bad, res.status, res.body.errorCode]).toEqual([bad, 400, 'BAD_REQUEST']);
    }
  });
});
