import mysql from 'mysql2/promise';
import { startTestStack } from '../support/test-platform';
import { daysAhead, FlightClient } from '../support/flight-client';
import { nextMonthDay, selectExpressTrain, SelectedTrain } from '../support/train-trip';
import { waitFor } from '../support/wait';
import type { ErrorAnswer } from '../support/rest-bodies';

type Stack = Awaited<ReturnType<typeof startTestStack>>;

/**
 * A session of its own that write-locks flight_ticket (LOCK TABLES): every flight ticket lookup then waits on the
 * table lock, as a slow one would run, until `release`. Nothing in the code under test knows about it.
 */
async function lockFlightTickets(env: Stack): Promise<{ release(): Promise<void> }> {
  const session = await mysql.createConnection(env.config.databaseUrl);
  await session.query('LOCK TABLES flight_ticket WRITE');
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await session.query('UNLOCK TABLES');
      await session.end();
    },
  };
}

/** The statements of this stack's database that mention `marker` (the email a lookup searches for), from the server's own list. */
async function statementsWith(env: Stack, marker: string): Promise<Array<{ id: number; state: string }>> {
  const database = new URL(env.config.databaseUrl).pathname.slice(1);
  const rows = await env.stack.platform.dataSource.query<Array<{ ID: number | string; STATE: string }>>(
    `SELECT ID, STATE FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND = 'Query' AND INFO LIKE ? AND INFO NOT LIKE '%PROCESSLIST%'`,
    [database, `%${marker}%`],
  );
  return rows.map((r) => ({ id: Number(r.ID), state: r.STATE }));
}

async function sessionExists(env: Stack, id: number): Promise<boolean> {
  const rows = await env.stack.platform.dataSource.query<unknown[]>('SELECT ID FROM information_schema.PROCESSLIST WHERE ID = ?', [id]);
  return rows.length === 1;
}

/** A flight ticket lookup through the gateway's GraphQL endpoint: the flight part of GET /api/ticket alone. */
const flightLookup = (client: FlightClient, email: string) =>
  client.call<{ data: { flightTicketLookup: { truncated: boolean } | null } | null; errors?: Array<{ extensions: ErrorAnswer }> }>('POST', '/graphql', {
    query: 'query SlowLookup($email: String) { flightTicketLookup(email: $email) { truncated } }',
    variables: { email },
  });

/**
 * Issue 23 item 5: a slow broad search never starves booking. Ticket lookups read through a small pool of their own
 * with a bounded wait; the statement of a client that went away is killed; a statement over the time limit answers
 * a coded, retryable error. Lookups are made slow by a table lock held by the test, never by code of the service.
 */
