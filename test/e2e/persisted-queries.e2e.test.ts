import { createHash } from 'node:crypto';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { createPersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { signedInCustomer, startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import { fragmentBomb } from '../support/graphql-documents';

type Stack = Awaited<ReturnType<typeof startTestStack>>;

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const persisted = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });
const errorCode = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code ?? answer.errors?.[0]?.extensions?.errorCode;

/** What a fetch was asked to send: method, URL and the JSON body if any. */
interface SentRequest {
  method: string;
  url: URL;
  body?: { query?: string; extensions?: unknown };
}

/** fetch that records each request it sends, so a test can see whether the query text went over the wire. */
function recordingFetch(sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as SentRequest['body']) : undefined;
    sent.push({ method: init?.method ?? 'GET', url, body });
    return fetch(input, init);
  };
}

/**
 * Apollo's automatic persisted queries through the gateway: a client sends the query's SHA-256 first
 * and the text only when the gateway does not know it yet. GRAPHQL_MAX_COST_PUBLIC is set low so one
 * small list is within the authenticated budget and over the token-less one.
 */
describe('automatic persisted queries (APQ)', () => {
  let env: Stack;
  let token: string;
  const graphqlUrl = () => `${env.baseUrl}/graphql`;
  const post = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await fetch(graphqlUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, answer: await json<GraphQLAnswer>(res) };
  };

  beforeAll(async () => {
    env = await startTestStack({ GRAPHQL_MAX_COST_PUBLIC: '10' });
    token = await signedInCustomer(env, 'apq@example.test', 'apq password 1');
  });
  afterAll(() => env.close());

  it('speaks the protocol over POST and GET: unknown hash, then hash with query, then hash only', async () => {
    const query = '{ apqPost: trainStations { stopId } }';
    const auth = { authorization: `Bearer ${token}` };
    // A step of the protocol, not a failure: 200, the code and message clients look for.
    const unknown = await post({ extensions: persisted(query) }, auth);
    expect(unknown.status).toBe(200);
    expect(unknown.answer.errors).toEqual([expect.objectContaining({ message: 'PersistedQueryNotFound' })]);
    expect(errorCode(unknown.answer)).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post({ query, extensions: persisted(query) }, auth);
    expect(registered.answer.errors).toBeUndefined();
    expect(registered.answer.data?.apqPost).toEqual(expect.arrayContaining([{ stopId: 'DAR:SGR:0' }]));
    const hit = await post({ extensions: persisted(query) }, auth);
    expect(hit.answer).toEqual(registered.answer);

    const url = new URL(graphqlUrl());
    url.searchParams.set('extensions', JSON.stringify(persisted('{ notSentYet: trainStations { stopId } }')));
    const missing = await fetch(url, { headers: { ...auth, 'apollo-require-preflight': 'true' } });
    expect(errorCode(await json<GraphQLAnswer>(missing))).toBe('PERSISTED_QUERY_NOT_FOUND');
    // A cache between client and gateway must not keep the miss, or the query would never run by hash.
    expect(missing.headers.get('cache-control')).toContain('no-cache');
    url.searchParams.set('extensions', JSON.stringify(persisted(query)));
    const get = await fetch(url, { headers: { ...auth, 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual(registered.answer);
  });

  it('refuses a hash that does not match the query, and stores nothing for it', async () => {
    const query = '{ trainStations { stopId stopName } }';
    const wrong = await post({ query, extensions: persisted('{ somethingElse }') });
    expect(wrong.status).toBe(400);
    expect(wrong.answer.errors?.[0].message).toMatch(/does not match/);
    expect(errorCode((await post({ extensions: persisted('{ somethingElse }') })).answer)).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('never stores a document refused by the structural limits, so its hash alone cannot run it', async () => {
    const bomb = fragmentBomb(12);
    const refused = await post({ query: bomb, extensions: persisted(bomb) });
    expect(refused.status).toBe(400);
    expect(errorCode(refused.answer)).toBe('QUERY_TOO_COMPLEX');
    expect(errorCode((await post({ extensions: persisted(bomb) })).answer)).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('prices a hash-only request by its own token: a document stored by an authenticated client is refused without one', async () => {
    const query = '{ apqCost: trainStations { stopId stopName } }';
    const withToken = await post({ query, extensions: persisted(query) }, { authorization: `Bearer ${token}` });
    expect(withToken.answer.errors).toBeUndefined();
    const anonymous = await post({ extensions: persisted(query) });
    expect(anonymous.status).toBe(400);
    expect(errorCode(anonymous.answer)).toBe('QUERY_TOO_COMPLEX');
    expect(anonymous.answer.errors?.[0].message).toMatch(/without a token/);
    expect(anonymous.answer.data).toBeUndefined();
  });

  it.each([
    ['POST', false],
    ['GET', true],
  ])(
    "works with Apollo Client's persisted-queries link (%s for hashed queries): the second run sends no query text",
    async (method, useGETForHashedQueries) => {
      const sent: SentRequest[] = [];
      const client = new ApolloClient({
        link: createPersistedQueryLink({ sha256, useGETForHashedQueries }).concat(
          new HttpLink({ uri: graphqlUrl(), fetch: recordingFetch(sent), headers: { authorization: `Bearer ${token}` } }),
        ),
        cache: new InMemoryCache(),
      });
      const query = gql`
      query ApqStations${method} {
        trainStations {
          stopId
          stopName
        }
      }
    `;
      const first = await client.query({ query, fetchPolicy: 'network-only' });
      const second = await client.query({ query, fetchPolicy: 'network-only' });

      // First run: the hash alone, PERSISTED_QUERY_NOT_FOUND, then hash and text (always a POST).
      expect(sent).toHaveLength(3);
      const [probe, register, again] = sent;
      expect(probe.method).toBe(method);
      expect(register).toMatchObject({ method: 'POST', body: { query: expect.stringContaining('trainStations') } });
      // Second run: only the hash travels, and the gateway answers from its APQ cache.
      expect(again.method).toBe(method);
      const sentText = again.body?.query ?? again.url.searchParams.get('query');
      expect(sentText).toBeFalsy();
      expect(JSON.stringify(again.body?.extensions ?? JSON.parse(again.url.searchParams.get('extensions')!))).toContain(sha256(register.body!.query!));
      expect(second.data).toEqual(first.data);
      expect((second.data as { trainStations: unknown[] }).trainStations.length).toBeGreaterThan(0);
    },
  );
});
