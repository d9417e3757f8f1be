import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import type { GraphQLAnswer } from '../support/rest-bodies';

describe('gateway hygiene', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  beforeAll(async () => {
    env = await startTestStack({ GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_COST: '500' });
  });
  afterAll(() => env.close());

  const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${env.baseUrl}/graphql`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('rejects an operation deeper than the depth limit', async () => {
    const res = await post({ query: '{ trainStations { partners { company { name } } } a: trainStations { partners { company { uuid } } } }' });
    const body = await json<GraphQLAnswer<unknown>>(res);
    expect(res.status).toBe(400);
    expect(body.errors![0].extensions).toMatchObject({ errorCode: 'QUERY_TOO_COMPLEX', status: 400 });
  });

  it('rejects an operation costing more than the cost limit', async () => {
    const fields = 'stopId stopName stopDesc stopLat stopLon stopTimezone cityGeohash popularity';
    const res = await post({
      query: `{ a: airports { ${fields} } b: airports { ${fields} } c: airports { ${fields} } d: busStops { ${fields} } e: trainStations { ${fields} } f: busStops { ${fields} } }`,
    });
    const body = await json<GraphQLAnswer<unknown>>(res);
    expect(res.status).toBe(400);
    expect(body.errors![0].extensions).toMatchObject({ errorCode: 'QUERY_TOO_COMPLEX' });
    expect(body.errors![0].message).toMatch(/costs \d+; the limit is 500/);
  });

  it('runs a GET query without a preflight header (bearer-only: docs/decisions.md) but never a mutation over GET', async () => {
    const query = await fetch(`${env.baseUrl}/graphql?query=${encodeURIComponent('{ trainStations { stopId } }')}`);
    expect(query.status).toBe(200);
    const mutation = await fetch(`${env.baseUrl}/graphql?query=${encodeURIComponent('mutation { logon(email: "a@b.c", password: "0123456789") { token } }')}`);
    expect(mutation.status).toBe(405);
  });

  it('answers errors without stack traces or internal service names', async () => {
    const res = await post({ query: '{ companies { uuid } }' }, { 'content-type': 'application/json', authorization: 'Bearer not.a.token' });
    const text = await res.text();
    // Exactly the error object (with its `error`, always present since c745cbe) and Apollo's code: nothing internal.
    expect(JSON.parse(text).errors[0].extensions).toEqual({
      code: 'UNAUTHENTICATED',
      errorCode: 'UNAUTHENTICATED',
      errorMessage: expect.any(String),
      status: 401,
      error: {},
    });
    expect(text).not.toMatch(/stacktrace|serviceName|"admin"|at .*\.js/);
  });

  it('suggests field names outside production, where schema details help the developer', async () => {
    const body = await json<GraphQLAnswer<unknown>>(await post({ query: '{ airport { stopId } }' }));
    expect(body.errors![0].message).toMatch(/Did you mean "airports"\?/);
  });

  it('allows introspection outside production', async () => {
    const res = await post({ query: '{ __schema { queryType { name } } }' });
    expect((await json<GraphQLAnswer<{ __schema: { queryType: { name: string } } }>>(res)).data.__schema.queryType.name).toBe('Query');
  });

  it('serves Apollo Sandbox as the landing page to a browser', async () => {
    const res = await fetch(`${env.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/sandbox/i);
  });

  it('answers a JSON 404 with a request id for an unknown path, and 405 for a wrong method', async () => {
    const res = await fetch(`${env.baseUrl}/api/nowhere`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await json(res)).toMatchObject({ errorCode: 'NOT_FOUND', status: 404 });
    const wrong = await fetch(`${env.baseUrl}/api/logon`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('keeps a well-formed client request id', async () => {
    const res = await fetch(`${env.baseUrl}/api/uts/jwk`, { headers: { 'x-request-id': 'client-req-12345' } });
    expect(res.headers.get('x-request-id')).toBe('client-req-12345');
  });
});

/** The operators' token (METRICS_TOKEN: 24 to 256 visible characters). */
const OPERATOR_TOKEN = 'operators-token-0123456789abcdef';
const SECURITY_HEADERS = [
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'content-security-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

describe('gateway in production', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  beforeAll(async () => {
    env = await startTestStack({
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://api.safiri.test',
      NOTIFICATION_SINK_ALLOWED: 'true',
      SGR_TICKET_PDF_OWNER_PASSWORD: 'owner-pw',
      METRICS_TOKEN: OPERATOR_TOKEN,
    });
  });
  afterAll(() => env.close());

  it('tells a stranger only whether it is up (/health, /readyz): the parts it runs on are for the METRICS_TOKEN bearer', async () => {
    for (const path of ['/health', '/readyz']) {
      for (const authorization of [undefined, 'Bearer not-the-operators-token-at-all', `Basic ${OPERATOR_TOKEN}`]) {
        const res = await fetch(`${env.baseUrl}${path}`, { headers: authorization ? { authorization } : {} });
        expect([path, authorization, res.status, await res.text()]).toEqual([path, authorization, 200, '{"status":"ok"}']);
      }
      const operator = await fetch(`${env.baseUrl}${path}`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
      expect(operator.status).toBe(200);
      const body = await json<{ status: string; checks: Record<string, unknown> }>(operator);
      expect(body.status).toBe('ok');
      expect(Object.keys(body.checks)).toEqual(expect.arrayContaining(['mysql', 'redis', 'admin']));
    }
  });

  it('puts the security headers on every answer, Strict-Transport-Security too (PUBLIC_BASE_URL is https)', async () => {
    const base = env.baseUrl;
    const jsonBody = { 'content-type': 'application/json' };
    const answers = await Promise.all([
      fetch(`${base}/api/uts/jwk`),
      fetch(`${base}/api/companies`),
      fetch(`${base}/no/such/path`),
      fetch(`${base}/api/logon`, { method: 'POST', headers: jsonBody, body: JSON.stringify({ email: 'nobody@x.co.tz', password: 'not the password' }) }),
      fetch(`${base}/graphql`, { method: 'POST', headers: jsonBody, body: JSON.stringify({ query: '{ airports { stopId } }' }) }),
      fetch(`${base}/graphql`, { headers: { accept: 'text/html' } }),
      fetch(`${base}/graphql`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } }),
      fetch(`${base}/health`),
      fetch(`${base}/health`, { method: 'HEAD' }),
      fetch(`${base}/livez`),
      fetch(`${base}/readyz`),
      fetch(`${base}/metrics`),
      fetch(`${base}/openapi.json`),
      fetch(`${base}/.well-known/api-discovery`),
    ]);
    for (const answer of answers) {
      await answer.arrayBuffer();
      const headers = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers.get(name)]));
      expect([answer.url, answer.status > 0, headers]).toEqual([
        answer.url,
        true,
        {
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'x-frame-options': 'DENY',
          'content-security-policy': "frame-ancestors 'none'",
          'cross-origin-resource-policy': 'same-origin',
          'strict-transport-security': 'max-age=31536000',
        },
      ]);
    }
  });

  it('turns introspection off and shows no landing page', async () => {
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    const body = await json<GraphQLAnswer<unknown>>(res);
    expect(body.data).toBeUndefined();
    expect(body.errors![0].extensions.errorCode).toBe('BAD_REQUEST');
    const page = await fetch(`${env.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/sandbox/i);
  });

  it('answers no "Did you mean" suggestions, whether validation, the gateway or a subgraph finds the mistake', async () => {
    const graphql = (body: unknown) =>
      fetch(`${env.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
        body: JSON.stringify(body),
      });
    const mistakes = [
      { query: '{ airport { stopId } }' },
      { query: '{ airports { stopNam } }' },
      {
        query: 'mutation R($input: FlightReservationInput!) { reserveFlight(input: $input) { tickets { ticketId } } }',
        variables: { input: { offerReferenc: 'x' } },
      },
      { query: 'query N($s: NotificationLogStatus) { notificationLog(status: $s) { total } }', variables: { s: 'SENTT' } },
    ];
    for (const mistake of mistakes) {
      const res = await graphql(mistake);
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(JSON.parse(text).errors[0].extensions).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400 });
      expect(text).not.toMatch(/did you mean/i);
    }
    const rest = await fetch(`${env.baseUrl}/api/flight/reserve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
      body: JSON.stringify({ offerReference: 'x', passengers: [{ ageCategory: true }] }),
    });
    expect(rest.status).toBe(400);
    expect(await rest.text()).not.toMatch(/did you mean/i);
  });
});
