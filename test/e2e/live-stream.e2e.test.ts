import { createClient, type Client } from 'graphql-sse';
import { Client as UrqlClient, fetchExchange, subscriptionExchange } from '@urql/core';
import { ApolloClient, ApolloLink, InMemoryCache, Observable, gql } from '@apollo/client';
import { print } from 'graphql';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import { nextMonthDay, reserveSeat, selectExpressTrain } from '../support/train-trip';
import { waitFor } from '../support/wait';
import { BOOKING_UPDATED, collectUpdates as collect, MY_UPDATES, tripIdOf, type BookingUpdate } from '../support/live-stream';

/**
 * Live booking status at /graphql/stream (issue 26 item 3), with the real client libraries: graphql-sse's own client,
 * urql's subscriptionExchange and an Apollo Client link over graphql-sse. A train issuance goes from its current state
 * to ISSUED without polling; the first message is the current state, so a late subscriber still sees the final status.
 */
describe('live booking status over SSE', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let other: FlightClient;
  const clients: Client[] = [];

  const sse = (client: FlightClient | null) => {
    const made = createClient({ url: `${env.baseUrl}/graphql/stream`, headers: client ? { authorization: `Bearer ${client.token}` } : {}, retryAttempts: 0 });
    clients.push(made);
    return made;
  };
  const tripOf = (paymentReference: string) => tripIdOf(env.baseUrl, agent.token, paymentReference);

  beforeAll(async () => {
    env = await startTestStack();
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'live@stream.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    other = await FlightClient.create(env.baseUrl, env.stack.platform, 'other@stream.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '100' });
  });
  afterAll(async () => {
    for (const c of clients) c.dispose();
    await env?.close();
  });

  it("sees a train issuance reach ISSUED with graphql-sse's client, urql and Apollo Client, and a late subscriber starts at ISSUED", async () => {
    const train = await selectExpressTrain(agent, nextMonthDay(8));
    const { paymentReference } = await reserveSeat(agent, train, train.seats[0]);
    const tripId = await tripOf(paymentReference);

    const own = collect(sse(agent), BOOKING_UPDATED, { id: tripId });
    const mine = collect(sse(agent), MY_UPDATES);
    // An error (a refused or broken stream) ends the wait at once and shows itself below.
    await waitFor(
      async () => ({ messages: own.messages.length, errors: own.errors }),
      (seen) => seen.messages >= 1 || seen.errors.length > 0,
    );
    expect(own.errors).toEqual([]);
    expect(own.messages[0]).toMatchObject({ tripId, kind: 'TRAIN', status: 'RESERVED', eventType: null });

    // urql with its own subscription exchange over graphql-sse.
    const urqlSse = sse(agent);
    const urql = new UrqlClient({
      url: `${env.baseUrl}/graphql`,
      exchanges: [
        subscriptionExchange({
          forwardSubscription: (request) => ({
            subscribe: (sink) => ({ unsubscribe: urqlSse.subscribe({ query: request.query ?? '', variables: request.variables }, sink) }),
          }),
        }),
        fetchExchange,
      ],
    });
    const viaUrql: BookingUpdate[] = [];
    const urqlSub = urql.subscription(BOOKING_UPDATED, { id: tripId }).subscribe((r) => r.data && viaUrql.push(r.data.bookingUpdated));

    // Apollo Client with a link over graphql-sse (graphql-sse's recipe).
    const apolloSse = sse(agent);
    const link = new ApolloLink(
      (operation) =>
        new Observable((observer) =>
          apolloSse.subscribe(
            { query: print(operation.query), variables: operation.variables },
            {
              next: (v) => observer.next(v as never),
              error: (e) => observer.error(e),
              complete: () => observer.complete(),
            },
          ),
        ),
    );
    const apollo = new ApolloClient({ link, cache: new InMemoryCache() });
    const viaApollo: BookingUpdate[] = [];
    const apolloSub = apollo.subscribe({ query: gql(BOOKING_UPDATED), variables: { id: tripId } }).subscribe((r) => {
      if (r.data) viaApollo.push((r.data as { bookingUpdated: BookingUpdate }).bookingUpdated);
    });
    await waitFor(
      async () => viaUrql.length + viaApollo.length,
      (n) => n >= 2,
    );

    const issued = await agent.call('POST', `/api/trip/train/ticket/${paymentReference}/issue`, {});
    expect(issued.status).toBe(202);
    await waitFor(
      async () => own.messages.map((m) => m.status),
      (s) => s.includes('ISSUED'),
    );
    const last = own.messages[own.messages.length - 1];
    expect(last).toMatchObject({ tripId, status: 'ISSUED', eventType: 'train.issuance.issued' });
    await waitFor(
      async () => mine.messages.map((m) => `${m.tripId} ${m.status}`),
      (s) => s.includes(`${tripId} ISSUED`),
    );
    await waitFor(
      async () => [viaUrql, viaApollo].map((list) => list.some((m) => m.status === 'ISSUED')),
      (seen) => seen.every(Boolean),
    );
    urqlSub.unsubscribe();
    apolloSub.unsubscribe();
    own.stop();
    mine.stop();

    // A subscriber that comes after the change (a reconnect) starts at the final status.
    const late = collect(sse(agent), BOOKING_UPDATED, { id: tripId });
    await waitFor(
      async () => late.messages.length,
      (n) => n >= 1,
    );
    expect(late.messages[0]).toMatchObject({ tripId, status: 'ISSUED', eventType: null });
    late.stop();

    // Someone else's trip is not found; no token is 401.
    const foreign = collect(sse(other), BOOKING_UPDATED, { id: tripId });
    await foreign.done;
    expect(foreign.messages).toEqual([]);
    expect(foreign.errors.join(' ')).toMatch(/NOT_FOUND|not found/i);
    const anonymous = await fetch(`${env.baseUrl}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: MY_UPDATES }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('caps the open streams of one account (LIVE_STREAMS_PER_ACCOUNT, 5 by default)', async () => {
    const open = [1, 2, 3, 4, 5].map(() => collect(sse(agent), MY_UPDATES));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refused = await fetch(`${env.baseUrl}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${agent.token}` },
      body: JSON.stringify({ query: MY_UPDATES }),
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('LIVE_STREAMS_EXHAUSTED');
    for (const s of open) s.stop();
  });
});
