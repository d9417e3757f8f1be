import type { InvalidationBus } from '../cache/invalidation-bus.service';
import type { TokenService } from '../auth/token.service';
import { REFERENCE_ENTITIES_MAX, ReferenceReplies, ReplyLookup } from './reference-replies.cache';

/** The part of the bus a cache uses: always trusted, versions bumped by invalidate(). */
function testBus() {
  const versions = new Map<string, number>();
  const handlers = new Map<string, Array<(key: string | undefined) => void>>();
  const bus = {
    trusted: () => true,
    version: (topic: string) => String(versions.get(topic) ?? 0),
    listen: (topic: string, handler: (key: string | undefined) => void) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
  };
  const invalidate = (topic: string) => {
    versions.set(topic, (versions.get(topic) ?? 0) + 1);
    for (const handler of handlers.get(topic) ?? []) handler(undefined);
  };
  return { bus: bus as unknown as InvalidationBus, invalidate };
}

/** TokenService.principalOrNull's contract: a principal for a verified bearer token, null otherwise. */
const tokens = {
  principalOrNull: async (authorization: string | undefined) => (authorization === 'Bearer good' ? { accountId: 'a1' } : null),
} as unknown as TokenService;

const OK = JSON.stringify({ data: { companies: [{ uuid: 'c1' }] } });
const signedIn = { authorization: 'Bearer good' };

function setup() {
  const { bus, invalidate } = testBus();
  const served: Array<string | null> = [];
  const replies = new ReferenceReplies(
    [
      { field: 'companies', topic: 'companies', access: 'signed-in' },
      { field: 'airports', topic: 'reference-data', access: 'public' },
      { field: '_entities', topic: 'companies', access: 'public', entityTypes: ['Company'] },
    ],
    bus,
    tokens,
    (name) => served.push(name),
  );
  return { replies, invalidate, served };
}

async function missThenStore(replies: ReferenceReplies, body: unknown, headers: Record<string, string> = signedIn, answer = OK): Promise<ReplyLookup | null> {
  const lookup = await replies.lookup(body, headers);
  if (lookup?.kind === 'miss') replies.store(lookup, 200, [['content-type', 'application/json']], answer);
  return lookup;
}

