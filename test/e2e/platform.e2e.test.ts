import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { runCli } from '../support/cli';
import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import type { GraphQLAnswer } from '../support/rest-bodies';

/** The operators' METRICS_TOKEN: /health names the platform's parts to its bearer only. */
const OPERATOR_TOKEN = 'operators-token-0123456789abcdef';
const OPERATOR = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** The whole stack on free ports, driven like a client: CLI, REST, GraphQL. */
describe('platform end to end', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let token: string;

  beforeAll(async () => {
    env = await startTestStack({ METRICS_TOKEN: OPERATOR_TOKEN });
  });
  afterAll(() => env.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${env.baseUrl}${path}`, { headers });
  const graphql = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${env.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });

  it('creates an agent with the CLI and logs in over REST', async () => {
    const created = runCli(
      'accounts',
      ['create', '--email', 'e2e.agent@safiri.test', '--password', 'e2e password 123', '--role', 'THIRD_PARTY_AGENT', '--balance', '250000'],
      env.config,
    );
    expect(created.status).toBe(0);
    expect(created.json).toMatchObject({
      action: 'account-created',
      account: { role: 'THIRD_PARTY_AGENT', permissionLevel: 222, wallet: { balance: '250000', currency: 'TZS' } },
    });

    const res = await fetch(`${env.baseUrl}/api/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'e2e.agent@safiri.test', password: 'e2e password 123' }),
    });
    expect(res.status).toBe(200);
    token = (await json<{ token: string }>(res)).token;
    expect(typeof token).toBe('string');
  });

  it('the token verifies against the published JWKS with RS256', async () => {
    const jwks = await json<JSONWebKeySet>(await get('/api/uts/jwk'));
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['RS256'] });
    expect(protectedHeader.kid).toBe(decodeProtectedHeader(token).kid);
    expect(payload).toMatchObject({ role: 'THIRD_PARTY_AGENT' });
    expect(payload.exp).toBeUndefined();
  });

  it('GET /api/companies?mini=true answers exactly the compact fields', async () => {
    const res = await get('/api/companies?mini=TRUE', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    const companies = await json<Array<{ uuid: string; companyType: string | null; [field: string]: unknown }>>(res);
    expect(companies.length).toBeGreaterThanOrEqual(10);
    for (const company of companies) {
      expect(Object.keys(company).sort()).toEqual(['companyType', 'name', 'tinNumber', 'tradingName', 'uuid']);
      expect(company.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(companies.some((c) => c.companyType === null)).toBe(true);
    const full = await json<Array<Record<string, unknown>>>(await get('/api/companies', { authorization: `Bearer ${token}` }));
    expect(Object.keys(full[0])).toEqual(expect.arrayContaining(['uuid', 'tinNumber', 'name', 'phoneNumber', 'email', 'website']));
  });

  it('companyPage pages through the same companies, by name, as GET /api/companies answers', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const full = await json<Array<{ uuid: string }>>(await get('/api/companies', auth));
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await graphql(`{ companyPage(first: 2${after ? `, after: "${after}"` : ''}) { nextCursor companies { uuid } } }`, auth);
      const body = await json<{ data: { companyPage: { nextCursor: string | null; companies: { uuid: string }[] } }; errors?: unknown }>(res);
      expect(body.errors).toBeUndefined();
      seen.push(...body.data.companyPage.companies.map((c) => c.uuid));
      after = body.data.companyPage.nextCursor;
    } while (after && seen.length <= full.length);
    expect(seen).toEqual(full.map((c) => c.uuid));
    const tooMany = await json<{ errors: { extensions: { code: string } }[] }>(await graphql('{ companyPage(first: 201) { nextCursor } }', auth));
    expect(tooMany.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('one GraphQL query through the gateway touches two subgraphs (train stations, admin companies)', async () => {
    const res = await graphql('{ trainStations { stopId partners { provider service company { uuid name tinNumber companyType } } } }');
    expect(res.status).toBe(200);
    const body =
      await json<GraphQLAnswer<{ trainStations: Array<{ stopId: string; partners: Array<{ company: { name: string }; [field: string]: unknown }> }> }>>(res);
    expect(body.errors).toBeUndefined();
    const dar = body.data.trainStations.find((s) => s.stopId === 'DAR:SGR:0')!;
    expect(dar.partners[0]).toMatchObject({ provider: 'RAIL', service: 'SGR', company: { companyType: 'RAIL_OPERATOR' } });
    expect(dar.partners[0].company.name).toMatch(/Reli Tanzania/);
  });

  it('serves the discovery document and both station hosts without a token', async () => {
    const discovery = await json<{ authentication: { jwks_uri: string; [field: string]: unknown }; flight_stops_url: string; train_stops_url: string }>(
      await get('/.well-known/api-discovery'),
    );
    expect(discovery.authentication).toMatchObject({ type: 'Bearer' });
    expect(discovery.authentication.jwks_uri).toMatch(/\/api\/uts\/jwk$/);
    const flightStops = await get(new URL(discovery.flight_stops_url).pathname + '/api/stops');
    const trainStops = await get(new URL(discovery.train_stops_url).pathname + '/api/stops?mini=true');
    expect(flightStops.status).toBe(200);
    expect(trainStops.status).toBe(200);
    expect((await json<Array<{ stop_code: string }>>(flightStops)).find((a) => a.stop_code === 'DAR')).toMatchObject({
      stop_id: 'DAR:FLT:0',
      stop_timezone: 'Africa/Dar_es_Salaam',
    });
    expect((await json<unknown[]>(trainStops))[0]).toMatchObject({ stop_id: 'DAR:SGR:0', partners: [{ provider: 'RAIL', service: 'SGR' }] });
  });

  it("GET /health is 200 with every part up, named to the operators' token only", async () => {
    const res = await get('/health', OPERATOR);
    expect(res.status).toBe(200);
    const body = await json<{ checks: Record<string, unknown>; integrations: unknown }>(res);
    expect(Object.keys(body.checks).sort()).toEqual(['admin', 'bus', 'flight', 'gateway', 'mysql', 'redis', 'train']);
    // Which world the platform is in: the simulators here, as npm start runs.
    expect(body.integrations).toEqual({ flightSupplier: { provider: 'sandbox', mode: 'simulator' }, payments: { provider: 'sandbox', mode: 'simulator' } });
    const stranger = await get('/health');
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toBe('{"status":"ok"}');
  });

  it('GET /health is 503 naming a subgraph that is down to the operators, and nothing to anyone else', async () => {
    await env.stack.subgraphs.bus!.close();
    const res = await get('/health', OPERATOR);
    expect(res.status).toBe(503);
    const body = await json<{ down: string[]; errorMessage: string }>(res);
    expect(body.down).toEqual(['bus']);
    expect(body.errorMessage).toBe('Down: bus');
    const stranger = await get('/health', { authorization: 'Bearer a-guess-at-the-operators-token' });
    expect(stranger.status).toBe(503);
    expect(await json(stranger)).toEqual({ status: 'unavailable', errorCode: 'SERVICE_UNAVAILABLE', errorMessage: 'Not every part of the platform is up' });
  });
});