describe('slow broad searches', () => {
  describe('with a long statement limit', () => {
    let env: Stack;
    let admin: FlightClient;
    let agent: FlightClient;
    let trip: SelectedTrain;
    let lock: { release(): Promise<void> } | undefined;

    beforeAll(async () => {
      env = await startTestStack({ DATABASE_STATEMENT_TIMEOUT_MS: '300000', DATABASE_BROAD_READ_POOL_SIZE: '2', DATABASE_BROAD_READ_QUEUE: '8' });
      admin = await FlightClient.create(env.baseUrl, env.stack.platform, 'admin@slow.test', 'ADMIN');
      agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'agent@slow.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000000' });
      trip = await selectExpressTrain(agent, nextMonthDay(7));
    });
    afterEach(async () => {
      await lock?.release();
      lock = undefined;
    });
    afterAll(() => env.close());

    it('books while twelve slow ticket lookups wait: they hold the two broad-read connections, the queue takes eight, two are refused', async () => {
      lock = await lockFlightTickets(env);
      const settled: Array<Awaited<ReturnType<typeof flightLookup>>> = [];
      const lookups = Array.from({ length: 12 }, (_, i) => flightLookup(admin, `slow-lookup-${i}@example.com`).then((res) => (settled.push(res), res)));
      // Both connections of the broad-read pool are taken by lookups waiting on the lock.
      await waitFor(
        () => statementsWith(env, 'slow-lookup-'),
        (rows) => rows.length >= 2,
      );

      const search = await agent.call<{ data: unknown[] }>('POST', '/api/flight/search', {
        originLocationCode: 'DAR',
        destinationLocationCode: 'ZNZ',
        departureDate: daysAhead(30),
      });
      expect(search.status).toBe(200);
      const seat = trip.seats[0];
      const hold = await agent.call<{ data: { hold: { key: string; status: string } } }>('POST', '/api/trip/train/seat/hold', {
        departureStopPartnerId: trip.from,
        arrivalStopPartnerId: trip.to,
        timeTableTrainSetId: trip.details.trip.timeTableTrainSetId,
        carId: seat.carId,
        seat: seat.seatId,
      });
      expect(hold.status).toBe(200);
      expect(hold.body.data.hold.status).toBe('HELD');

      // The booking calls finished while the lookups still wait: no lookup has answered data, and only the broad
      // pool's two connections run lookup statements.
      expect(settled.filter((res) => res.body.data?.flightTicketLookup)).toHaveLength(0);
      const waiting = await statementsWith(env, 'slow-lookup-');
      expect(waiting).toHaveLength(2);
      expect(waiting.every((row) => /lock/i.test(row.state))).toBe(true);

      await lock.release();
      const answers = await Promise.all(lookups);
      const refused = answers.filter((res) => res.body.errors?.length);
      expect(answers.filter((res) => res.body.data?.flightTicketLookup?.truncated === false)).toHaveLength(10);
      expect(refused).toHaveLength(2);
      for (const res of refused) {
        expect(res.body.errors![0].extensions).toMatchObject({ errorCode: 'SEARCH_BUSY', status: 503, data: { retryable: true, retryAfterSeconds: 1 } });
      }
    }, 40_000);

    it('stops the statement of a ticket lookup whose client went away, and keeps its session', async () => {
      lock = await lockFlightTickets(env);
      const client = new AbortController();
      const request = fetch(`${env.baseUrl}/api/ticket?email=gone-client@example.com`, {
        headers: { authorization: `Bearer ${admin.token}` },
        signal: client.signal,
      }).then(
        () => 'answered',
        () => 'aborted',
      );
      const [running] = await waitFor(
        () => statementsWith(env, 'gone-client@'),
        (rows) => rows.length === 1,
      );
      client.abort();
      expect(await request).toBe('aborted');

      // Gone while the lock still holds it: it was stopped, not finished. Only the statement: the session stays.
      await waitFor(
        () => statementsWith(env, 'gone-client@'),
        (rows) => rows.length === 0,
        20_000,
      );
      expect(await sessionExists(env, running.id)).toBe(true);
    }, 40_000);
  });

  describe('with a statement limit of one second', () => {
    let env: Stack;
    let admin: FlightClient;
    let lock: { release(): Promise<void> } | undefined;

    beforeAll(async () => {
      env = await startTestStack({ DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
      admin = await FlightClient.create(env.baseUrl, env.stack.platform, 'admin@timeout.test', 'ADMIN');
    });
    afterEach(async () => {
      await lock?.release();
      lock = undefined;
    });
    afterAll(() => env.close());

    it('answers 503 QUERY_TIMEOUT with Retry-After, over REST and GraphQL, when a lookup statement runs past the limit', async () => {
      lock = await lockFlightTickets(env);
      const rest = await admin.call<ErrorAnswer>('GET', '/api/ticket?email=timeout@example.com');
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ errorCode: 'QUERY_TIMEOUT', status: 503, data: { retryable: true, retryAfterSeconds: 1 }, error: {} });
      expect(rest.headers.get('retry-after')).toBe('1');
      expect(rest.body.errorMessage).not.toMatch(/max_statement_time|interrupted/i);

      const graphql = await flightLookup(admin, 'timeout@example.com');
      expect(graphql.body.errors?.[0].extensions).toMatchObject({ errorCode: 'QUERY_TIMEOUT', status: 503 });
      expect(await statementsWith(env, 'timeout@')).toHaveLength(0);
    }, 40_000);
  });
});
