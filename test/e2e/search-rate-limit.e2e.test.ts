import { signedInCustomer, startSideRole, startTestStack } from '../support/test-platform';
import { subgraphUrlsOf } from '../support/gateway.process';
import { daysAhead } from '../support/flight-client';
import { json } from '../support/http';

/**
 * The default burst (50) with a refill slow enough (one search per 100 s) that none comes back while a test runs:
 * which request is refused depends on the count alone, never on how fast the machine is.
 */
const LIMITS = { SEARCH_RATE_PER_SECOND: '0.01', SEARCH_RATE_BURST: '50' };

type Search = 'flight' | 'flightAlias' | 'train' | 'bus' | 'graphql';

/** Each search operation a client can call, through the gateway at `baseUrl`, as the holder of `token`. */
function searches(baseUrl: string, token: string): Record<Search, () => Promise<Response>> {
  const authorization = `Bearer ${token}`;
  const flight = { originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30), adults: 1, max: 1 };
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    flight: () => post('/api/flight/search', flight),
    flightAlias: () => post('/api/flight/offers/search', flight),
    train: () => fetch(`${baseUrl}/api/trip/train/search?from=DAR:SGR:0&to=DOD:SGR:0&date=${daysAhead(10)}`, { headers: { authorization } }),
    bus: () => fetch(`${baseUrl}/api/trip/search?from=DAR_ES_SALAAM:RGN:0&to=ARUSHA:RGN:0&date=${daysAhead(10)}`, { headers: { authorization } }),
    graphql: () =>
      post('/graphql', {
        query: 'mutation Search($input: FlightSearchInput!) { searchFlights(input: $input) { meta { count } } }',
        variables: { input: flight },
      }),
  };
}

/** A GraphQL answer's first error, or null. */
async function graphqlError(res: Response): Promise<{ extensions: Record<string, unknown> } | null> {
  const body = await json<{ errors?: Array<{ extensions: Record<string, unknown> }> }>(res);
  return body.errors?.[0] ?? null;
}

describe('per-account search rate limit (every search, shared by every replica)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;

  beforeAll(async () => {
    env = await startTestStack(LIMITS);
  });
  afterAll(() => env.close());

  it('lets a burst of 50 searches through, whatever their kind; the 51st and later get 429 with Retry-After and the RateLimit fields', async () => {
    const search = searches(env.baseUrl, await signedInCustomer(env, 'burst@example.com'));
    const order: Search[] = [
      ...Array(20).fill('bus'),
      ...Array(14).fill('train'),
      ...Array(8).fill('flight'),
      ...Array(4).fill('flightAlias'),
      ...Array(4).fill('graphql'),
    ];
    for (const kind of order) {
      const res = await search[kind]();
      expect([kind, res.status]).toEqual([kind, 200]);
      if (kind === 'graphql') expect(await graphqlError(res)).toBeNull();
    }
    for (const kind of ['bus', 'train', 'flight', 'flightAlias'] as const) {
      const refused = await search[kind]();
      expect([kind, refused.status]).toEqual([kind, 429]);
      const retryAfter = refused.headers.get('retry-after');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(100);
      expect(refused.headers.get('ratelimit-policy')).toBe('"search";q=50;w=5000');
      expect(refused.headers.get('ratelimit')).toBe(`"search";r=0;t=${retryAfter}`);
      expect(await json(refused)).toEqual({
        errorCode: 'SEARCH_RATE_LIMITED',
        errorMessage: 'Too many searches from this account: wait and try again',
        status: 429,
        data: {
          retryAfterSeconds: Number(retryAfter),
          rateLimit: { policy: 'search', quota: 50, windowSeconds: 5000, remaining: 0, resetSeconds: Number(retryAfter) },
        },
        error: {},
      });
    }
    // Through /graphql: the coded error in the extensions.
    const error = await graphqlError(await search.graphql());
    expect(error?.extensions).toMatchObject({ errorCode: 'SEARCH_RATE_LIMITED', status: 429, data: { retryAfterSeconds: expect.any(Number) } });
  });

  it("leaves another account's searches alone", async () => {
    const busy = searches(env.baseUrl, await signedInCustomer(env, 'busy@example.com'));
    for (let i = 0; i < 50; i++) expect((await busy.bus()).status).toBe(200);
    expect((await busy.bus()).status).toBe(429);
    const bystander = searches(env.baseUrl, await signedInCustomer(env, 'bystander@example.com'));
    expect((await bystander.bus()).status).toBe(200);
    expect((await bystander.flight()).status).toBe(200);
  });

  it('is one budget across gateways and subgraph replicas (state in Redis)', async () => {
    // A second bus subgraph and a second gateway using it, as two replicas would run beside the first.
    const bus = await startSideRole(env.config, 'bus', LIMITS);
    const urls = subgraphUrlsOf(env.stack.subgraphs);
    const gateway = await startSideRole(env.config, 'gateway', { ...LIMITS, ...urls, BUS_URL: bus.stack.subgraphs.bus!.url });
    try {
      const token = await signedInCustomer(env, 'replicas@example.com');
      const [here, there] = [searches(env.baseUrl, token), searches(gateway.stack.gateway!.url, token)];
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await here.bus()).status, (await there.bus()).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(50);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await gateway.stop();
      await bus.stop();
    }
  });
});
