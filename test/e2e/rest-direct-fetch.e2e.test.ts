import { randomUUID } from 'node:crypto';
import { createLogger } from '../../shared/logging/logger';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import { signedInCustomer, startTestStack } from '../support/test-platform';
import { trainRoutes } from '../../gateway/rest/routes/train.routes';

interface LogLine {
  message: string;
  requestId?: string;
  operation?: string;
  subgraph?: string;
  direct?: boolean;
  service?: string;
  accountId?: string;
}

/**
 * Issue 15 item 4: a REST operation the gateway plans as one fetch to one subgraph goes straight to
 * it from its second request on (the first runs through Apollo, which plans it); every answer,
 * errors included, is the one the gateway gave.
 */
describe('REST operations sent straight to their one subgraph', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let token = '';
  const lines: LogLine[] = [];
  const planned = (operation: string) => lines.filter((l) => l.message === 'REST operation planned' && l.operation === operation);
  const sentDirect = (requestId: string) => lines.some((l) => l.message === 'REST operation sent straight to its subgraph' && l.requestId === requestId);
  const accessLine = (requestId: string) => lines.find((l) => l.message === 'request' && l.service === 'gateway' && l.requestId === requestId);

  beforeAll(async () => {
    const logger = createLogger('debug', {}, (line) => lines.push(JSON.parse(line) as LogLine));
    env = await startTestStack({}, { logger });
    token = await signedInCustomer(env, 'direct@flight.test', 'direct password 1');
  });
  afterAll(() => env.close());

  let sequence = 0;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, bearer = token) => {
    const requestId = `direct-fetch-${++sequence}`;
    const res = await fetch(`${env.baseUrl}${path}`, {
      method,
      headers: { 'x-request-id': requestId, authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      requestId,
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type'), 'cache-control': res.headers.get('cache-control') },
      body: await res.text(),
    };
  };

  // Each case is the first request of its route's query text, so the first answer is the gateway's.
  it.each([
    ['a supplier failure (502 with data)', '/api/flight/search', { originLocationCode: 'DAR', destinationLocationCode: 'TKQ', departureDate: '2027-01-25' }],
    ['an unknown offer (404)', '/api/flight/offer', { offerReference: randomUUID() }],
  ])('%s: the same status, headers and body on both paths', async (_name, path, body) => {
    const viaGateway = await call('POST', path, body);
    const direct = await call('POST', path, body);
    expect(sentDirect(viaGateway.requestId)).toBe(false);
    expect(sentDirect(direct.requestId)).toBe(true);
    expect(viaGateway.status).toBeGreaterThanOrEqual(400);
    expect({ ...direct, requestId: undefined }).toEqual({ ...viaGateway, requestId: undefined });
  });

  it('plans the flight search as one fetch to the flight subgraph, and answers offers directly', async () => {
    expect(planned('Search')).toEqual([expect.objectContaining({ direct: true, subgraph: 'flight' })]);
    const departureDate = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 30);
    const res = await call('POST', '/api/flight/search', { originLocationCode: 'DAR', destinationLocationCode: 'NBO', departureDate });
    expect(res.status).toBe(200);
    expect(sentDirect(res.requestId)).toBe(true);
    const answer = JSON.parse(res.body) as { meta: { count: number }; data: unknown[] };
    expect(answer.meta.count).toBe(answer.data.length);
    expect(answer.data.length).toBeGreaterThan(0);
    // What Apollo's plugins did for the access line, the direct path does too.
    expect(accessLine(res.requestId)).toMatchObject({ operation: 'Search', accountId: expect.any(String) });
  });

  it('a token the subgraph refuses (a forged signature): the same 401 on both paths', async () => {
    const forged = `${token.slice(0, -6)}AAAAAA`;
    const viaGateway = await call('GET', '/api/flight/tickets?ticketId=TK-0001', undefined, forged);
    const direct = await call('GET', '/api/flight/tickets?ticketId=TK-0001', undefined, forged);
    expect(viaGateway.status).toBe(401);
    expect(sentDirect(direct.requestId)).toBe(true);
    expect({ ...direct, requestId: undefined }).toEqual({ ...viaGateway, requestId: undefined });
  });

  // Issue 15: the operator's display fields are @shareable, answered by train and bus from the company
  // directory, so these searches are one fetch (before, a second fetch asked admin for each operator company).
  it.each([
    ['TrainSearch', 'train', '/api/trip/train/search', { from: 'DAR:SGR:0', to: 'DOD:SGR:0' }, 20],
    ['BusSearch', 'bus', '/api/trip/search', { from: 'DAR_ES_SALAAM:RGN:0', to: 'ARUSHA:RGN:0' }, 10],
  ])('plans %s as one fetch to the %s subgraph and answers it directly, as the gateway did', async (operation, subgraph, path, stops, days) => {
    const query = new URLSearchParams({ ...stops, date: addDays(todayIn('Africa/Dar_es_Salaam', new Date()), days) });
    const viaGateway = await call('GET', `${path}?${query}`);
    const direct = await call('GET', `${path}?${query}`);
    expect([viaGateway.status, direct.status]).toEqual([200, 200]);
    expect(planned(operation)).toEqual([expect.objectContaining({ direct: true, subgraph })]);
    expect(sentDirect(viaGateway.requestId)).toBe(false);
    expect(sentDirect(direct.requestId)).toBe(true);
    // The same answer but for the moment it was made.
    const comparable = (body: string) => body.replace(/"createdAt":"[^"]*"/, '"createdAt":""');
    expect(comparable(direct.body)).toEqual(comparable(viaGateway.body));
    expect(direct.body).toMatch(/"tinNumber":"[^"]+"/);
  });

  it('a REST query text that clients also sent to /graphql first still takes the REST direct path', async () => {
    // The bench sends each REST route's own text through /graphql too; so may a client that copied it.
    const query = new URLSearchParams({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 12) });
    const route = trainRoutes.find((r) => r.path === '/api/trip/train/search')!;
    const operation = route.operation({ params: {}, query, body: undefined, headers: {} });
    // Twice: the second is answered by the /graphql direct fetch.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${env.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: operation.query, variables: operation.variables }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
    }
    const first = await call('GET', `/api/trip/train/search?${query}`);
    const second = await call('GET', `/api/trip/train/search?${query}`);
    expect([first.status, second.status]).toEqual([200, 200]);
    // The REST verdict is made from the REST request's own plan, and later requests go direct.
    expect(planned('TrainSearch')).toEqual([expect.objectContaining({ direct: true, subgraph: 'train' })]);
    expect(sentDirect(second.requestId)).toBe(true);
  });
});
