import { randomUUID } from 'node:crypto';
import { createLogger } from '../../shared/logging/logger';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import { flightRoutes } from '../../gateway/rest/routes/flight.routes';
import { signedInCustomer, startTestStack } from '../support/test-platform';

interface LogLine {
  message: string;
  requestId?: string;
}

/** A REST route's own operation text and variables, sent to /graphql as a frontend would send it. */
function routeOperation(path: string, body: unknown): { query: string; variables?: Record<string, unknown> } {
  const route = flightRoutes.find((r) => r.method === 'POST' && r.path === path)!;
  const { query, variables } = route.operation({ params: {}, query: new URLSearchParams(), body, headers: {} });
  return { query, variables };
}

/**
 * Issue 15 item 4 for /graphql: an operation the gateway plans as one fetch to one subgraph, whose
 * selection is the fetch's own, is answered by that fetch from its second request on (the first runs
 * through @apollo/gateway, which plans it); Apollo Server still validates, runs its plugins and
 * formats. Every answer, errors included, is byte for byte the one the gateway gave.
 */
describe('/graphql operations sent straight to their one subgraph', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let token = '';
  const lines: LogLine[] = [];
  const sentDirect = (requestId: string) => lines.some((l) => l.message === 'GraphQL operation sent straight to its subgraph' && l.requestId === requestId);

  beforeAll(async () => {
    const logger = createLogger('debug', {}, (line) => lines.push(JSON.parse(line) as LogLine));
    env = await startTestStack({}, { logger });
    token = await signedInCustomer(env, 'direct@graphql.test', 'direct password 1');
  });
  afterAll(() => env.close());

  let sequence = 0;
  const post = async (operation: { query: string; variables?: unknown; operationName?: string }, bearer: string | null = token) => {
    const requestId = `graphql-direct-${++sequence}`;
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'x-request-id': requestId, 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(operation),
    });
    return { requestId, status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
  };
  /** The first request of a text (through the gateway), then the same again (direct), compared without their request ids. */
  const twice = async (operation: { query: string; variables?: unknown; operationName?: string }, bearer: string | null = token) => {
    const viaGateway = await post(operation, bearer);
    const direct = await post(operation, bearer);
    return { viaGateway, direct, same: () => expect({ ...direct, requestId: '' }).toEqual({ ...viaGateway, requestId: '' }) };
  };

  it('answers a one-subgraph query directly from its second request, as the gateway did', async () => {
    const { viaGateway, direct, same } = await twice({ query: 'query Companies { companies { uuid name tinNumber } }', operationName: 'Companies' });
    expect(viaGateway.status).toBe(200);
    expect(sentDirect(viaGateway.requestId)).toBe(false);
    expect(sentDirect(direct.requestId)).toBe(true);
    same();
    expect(JSON.parse(direct.body).data.companies.length).toBeGreaterThan(5);
  });

  it.each([
    [
      'a supplier failure (an error with data)',
      '/api/flight/search',
      { originLocationCode: 'DAR', destinationLocationCode: 'TKQ', departureDate: '2027-01-25' },
    ],
    ['an unknown offer (an error, no data)', '/api/flight/offer', { offerReference: randomUUID() }],
  ])('%s: the same status and body on both paths', async (_name, path, body) => {
    const { viaGateway, direct, same } = await twice(routeOperation(path, body));
    expect(JSON.parse(viaGateway.body).errors).toHaveLength(1);
    expect(sentDirect(direct.requestId)).toBe(true);
    same();
  });

  it('a token the subgraph refuses: the same answer on both paths', async () => {
    const forged = `${token.slice(0, -6)}AAAAAA`;
    const { viaGateway, direct, same } = await twice({ query: '{ companies { uuid name } }' }, forged);
    expect(JSON.parse(viaGateway.body)).toMatchObject({ data: null, errors: [{ extensions: { errorCode: 'UNAUTHENTICATED' } }] });
    expect(sentDirect(direct.requestId)).toBe(true);
    same();
  });

  it('leaves variables that do not fit to the gateway, which refuses them with its own error', async () => {
    const departureDate = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 30);
    const search = routeOperation('/api/flight/search', { originLocationCode: 'DAR', destinationLocationCode: 'NBO', departureDate });
    const first = await post(search);
    expect(first.status).toBe(200);
    const bad = { ...search, variables: { ...search.variables, input: { ...(search.variables!.input as object), adults: 'two' } } };
    const refused = await post(bad);
    expect(sentDirect(refused.requestId)).toBe(false);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('adults');
    const again = await post(search);
    expect(sentDirect(again.requestId)).toBe(true);
    expect(JSON.parse(again.body).data.searchFlights.data.length).toBeGreaterThan(0);
  });

  it('never takes a document whose answer the gateway reshapes (a fragment, __typename at the root, two subgraphs)', async () => {
    for (const query of [
      'query WithFragment { companies { ...Names } } fragment Names on Company { uuid name }',
      'query WithTypename { __typename companies { uuid } }',
      'query TwoSubgraphs { companies { uuid } trainStations { stopId } }',
    ]) {
      const { viaGateway, direct, same } = await twice({ query });
      expect([viaGateway.status, sentDirect(direct.requestId)]).toEqual([200, false]);
      same();
    }
  });

  // Last: it stops the admin subgraph.
  it('a fetch that fails outright (the subgraph is down): the same masked answer on both paths', async () => {
    await env.stack.subgraphs.admin!.close();
    const { viaGateway, direct } = await twice({ query: 'query Down { companies { uuid } }', operationName: 'Down' });
    expect(sentDirect(direct.requestId)).toBe(true);
    // The masked error names each request's own id.
    const withoutId = ({ requestId, ...answer }: typeof direct) => ({ ...answer, body: answer.body.split(requestId).join('') });
    expect(withoutId(direct)).toEqual(withoutId(viaGateway));
    expect(JSON.parse(viaGateway.body)).toMatchObject({ data: null, errors: [{ extensions: { errorCode: 'INTERNAL_ERROR' } }] });
  });
});
