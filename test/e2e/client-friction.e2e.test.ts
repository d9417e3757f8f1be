import { Client, cacheExchange, fetchExchange, gql } from '@urql/core';
import { signedInCustomer, startTestStack } from '../support/test-platform';

type Stack = Awaited<ReturnType<typeof startTestStack>>;
const APP = 'http://app.example.test:5173';

/** urql 6 as its documentation sets it up: the default exchanges, nothing but a bearer header added. */
const urqlClient = (env: Stack, token?: string, methods: string[] = []) =>
  new Client({
    url: `${env.baseUrl}/graphql`,
    exchanges: [cacheExchange, fetchExchange],
    fetchOptions: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
    // The global fetch, watched: which method urql chose.
    fetch: (input, init) => {
      methods.push(init?.method ?? 'GET');
      return fetch(input, init);
    },
  });

const getGraphQL = (env: Stack, query: string, headers: Record<string, string> = {}) =>
  fetch(`${env.baseUrl}/graphql?${new URLSearchParams({ query })}`, { headers: { accept: 'application/graphql-response+json', ...headers } });

/** What frontend developers meet first with real client libraries (issue 26's friction list). */
describe('clients on the first try', () => {
  let env: Stack;
  let token: string;

  beforeAll(async () => {
    env = await startTestStack();
    token = await signedInCustomer(env, 'urql@example.test', 'urql password 1');
  });
  afterAll(() => env.close());

  it("urql's default setup runs queries (sent as GET) and mutations, with and without a bearer token", async () => {
    const sent: string[] = [];
    const anonymous = urqlClient(env, undefined, sent);
    const stations = await anonymous
      .query(
        gql`
          query Stations {
            trainStations {
              stopId
            }
          }
        `,
        {},
      )
      .toPromise();
    expect(stations.error).toBeUndefined();
    expect((stations.data as { trainStations: Array<{ stopId: string }> }).trainStations.map((s) => s.stopId)).toContain('DAR:SGR:0');
    // urql really sent the query as GET: this is the default the gateway has to take.
    expect(sent).toEqual(['GET']);

    const logon = await anonymous
      .mutation(
        gql`
          mutation Logon($email: String!, $password: String!) {
            logon(email: $email, password: $password) {
              token
            }
          }
        `,
        {
          email: 'urql@example.test',
          password: 'urql password 1',
        },
      )
      .toPromise();
    expect(logon.error).toBeUndefined();
    expect((logon.data as { logon: { token: string } }).logon.token).toEqual(expect.any(String));

    const me = await urqlClient(env, token)
      .query(
        gql`
          query Me {
            me {
              email
            }
          }
        `,
        {},
      )
      .toPromise();
    expect(me.error).toBeUndefined();
    expect(me.data).toMatchObject({ me: { email: 'urql@example.test' } });
  });

  it('still refuses a mutation sent as GET, and a POST a cross-site form could send', async () => {
    const asGet = await getGraphQL(env, 'mutation { logon(email: "urql@example.test", password: "urql password 1") { token } }');
    expect(asGet.status).toBe(405);
    expect(JSON.stringify(await asGet.json())).not.toContain('"token"');

    // A form posts text/plain (or urlencoded): no JSON body, nothing runs.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${env.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': type, origin: 'http://evil.example.test' },
        body: JSON.stringify({ query: 'mutation { logon(email: "urql@example.test", password: "urql password 1") { token } }' }),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain('"token"');
    }
  });

  it('holds a GET query to the same cost and depth limits as a POST', async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: airports { stopId stopName }`).join(' ');
    const costly = await getGraphQL(env, `{ ${aliases} }`);
    expect(costly.status).toBe(400);
    expect(await costly.json()).toMatchObject({ errors: [{ extensions: { errorCode: 'QUERY_TOO_COMPLEX' } }] });

    const deep = await getGraphQL(env, `{ ${'a { '.repeat(env.config.graphqlMaxDepth + 1)}b${' }'.repeat(env.config.graphqlMaxDepth + 1)} }`);
    expect(deep.status).toBe(400);
    const body = (await deep.json()) as { errors: Array<{ message: string; extensions: { errorCode: string } }> };
    expect(body.errors[0].extensions.errorCode).toBe('QUERY_TOO_COMPLEX');
    expect(body.errors[0].message).toMatch(/deep|depth|nest/i);
  });

  it('answers a preflight listing the headers Apollo Client, urql and graphql-request send', async () => {
    const requested = [
      'apollographql-client-name',
      'apollographql-client-version',
      'x-apollo-operation-name',
      'apollo-require-preflight',
      'authorization',
      'content-type',
      'accept',
    ];
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': requested.join(',') },
    });
    expect(res.status).toBe(204);
    // Development allows any origin (CORS_ORIGINS=*); a listed origin gets its own name back.
    expect([APP, '*']).toContain(res.headers.get('access-control-allow-origin'));
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    // accept is CORS-safelisted: a browser never needs it listed.
    expect(requested.filter((h) => h !== 'accept' && !allowed.includes(h))).toEqual([]);
  });
});
