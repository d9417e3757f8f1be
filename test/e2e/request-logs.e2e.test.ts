import { startTestStack } from '../support/test-platform';
import { waitFor } from '../support/wait';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { createLogger } from '../../shared/logging/logger';
import type { RestAgentReservationAnswer } from '../support/rest-bodies';

interface LogLine {
  level: string;
  message: string;
  requestId?: string;
  service?: string;
  [field: string]: unknown;
}

/** Issue 14 item 1: access lines at the gateway and the subgraphs, one request id from the client to the worker. */
describe('request logs', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const withId = (id: string) => lines.filter((l) => l.requestId === id);
  const accessLine = (id: string, service: string) => lines.find((l) => l.message === 'request' && l.service === service && l.requestId === id);

  beforeAll(async () => {
    const logger = createLogger('info', {}, (line) => {
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
    });
    env = await startTestStack({}, { logger });
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'logs-agent@booking.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '20000000',
    });
  });
  afterAll(() => env.close());

  it('follows one x-request-id from the REST call through the flight subgraph, the outbox and BullMQ into the worker', async () => {
    const requestId = 'trace-reserve-0001';
    const offer = await agent.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });
    const res = await agent.call<RestAgentReservationAnswer>(
      'POST',
      '/api/flight/reserve/agent',
      { offerReference: offer.offerReference, passengers: [adult()] },
      { 'x-request-id': requestId },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const [{ id: accountId }] = await env.stack.platform.dataSource.query<Array<{ id: string }>>(
      "SELECT id FROM account WHERE email = 'logs-agent@booking.test'",
    );

    // The request caused jobs: each outbox row, and the BullMQ job it became, carries the id.
    const rows = await env.stack.platform.dataSource.query<Array<{ queue: string; job_name: string; request_id: string | null }>>(
      'SELECT queue, job_name, request_id FROM outbox_message WHERE payload LIKE ?',
      [`%${res.body.reservation.id}%`],
    );
    // The live stream's publish (issue 26) is one of them: its payload names the booking too.
    expect(new Set(rows.map((r) => `${r.queue}/${r.job_name}`))).toEqual(new Set(['flight/reservation-expiry', 'notifications/dispatch', 'live/live-publish']));
    expect(rows.every((r) => r.request_id === requestId)).toBe(true);
    await waitFor(
      async () => (await env.stack.platform.queues.get('flight').getJobs(['delayed'])).map((j) => j.data as Record<string, unknown>),
      (data) => data.some((d) => d.reservationId === res.body.reservation.id && d.requestId === requestId),
    );

    // The worker's lines for the notification jobs (dispatch, then the deliveries it queued) carry it too.
    const workerLines = await waitFor(
      async () => withId(requestId).filter((l) => l.queue === 'notifications'),
      (found) => found.some((l) => l.job === 'dispatch') && found.some((l) => l.job === 'deliver' && l.message === 'notification sent'),
    );
    expect(workerLines.every((l) => typeof l.jobId === 'string')).toBe(true);

    const gateway = accessLine(requestId, 'gateway');
    expect(gateway).toMatchObject({
      level: 'info',
      method: 'POST',
      path: '/api/flight/reserve/agent',
      status: 201,
      durationMs: expect.any(Number),
      accountId,
      operation: expect.any(String),
    });
    // The gateway's query plan names each subgraph fetch after the client's operation.
    expect(accessLine(requestId, 'flight')).toMatchObject({
      method: 'POST',
      path: '/graphql',
      status: 200,
      accountId,
      operation: expect.stringMatching(new RegExp(`^${gateway!.operation as string}__flight__`)),
    });
    // Lines a service writes while serving the request, without being handed the id (the reservation's own info line).
    expect(withId(requestId).some((l) => l.message === 'flight reserved')).toBe(true);

    // Neither the token nor the password nor the passenger's contact reaches a line.
    const everything = raw.join('\n');
    expect(everything).not.toContain(agent.token);
    expect(everything).not.toContain('flight password 1');
    expect(everything).not.toContain(adult().email);
  });

  it('names the GraphQL operation on /graphql, replaces a malformed request id, and logs a 404', async () => {
    const gql = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-graphql-0002' },
      body: JSON.stringify({ query: 'query StationsForLogs { trainStations { stopId } }' }),
    });
    expect(gql.status).toBe(200);
    await gql.text();
    const gateway = await waitFor(
      async () => accessLine('trace-graphql-0002', 'gateway'),
      (l) => l !== undefined,
    );
    expect(gateway).toMatchObject({ method: 'POST', path: '/graphql', status: 200, operation: 'StationsForLogs' });
    expect(gateway).not.toHaveProperty('accountId');
    expect(accessLine('trace-graphql-0002', 'train')).toMatchObject({
      path: '/graphql',
      operation: expect.stringMatching(/^StationsForLogs__train__/),
      status: 200,
    });

    const missing = await fetch(`${env.baseUrl}/no/such/route?email=someone@example.com`, { headers: { 'x-request-id': 'bad id!' } });
    expect(missing.status).toBe(404);
    const generated = missing.headers.get('x-request-id')!;
    expect(generated).not.toBe('bad id!');
    const notFound = await waitFor(
      async () => accessLine(generated, 'gateway'),
      (l) => l !== undefined,
    );
    // The path without its query string: search terms and contact details stay out of the log.
    expect(notFound).toMatchObject({ method: 'GET', path: '/no/such/route', status: 404 });
    expect(raw.join('\n')).not.toContain('someone@example.com');
  });
});
