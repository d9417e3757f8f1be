import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { FlightSearchResolver } from '../../subgraphs/flight/graphql/flight-search.resolver';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';
import { sqlDuring } from '../support/sql-during';

/**
 * Issue 23, item 8: a repeated flight search neither reads the agent's wallet nor runs Apollo's execution and
 * serialisation again, and answers exactly what Apollo answers for the same search.
 */
const in20Days = addDays(todayIn('Africa/Dar_es_Salaam', new Date()), 20);
/** A version-8 offerReference (offers/offer-reference.codec.ts) and an ISO instant: what differs from one search to the next. */
const REFERENCE = /[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

/** The answer with each search's own values (its references and its expiry) replaced by placeholders. */
function withoutSearchValues(body: string): string {
  const expiresAt = (JSON.parse(body) as { data: Array<{ expiresAt: string }> }).data[0]?.expiresAt;
  return (expiresAt ? body.replaceAll(expiresAt, '<expiresAt>') : body).replace(REFERENCE, '<offerReference>');
}

describe('flight search answers from templates', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  const tokens: Record<string, string> = {};
  const resolverRuns = jest.spyOn(FlightSearchResolver.prototype, 'searchFlights');

  beforeAll(async () => {
    // Supplier answers are kept 60 s (the default): every search of this file meets the first one's answer. A
    // refetched answer is a new SupplierAnswer, so a new snapshot and key (flight-stores.test, the search cache).
    env = await startTestStack();
    const accounts = createAccountService(env.stack.platform);
    for (const [name, role, wallet] of [
      ['customer', 'CUSTOMER', {}],
      ['agent', 'SERVICE_AGENT', { currency: 'KES', openingBalance: '500000' }],
    ] as const) {
      await accounts.create({ email: `${name}@answers.test`, password: 'answers password 1', role, ...wallet });
      const res = await fetch(`${env.baseUrl}/api/logon`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${name}@answers.test`, password: 'answers password 1' }),
      });
      tokens[name] = (await json<{ token: string }>(res)).token;
    }
  });
  afterAll(() => env.close());
  afterEach(() => resolverRuns.mockClear());

  const search = async (who: string, body: Record<string, unknown>): Promise<string> => {
    const res = await fetch(`${env.baseUrl}/api/flight/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
      body: JSON.stringify({ originLocationCode: 'DAR', destinationLocationCode: 'NBO', departureDate: in20Days, ...body }),
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    return text;
  };

  /** The flight subgraph's operations counted so far (safiri_graphql_operations_total). */
  const flightOperations = async () =>
    (await env.stack.platform.metrics.graphqlOperations.get()).values.filter((v) => v.labels.service === 'flight').reduce((n, v) => n + v.value, 0);

  it('a repeated search is answered without the resolver, with the bytes Apollo gave but its own references and expiry', async () => {
    const counted = await flightOperations();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await search('customer', { adults: 2 }));
    // The first two through Apollo (the second makes the template), then from the template; each counted once.
    expect(resolverRuns).toHaveBeenCalledTimes(2);
    expect((await flightOperations()) - counted).toBe(4);
    for (const answer of answers.slice(1)) expect(withoutSearchValues(answer)).toBe(withoutSearchValues(answers[0]));
    const references = answers.map((a) => (JSON.parse(a) as { data: Array<{ offerReference: string }> }).data.map((o) => o.offerReference));
    expect(new Set(references.flat()).size).toBe(references.flat().length);
    expect(references[3].length).toBeGreaterThan(0);
    // Each reference from the template is a real offer of this customer's.
    const review = await fetch(`${env.baseUrl}/api/flight/offer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.customer}` },
      body: JSON.stringify({ offerReference: references[3][1] }),
    });
    expect(review.status).toBe(200);
    expect((await json<{ offerReference: string }>(review)).offerReference).toBe(references[3][1]);
  });

  it('another display currency or pricing context is another template: each answer is what Apollo answers for it', async () => {
    const kinds: Array<[string, Record<string, unknown>]> = [
      ['customer', { adults: 1 }],
      ['customer', { adults: 1, currencyCode: 'TZS' }],
      ['agent', { adults: 1 }],
      ['agent', { adults: 1, currencyCode: 'TZS' }],
    ];
    // The first round one by one: concurrent first searches would each fetch the supplier answer, and the last fetched
    // replaces the others (then a kind priced on one replaced sees its answer for the first time again).
    const rounds: string[][] = [[]];
    for (const [who, body] of kinds) rounds[0].push(await search(who, body));
    // Then at once: a template made for one kind must never answer another.
    for (let round = 1; round < 3; round++) rounds.push(await Promise.all(kinds.map(([who, body]) => search(who, body))));
    expect(resolverRuns).toHaveBeenCalledTimes(2 * kinds.length);
    const byKind = kinds.map((_, k) => rounds.map((answers) => withoutSearchValues(answers[k])));
    for (const answers of byKind) expect(new Set(answers).size).toBe(1);
    expect(new Set(byKind.map((answers) => answers[0])).size).toBe(kinds.length);
    const price = (answer: string) => (JSON.parse(answer) as { data: Array<{ price: { currency: string; walletDebitTotal?: string } }> }).data[0].price;
    expect(rounds[2].map((answer) => price(answer).currency)).toEqual(['USD', 'TZS', 'USD', 'TZS']);
    // The agent's wallet is in KES: its prices carry what the wallet is debited, the customer's do not.
    expect(price(rounds[2][2]).walletDebitTotal).toBeDefined();
  });

  it("an agent's repeated searches read its wallet from memory", async () => {
    await search('agent', { adults: 4 });
    const walletReads = await sqlDuring(
      env.stack.platform.dataSource,
      async () => {
        for (let i = 0; i < 3; i++) await search('agent', { adults: 4, currencyCode: i % 2 ? 'EUR' : 'USD' });
      },
      (query) => /\bwallet\b/.test(query),
    );
    expect(walletReads).toEqual([]);
  });
});
