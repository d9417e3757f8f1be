import { getIntrospectionQuery } from 'graphql';
import { startTestStack } from '../support/test-platform';

type Stack = Awaited<ReturnType<typeof startTestStack>>;
const APP = 'http://app.example.test:5173';

const introspect = (env: Stack, headers: Record<string, string> = {}) =>
  fetch(`${env.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: getIntrospectionQuery(), operationName: 'IntrospectionQuery' }),
  });

/** What Sandbox, GraphiQL, Postman and graphql-codegen do first, and what a browser app on another origin needs. */
describe('GraphQL tooling and browsers (development settings)', () => {
  let env: Stack;

  beforeAll(async () => {
    env = await startTestStack();
  });
  afterAll(() => env.close());

  it("answers graphql's own getIntrospectionQuery() in full, with and without a token", async () => {
    for (const headers of [{}, { authorization: 'Bearer not-checked-for-introspection' }] as Array<Record<string, string>>) {
      const res = await introspect(env, headers);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data?: { __schema: { types: Array<{ name: string }> } }; errors?: unknown };
      expect(body.errors).toBeUndefined();
      const names = body.data!.__schema.types.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['Query', 'Mutation', 'FlightOffer', 'TrainTrip', 'Company']));
    }
  });

  it('still prices ordinary operations: introspection only costs nothing', async () => {
    const aliases = Array.from({ length: 25 }, (_, i) => `a${i}: airports { stopId stopName }`).join(' ');
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ __schema { queryType { name } } ${aliases} }` }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ extensions: { errorCode: 'QUERY_TOO_COMPLEX' } }] });
  });

  it('refuses a missing required argument or input field as a GraphQL validation error, before any resolver runs', async () => {
    const cases: Array<[string, RegExp]> = [
      ['mutation { depositTrainCardPayment(paymentReference: "X") { created } }', /argument "cardToken" of type "String!" is required/],
      ['mutation { depositTrainMobileMoneyPayment(paymentReference: "X", phoneNumber: "+255712345678") { created } }', /"rail" of type "String!"/],
      ['mutation { confirmTrainPaymentSandbox { paymentId } }', /argument "paymentId" of type "ID!" is required/],
      ['{ reviewFlightOffer { offerReference } }', /argument "offerReference" of type "ID!" is required/],
      ['mutation { purchaseFlight { complete } }', /argument "ticketId" of type "String!" is required/],
      ['mutation { startFlightPayment(method: "CARD") { created } }', /argument "paymentReference" of type "String!" is required/],
      [
        'mutation { reserveFlight(input: { offerReference: "X", passengers: [{ firstName: "Asha" }] }) { tickets { ticketId } } }',
        /"FlightPassengerInput\.lastName" of required type "String!" was not provided/,
      ],
      [
        'mutation { reserveTrain(input: { outbound: {}, passengers: [{ passengerName: "Asha" }] }) { paymentReference } }',
        /"TrainReservationPassengerInput\.outboundSeatHoldKey" of required type "String!" was not provided/,
      ],
      ['mutation { reserveTrain(input: { passengers: [] }) { paymentReference } }', /"TrainReservationInput\.outbound" of required type/],
    ];
    for (const [query, message] of cases) {
      const res = await fetch(`${env.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: Array<{ message: string; extensions: unknown }> };
      expect(body.errors.map((e) => e.message).join('\n')).toMatch(message);
      expect(body.errors[0].extensions).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400 });
    }
  });

  it('answers a CORS preflight for /graphql and a REST path before CSRF prevention and the token check', async () => {
    for (const [path, method] of [
      ['/graphql', 'POST'],
      ['/api/flight/search', 'POST'],
      ['/api/admin/reverse-proxy/configs/x.example.com', 'PATCH'],
    ]) {
      const res = await fetch(`${env.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: APP, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type, if-match' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain(method);
      const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
      for (const header of [
        'authorization',
        'content-type',
        'content-language',
        'content-currency',
        'x-external-user-id',
        'x-authentication-context',
        'apollo-require-preflight',
        'if-match',
      ]) {
        expect(allowed).toContain(header);
      }
    }
  });

  it('lets a browser read answers and the request id, ETag, Retry-After and Idempotent-Replayed headers', async () => {
    const graphql = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ trainStations { stopId } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get('access-control-allow-origin')).toBe('*');
    expect(graphql.headers.get('access-control-expose-headers')!.toLowerCase()).toBe('x-request-id, etag, retry-after, idempotent-replayed');
    const unauthenticated = await fetch(`${env.baseUrl}/api/companies`, { headers: { origin: APP } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('GET /explorer (development settings)', () => {
  let env: Stack;

  beforeAll(async () => {
    env = await startTestStack();
  });
  afterAll(() => env.close());

  it('serves GraphiQL from this origin only: the page, its scripts and styles, no asset from another host', async () => {
    const page = await fetch(`${env.baseUrl}/explorer`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    // The empty data: icon only keeps the browser from asking for /favicon.ico.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((url) => url !== 'data:,');
    expect(assets).toEqual([
      '/explorer/assets/graphiql.css',
      '/explorer/assets/react.js',
      '/explorer/assets/react-dom.js',
      '/explorer/assets/graphiql.js',
      '/explorer/assets/start.js',
    ]);
    for (const asset of assets) {
      const res = await fetch(`${env.baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await res.text()).length).toBeGreaterThan(100);
    }
    const start = await (await fetch(`${env.baseUrl}/explorer/assets/start.js`)).text();
    expect(start).toContain('isHeadersEditorEnabled: true');
    expect((await fetch(`${env.baseUrl}/explorer/assets/../../openapi.json`)).status).not.toBe(500);
    expect((await fetch(`${env.baseUrl}/explorer/assets/package.json`)).status).toBe(404);
  });

  it("keeps each page's own content security policy under the security headers; no Strict-Transport-Security outside production", async () => {
    const explorer = await fetch(`${env.baseUrl}/explorer`);
    // Sandbox's landing page brings its policy in a meta tag: the header adds only frame-ancestors, which does not
    // restrict what the page loads from Apollo's CDN.
    const sandbox = await fetch(`${env.baseUrl}/graphql`, { headers: { accept: 'text/html' } });
    const sandboxPage = await sandbox.text();
    expect(sandboxPage).toMatch(/<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'nonce-/);
    expect(sandbox.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(explorer.headers.get('content-security-policy')).toMatch(/^default-src 'self'; .*frame-ancestors 'none'$/);
    for (const page of [explorer, sandbox]) {
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('CORS with configured origins', () => {
  let env: Stack;

  beforeAll(async () => {
    env = await startTestStack({ CORS_ORIGINS: `${APP},https://agents.safiri.test` });
  });
  afterAll(() => env.close());

  it('answers a listed origin with itself and Vary: Origin, and gives another origin nothing', async () => {
    const listed = await fetch(`${env.baseUrl}/stops/train/api/stops?mini=true`, { headers: { origin: APP, 'accept-encoding': 'gzip' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(listed.headers.get('vary')!.toLowerCase()).toContain('origin');
    expect(listed.headers.get('vary')!.toLowerCase()).toContain('accept-encoding');
    const other = await fetch(`${env.baseUrl}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-methods')).toBeNull();
  });
});

describe('production', () => {
  let env: Stack;

  beforeAll(async () => {
    env = await startTestStack({
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://api.safiri.test',
      NOTIFICATION_SINK_ALLOWED: 'true',
      SGR_TICKET_PDF_OWNER_PASSWORD: 'production-owner-secret',
    });
  });
  afterAll(() => env.close());

  it('has no explorer unless EXPLORER_ENABLED is set', async () => {
    expect((await fetch(`${env.baseUrl}/explorer`)).status).toBe(404);
    expect((await fetch(`${env.baseUrl}/explorer/assets/graphiql.js`)).status).toBe(404);
  });

  it('refuses introspection and sends no CORS headers until CORS_ORIGINS is set', async () => {
    const res = await introspect(env, { origin: APP });
    const body = (await res.json()) as { errors?: Array<{ message: string }> };
    expect(body.errors?.[0].message).toMatch(/introspection/i);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
