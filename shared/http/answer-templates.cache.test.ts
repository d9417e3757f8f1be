import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { buildSchema } from 'graphql';
import { ApolloServer } from '@apollo/server';
import { handleGraphQLRequest } from './apollo-http.handler';
import { closeServer, listen } from './listen.server';
import { AppError } from '../errors/app-error.exception';
import { AnswerTemplateBounds, AnswerTemplates, PreparedWork } from './answer-templates.cache';

/**
 * answer-templates.cache.ts on a small search schema, against a twin Apollo server without it: every answer must be the
 * twin's, byte for byte, for the same search outcome or error.
 */
const TYPE_DEFS = `
  input FlightSearchInput { adults: Int!, currencyCode: String }
  type Price { total: String! currency: String! }
  type Offer { offerReference: ID! expiresAt: String! id: String! price: Price! }
  type Meta { count: Int! }
  type Result { meta: Meta! data: [Offer!]! }
  type Query { ping: Boolean }
  type Mutation { searchFlights(input: FlightSearchInput!): Result! other: Boolean }
`;
const SEARCH =
  'mutation Search($input: FlightSearchInput!) { searchFlights(input: $input) { meta { count } data { id offerReference price { total currency } expiresAt } } }';

type Input = { adults: number; currencyCode?: string | null };

interface Outcome {
  meta: { count: number };
  data: Array<{ id: string; price: { total: string; currency: string }; offerReference: string; expiresAt: string }>;
  /** What the data shows but for references and expiry. */
  shown: string;
}

/** A search: `adults` offers, priced in the currency asked for; adults 9 is refused. Each search has fresh references and expiry. */
function outcomeFor(input: Input): Outcome {
  if (input.adults === 9) throw new AppError('FLIGHT_SEARCH_UNAVAILABLE', 502, 'The supplier did not answer', { retryable: true });
  const currency = input.currencyCode ?? 'USD';
  const expiresAt = new Date(Date.now() + 900_000 + Math.floor(Math.random() * 1000)).toISOString();
  const data = Array.from({ length: input.adults }, (_, i) => ({
    id: String(i + 1),
    price: { total: `${100 * (i + 1)}.00`, currency },
    offerReference: randomUUID(),
    expiresAt,
  }));
  return { meta: { count: data.length }, data, shown: `${currency}:${data.length}` };
}

const answerOf = (outcome: Outcome) => ({ meta: outcome.meta, data: outcome.data });

interface Served {
  url: string;
  /** Searches done, and where: before Apollo (the shortcut) or in the resolver. */
  searches: Array<'before Apollo' | 'resolver'>;
  /** Times the resolver ran (Apollo executed the document). */
  resolved: number;
  /** The outcome (or error) of the latest search, for the twin to answer. */
  latest: { outcome?: Outcome; error?: unknown };
  answers: AnswerTemplates<Outcome> | undefined;
  close(): Promise<void>;
}

async function serve(options: { shortcut: boolean; bounds?: AnswerTemplateBounds; replay?: () => Served['latest'] }): Promise<Served> {
  const served: Omit<Served, 'url' | 'close'> = { searches: [], resolved: 0, latest: {}, answers: undefined };
  const search = (input: Input, where: 'before Apollo' | 'resolver'): Outcome => {
    served.searches.push(where);
    served.latest = {};
    try {
      served.latest.outcome = outcomeFor(input);
      return served.latest.outcome;
    } catch (error) {
      served.latest.error = error;
      throw error;
    }
  };
  const apollo = new ApolloServer<{ prepared?: object }>({
    typeDefs: TYPE_DEFS,
    resolvers: {
      Mutation: {
        searchFlights: async (_root: unknown, { input }: { input: Input }, { prepared }: { prepared?: object }) => {
          served.resolved++;
          if (options.replay) {
            const { outcome, error } = options.replay();
            if (error) throw error;
            return answerOf(outcome!);
          }
          const taken = prepared instanceof PreparedWork ? (prepared as PreparedWork<Outcome>) : undefined;
          const outcome = taken?.take() ?? search(input, 'resolver');
          if (taken) taken.work = outcome;
          return answerOf(outcome);
        },
      },
    },
  });
  await apollo.start();
  if (options.shortcut) {
    served.answers = new AnswerTemplates<Outcome>(
      buildSchema(TYPE_DEFS),
      {
        operation: 'mutation',
        field: 'searchFlights',
        run: async (args) => search(args.input as Input, 'before Apollo'),
        key: (outcome) => `${outcome.shown}\u0000${JSON.stringify(outcome.meta)}`,
        values: (outcome) =>
          outcome.data.length ? [JSON.stringify(outcome.data[0].expiresAt), ...outcome.data.map((o) => JSON.stringify(o.offerReference))] : [],
      },
      () => undefined,
      undefined,
      options.bounds,
    );
  }
  const server: Server = createServer(
    (req, res) =>
      void handleGraphQLRequest(apollo, req, res, {
        maxBodyBytes: 100_000,
        context: async () => ({}),
        shortcuts: served.answers ? [served.answers] : [],
        withPrepared: (context, prepared) => ({ ...context, prepared }),
      }),
  );
  const port = await listen(server, 0, '127.0.0.1');
  return {
    ...served,
    get searches() {
      return served.searches;
    },
    get latest() {
      return served.latest;
    },
    get resolved() {
      return served.resolved;
    },
    url: `http://127.0.0.1:${port}/graphql`,
    close: async () => {
      await closeServer(server);
      await apollo.stop();
    },
  };
}