describe('ReferenceReplies', () => {
  it('answers a repeated reference read from memory, counted as served', async () => {
    const { replies, served } = setup();
    const body = { query: 'query Companies { companies { uuid } }' };
    expect((await missThenStore(replies, body))?.kind).toBe('miss');
    const hit = await replies.lookup(body, signedIn);
    expect(hit).toEqual({ kind: 'hit', reply: { headers: [['content-type', 'application/json']], body: OK } });
    expect(served).toEqual(['Companies']);
  });

  it('takes only queries whose every root field is a reference field of one topic', async () => {
    const { replies } = setup();
    for (const query of [
      'mutation { companies { uuid } }',
      '{ companies { uuid } me { id } }',
      '{ companies { uuid } airports { stopId } }',
      '{ ...F } fragment F on Query { companies { uuid } }',
      '{ companies @include(if: true) { uuid } }',
      'query A { companies { uuid } } query B { airports { stopId } }',
      '{ companies { uuid ',
    ]) {
      expect({ query, lookup: await replies.lookup({ query }, signedIn) }).toEqual({ query, lookup: null });
    }
    expect((await replies.lookup({ query: '{ __typename airports(limit: 5) { stopId } }' }, {}))?.kind).toBe('miss');
    expect((await replies.lookup({ query: 'query A { companies { uuid } } query B { me { id } }', operationName: 'A' }, signedIn))?.kind).toBe('miss');
  });

  it('refuses a signed-in field to a caller without a valid token, so that Apollo answers the 401', async () => {
    const { replies } = setup();
    const body = { query: '{ companies { uuid } }' };
    await missThenStore(replies, body);
    expect(await replies.lookup(body, {})).toBeNull();
    expect(await replies.lookup(body, { authorization: 'Bearer bad' })).toBeNull();
    expect((await replies.lookup(body, signedIn))?.kind).toBe('hit');
  });

  it('keys on the operation name and the variables', async () => {
    const { replies } = setup();
    const query = 'query P($n: Int) { airports(limit: $n) { stopId } }';
    await missThenStore(replies, { query, variables: { n: 1 } }, {});
    expect((await replies.lookup({ query, variables: { n: 1 } }, {}))?.kind).toBe('hit');
    expect((await replies.lookup({ query, variables: { n: 2 } }, {}))?.kind).toBe('miss');
  });

  it('never keeps an answer with errors, a non-200 one, or one begun before an invalidation', async () => {
    const { replies, invalidate } = setup();
    const body = { query: '{ companies { uuid } }' };
    await missThenStore(replies, body, signedIn, JSON.stringify({ errors: [{ message: 'no' }], data: null }));
    expect((await replies.lookup(body, signedIn))?.kind).toBe('miss');

    const failed = await replies.lookup(body, signedIn);
    if (failed?.kind === 'miss') replies.store(failed, 500, [], OK);
    expect((await replies.lookup(body, signedIn))?.kind).toBe('miss');

    const raced = await replies.lookup(body, signedIn);
    invalidate('companies');
    if (raced?.kind === 'miss') replies.store(raced, 200, [], OK);
    expect((await replies.lookup(body, signedIn))?.kind).toBe('miss');
  });

  it('forgets a topic on its invalidation and keeps the others', async () => {
    const { replies, invalidate } = setup();
    const companies = { query: '{ companies { uuid } }' };
    const airports = { query: '{ airports { stopId } }' };
    await missThenStore(replies, companies);
    await missThenStore(replies, airports, {});
    invalidate('companies');
    expect((await replies.lookup(companies, signedIn))?.kind).toBe('miss');
    expect((await replies.lookup(airports, {}))?.kind).toBe('hit');
  });

  describe('entity fetches of reference types', () => {
    const ENTITIES = 'query S__admin__1($representations: [_Any!]!) { _entities(representations: $representations) { ... on Company { companyType } } }';
    const companies = (...uuids: string[]) => uuids.map((uuid) => ({ __typename: 'Company', uuid }));
    const answer = JSON.stringify({ data: { _entities: [{ companyType: 'TRAIN' }] } });

    it('answers a repeated fetch of the same references from memory, to any caller, until the topic changes', async () => {
      const { replies, invalidate } = setup();
      const body = { query: ENTITIES, variables: { representations: companies('c1', 'c2') } };
      expect((await missThenStore(replies, body, {}, answer))?.kind).toBe('miss');
      expect(await replies.lookup(body, {})).toEqual({ kind: 'hit', reply: { headers: [['content-type', 'application/json']], body: answer } });
      expect((await replies.lookup({ query: ENTITIES, variables: { representations: companies('c1') } }, {}))?.kind).toBe('miss');
      invalidate('companies');
      expect((await replies.lookup(body, {}))?.kind).toBe('miss');
    });

    it('leaves to Apollo a fetch with any other reference, references not in their variable, or too many', async () => {
      const { replies } = setup();
      const cases: Array<[string, unknown]> = [
        ['another type', { query: ENTITIES, variables: { representations: [...companies('c1'), { __typename: 'Account', id: 'a1' }] } }],
        ['no type', { query: ENTITIES, variables: { representations: [{ uuid: 'c1' }] } }],
        ['not an object', { query: ENTITIES, variables: { representations: ['Company'] } }],
        ['no references', { query: ENTITIES, variables: { representations: [] } }],
        ['no variable', { query: ENTITIES, variables: { other: companies('c1') } }],
        ['too many', { query: ENTITIES, variables: { representations: companies(...Array.from({ length: REFERENCE_ENTITIES_MAX + 1 }, (_, i) => `c${i}`)) } }],
        [
          'a literal list beside a decoy variable',
          {
            query: 'query Q($representations: [_Any!]!) { _entities(representations: [{ __typename: "Account", id: "a1" }]) { __typename } }',
            variables: { representations: companies('c1') },
          },
        ],
        [
          'two entity fetches',
          {
            query: 'query Q($r: [_Any!]!, $s: [_Any!]!) { a: _entities(representations: $r) { __typename } b: _entities(representations: $s) { __typename } }',
            variables: { r: companies('c1'), s: [{ __typename: 'Account', id: 'a1' }] },
          },
        ],
        [
          'beside a field of another access',
          { query: 'query Q($r: [_Any!]!) { _entities(representations: $r) { __typename } companies { uuid } }', variables: { r: companies('c1') } },
        ],
      ];
      for (const [name, body] of cases) expect({ name, lookup: await replies.lookup(body, signedIn) }).toEqual({ name, lookup: null });
    });

    it('is never kept by a subgraph that names no entity types', async () => {
      const { bus } = testBus();
      const replies = new ReferenceReplies([{ field: '_entities', topic: 'companies', access: 'public' }], bus, tokens, () => undefined);
      expect(await replies.lookup({ query: ENTITIES, variables: { representations: companies('c1') } }, {})).toBeNull();
    });
  });
});