let subject: Served;
let twin: Served;

async function post(
  to: Served,
  variables: unknown,
  extra: { query?: string; accept?: string } = {},
): Promise<{ status: number; type: string | null; body: string }> {
  const res = await fetch(to.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(extra.accept ? { accept: extra.accept } : {}) },
    body: JSON.stringify({ query: extra.query ?? SEARCH, operationName: 'Search', variables }),
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** The subject's answer, and the twin's for the same outcome (or error). */
async function bothAnswer(variables: unknown, extra: { query?: string; accept?: string } = {}) {
  const answer = await post(subject, variables, extra);
  return { answer, apollo: await post(twin, variables, extra) };
}

beforeEach(async () => {
  subject = await serve({ shortcut: true, bounds: { documents: 10, templates: 2, chars: 1_000_000, seen: 100 } });
  twin = await serve({ shortcut: false, replay: () => subject.latest });
});
afterEach(async () => {
  await subject.close();
  await twin.close();
});

describe('AnswerTemplates', () => {
  it('answers from the second repeat on from a template, byte for byte what Apollo answers, with each search done once', async () => {
    const input = { input: { adults: 3 } };
    for (let i = 0; i < 5; i++) {
      const { answer, apollo } = await bothAnswer(input);
      expect(answer).toEqual(apollo);
      expect(answer.status).toBe(200);
    }
    // The first in the resolver (the document is new), the rest before Apollo; the second answer makes the template,
    // which answers the last three without the resolver.
    expect(subject.searches).toEqual(['resolver', 'before Apollo', 'before Apollo', 'before Apollo', 'before Apollo']);
    expect(subject.resolved).toBe(2);
    expect(subject.answers!.size).toBe(1);
  });

  it('keeps one template per priced answer and offers shown: each currency and offer count is answered from its own', async () => {
    const inputs = [{ adults: 2 }, { adults: 2, currencyCode: 'TZS' }, { adults: 1 }];
    for (let round = 0; round < 3; round++) {
      for (const input of inputs) {
        const { answer, apollo } = await bothAnswer({ input });
        expect(answer).toEqual(apollo);
      }
    }
    expect(subject.resolved).toBe(2 * inputs.length + 1);
    // Bounded at two templates here: one of the three is always made again.
    expect(subject.answers!.size).toBe(2);
  });

  it('a search that fails is answered by Apollo with its error, and is not done again by the resolver', async () => {
    await bothAnswer({ input: { adults: 1 } });
    subject.searches.length = 0;
    const { answer, apollo } = await bothAnswer({ input: { adults: 9 } });
    expect(answer).toEqual(apollo);
    expect(JSON.parse(answer.body).errors[0].message).toBe('The supplier did not answer');
    expect(subject.searches).toEqual(['before Apollo']);
  });

  it('variables that do not fit, other documents and a new Accept header are left to Apollo before any search', async () => {
    await bothAnswer({ input: { adults: 1 } });
    subject.searches.length = 0;
    const refused = await post(subject, { input: { adults: 'two' } });
    expect(refused.status).toBe(400);
    expect(subject.searches).toEqual([]);
    // Two searches under aliases, or another root field: Apollo's resolver runs each.
    const aliased =
      'mutation Search($input: FlightSearchInput!) { a: searchFlights(input: $input) { meta { count } } b: searchFlights(input: $input) { meta { count } } }';
    expect((await post(subject, { input: { adults: 1 } }, { query: aliased })).status).toBe(200);
    expect(subject.searches).toEqual(['resolver', 'resolver']);
    subject.searches.length = 0;
    const { answer, apollo } = await bothAnswer({ input: { adults: 1 } }, { accept: 'application/graphql-response+json' });
    expect(answer).toEqual(apollo);
    expect(answer.type).toContain('application/graphql-response+json');
    expect(subject.searches).toEqual(['resolver']);
  });
});
