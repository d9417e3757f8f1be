import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { waitFor } from '../support/wait';
import type { RestAgentReservationAnswer } from '../support/rest-bodies';
import { runCli } from '../support/cli';
import { decodeTripId } from '../../shared/trips/trip-id.codec';

interface Entry {
  id: string;
  type: string;
  direction: string;
  amount: string;
  currency: string;
  balanceAfter: string;
  reason: string | null;
  trip: { id: string; kind?: string; paymentReference?: string } | null;
  createdAt: string;
}
interface EntryPage {
  edges: Array<{ cursor: string; node: Entry }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
interface Answer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

const ENTRY_FIELDS = 'id type direction amount currency balanceAfter reason createdAt trip { id ... on Trip { kind paymentReference } }';
const ENTRIES = `query Entries($first: Int, $after: String, $filter: WalletEntryFilter) {
  me { wallet { balance entries(first: $first, after: $after, filter: $filter) { edges { cursor node { ${ENTRY_FIELDS} } } pageInfo { hasNextPage endCursor } } } }
}`;
const TOP_UP = `mutation TopUp($input: WalletTopUpInput!) { topUpWallet(input: $input) { ${ENTRY_FIELDS} } }`;
const ADJUST = `mutation Adjust($input: WalletAdjustmentInput!) { adjustWallet(input: $input) { ${ENTRY_FIELDS} } }`;

/**
 * The wallet statement (issue 26 item 2): every ledger entry with its running balance, the open holds, what is
 * available and spendable; administrators' top-ups and adjustments as idempotent entries with a reason.
 */
describe('wallet statement', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let admin: FlightClient;
  let customer: FlightClient;
  let agentId: string;
  let walletId: string;

  const graphql = async <T>(client: FlightClient, query: string, variables: Record<string, unknown> = {}): Promise<Answer<T>> => {
    const res = await fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Answer<T>;
  };
  const allEntries = async (first: number, filter?: Record<string, unknown>): Promise<Entry[]> => {
    const seen: Entry[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 30; pages++) {
      const answer: Answer<{ me: { wallet: { entries: EntryPage } } }> = await graphql(agent, ENTRIES, { first, after, filter });
      expect(answer.errors).toBeUndefined();
      const page = answer.data!.me.wallet.entries;
      seen.push(...page.edges.map((e) => e.node));
      if (!page.pageInfo.hasNextPage) return seen;
      after = page.pageInfo.endCursor;
    }
    throw new Error('more than 30 pages');
  };

  beforeAll(async () => {
    env = await startTestStack();
    const { platform } = env.stack;
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@wallet.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '5000000',
      overdraftLimit: '100000',
    });
    admin = await FlightClient.create(env.baseUrl, platform, 'admin@wallet.test', 'ADMIN');
    customer = await FlightClient.create(env.baseUrl, platform, 'customer@wallet.test', 'CUSTOMER');
    [{ id: agentId }] = await platform.dataSource.query<Array<{ id: string }>>("SELECT id FROM account WHERE email = 'agent@wallet.test'");
    walletId = (await platform.ledger.findByAccount(agentId))!.id;
  });
  afterAll(() => env?.close());

  it('tops up once per key with its reason, and refuses the key with another amount', async () => {
    const input = { accountId: agentId, amount: '250000', reason: 'bank transfer 4711', idempotencyKey: 'ops-4711' };
    const first = await graphql<{ topUpWallet: Entry }>(admin, TOP_UP, { input });
    expect(first.data!.topUpWallet).toMatchObject({
      type: 'TOP_UP',
      direction: 'CREDIT',
      amount: '250000',
      balanceAfter: '5250000',
      reason: 'bank transfer 4711',
      trip: null,
    });
    const again = await graphql<{ topUpWallet: Entry }>(admin, TOP_UP, { input });
    expect(again.data!.topUpWallet.id).toBe(first.data!.topUpWallet.id);
    const conflict = await graphql(admin, TOP_UP, { input: { ...input, amount: '250001' } });
    expect(conflict.errors?.[0].extensions?.code).toBe('WALLET_ENTRY_CONFLICT');
    const byAgent = await graphql(agent, TOP_UP, { input: { ...input, idempotencyKey: 'self-service' } });
    expect(byAgent.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('adjusts up and down, never below the overdraft, and refuses bad input clearly', async () => {
    const down = await graphql<{ adjustWallet: Entry }>(admin, ADJUST, {
      input: { accountId: agentId, amount: '-2500', reason: 'duplicate credit reversed', idempotencyKey: 'adj-1' },
    });
    expect(down.data!.adjustWallet).toMatchObject({ type: 'ADJUSTMENT', direction: 'DEBIT', amount: '-2500', balanceAfter: '5247500' });
    const tooFar = await graphql(admin, ADJUST, { input: { accountId: agentId, amount: '-6000000', reason: 'typo', idempotencyKey: 'adj-2' } });
    expect(tooFar.errors?.[0].extensions?.code).toBe('WALLET_INSUFFICIENT_BALANCE');
    for (const input of [
      { accountId: agentId, amount: '0', reason: 'zero', idempotencyKey: 'adj-3' },
      { accountId: agentId, amount: '1.5e3', reason: 'exponent', idempotencyKey: 'adj-4' },
      { accountId: agentId, amount: '10000000000', reason: 'too much', idempotencyKey: 'adj-7' },
    ]) {
      expect((await graphql(admin, ADJUST, { input })).errors?.[0].extensions?.code).toBe('WALLET_AMOUNT_INVALID');
    }
    for (const input of [
      { accountId: agentId, amount: '10', reason: ' ', idempotencyKey: 'adj-5' },
      { accountId: agentId, amount: '10', reason: 'key', idempotencyKey: 'x'.repeat(129) },
    ]) {
      expect((await graphql(admin, ADJUST, { input })).errors?.[0].extensions?.code).toBe('BAD_REQUEST');
    }
    const noWallet = await graphql(admin, ADJUST, { input: { accountId: randomUUID(), amount: '10', reason: 'none', idempotencyKey: 'adj-6' } });
    expect(noWallet.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('tops up through the CLI with a reason, as the same kind of entry', () => {
    const run = runCli('accounts', ['topup', '--email', 'agent@wallet.test', '--amount', '1000', '--key', 'cli-1', '--reason', 'cash deposit'], env.config);
    expect(run.status).toBe(0);
    const again = runCli('accounts', ['topup', '--email', 'agent@wallet.test', '--amount', '1000', '--key', 'cli-1', '--reason', 'cash deposit'], env.config);
    expect(JSON.parse(again.stdout).action).toBe('topup-already-applied');
    const adjust = runCli('accounts', ['adjust', '--email', 'agent@wallet.test', '--amount', '-500', '--key', 'cli-2', '--reason', 'fee'], env.config);
    expect(adjust.status).toBe(0);
  });

  it("lists every entry newest first, page by page, with a running balance that matches the ledger and each booking's trip", async () => {
    // A purchase: admitted as a hold, then debited by its job under the same key.
    const offer = await agent.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(21) });
    const reserved = await agent.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
      offerReference: offer.offerReference,
      passengers: [adult()],
    });
    expect(reserved.status).toBe(201);
    const purchase = await agent.call('POST', '/api/flight/purchase/agent', { ticketId: reserved.body.reservation.ticketIds[0] });
    expect(purchase.status).toBe(200);
    await waitFor(
      () => allEntries(100),
      (entries) => entries.some((e) => e.type === 'BOOKING_DEBIT'),
    );

    const entries = await allEntries(2);
    const balance = (await graphql<{ me: { wallet: { balance: string } } }>(agent, ENTRIES, { first: 1 })).data!.me.wallet.balance;
    expect(entries[0].balanceAfter).toBe(balance);
    // Oldest first: each balanceAfter is the one before plus this signed amount.
    const chronological = [...entries].reverse();
    expect(chronological[0]).toMatchObject({ type: 'OPENING_BALANCE', amount: '5000000', balanceAfter: '5000000' });
    for (let i = 1; i < chronological.length; i++) {
      expect(new Decimal(chronological[i - 1].balanceAfter).plus(chronological[i].amount).toFixed()).toBe(new Decimal(chronological[i].balanceAfter).toFixed());
    }
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries.map((e) => e.type)).toEqual(['BOOKING_DEBIT', 'ADJUSTMENT', 'TOP_UP', 'ADJUSTMENT', 'TOP_UP', 'OPENING_BALANCE']);
    const debit = entries[0];
    expect(debit.direction).toBe('DEBIT');
    expect(debit.trip).toMatchObject({ kind: 'FLIGHT', paymentReference: reserved.body.reservation.paymentReference });
    expect(decodeTripId(debit.trip!.id)).toEqual({ kind: 'FLIGHT', bookingId: reserved.body.reservation.reservationId });

    expect((await allEntries(10, { direction: 'CREDIT' })).map((e) => e.type)).toEqual(['TOP_UP', 'TOP_UP', 'OPENING_BALANCE']);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await allEntries(10, { createdFrom: future })).toEqual([]);
    expect((await allEntries(10, { createdBefore: future })).length).toBe(entries.length);
  });

  it('shows open holds, heldTotal, availableBalance and spendable', async () => {
    const { platform } = env.stack;
    const bookingId = randomUUID();
    const admission = await platform.ledger.hold(walletId, { businessKey: `train-reservation:${bookingId}`, amount: '30000', note: 'SGR test' });
    expect(admission.admitted).toBe(true);
    const answer = await graphql<{ me: { wallet: Record<string, unknown> & { holds: Array<Record<string, unknown>> } } }>(
      agent,
      '{ me { wallet { balance heldTotal availableBalance spendable overdraftLimit holds { amount currency reason trip { id } } } } }',
    );
    const wallet = answer.data!.me.wallet;
    expect(wallet.heldTotal).toBe('30000');
    expect(new Decimal(wallet.availableBalance as string).toFixed()).toBe(new Decimal(wallet.balance as string).minus(30000).toFixed());
    expect(new Decimal(wallet.spendable as string).toFixed()).toBe(new Decimal(wallet.availableBalance as string).plus(100000).toFixed());
    expect(wallet.holds).toEqual([{ amount: '30000', currency: 'TZS', reason: 'SGR test', trip: { id: expect.any(String) } }]);
    expect(decodeTripId((wallet.holds[0].trip as { id: string }).id)).toEqual({ kind: 'TRAIN', bookingId });

    const rest = await agent.call<Record<string, unknown>>('GET', '/api/wallet');
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ currency: 'TZS', heldTotal: '30000', availableBalance: wallet.availableBalance, spendable: wallet.spendable });
    await platform.ledger.release(walletId, `train-reservation:${bookingId}`);
  });

  it('answers the statement over REST page by page, and 404 for an account without a wallet', async () => {
    const graph = await allEntries(100);
    const seen: Array<{ id: string }> = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const query: string = new URLSearchParams({ limit: '4', ...(after ? { after } : {}) }).toString();
      const res = await agent.call<{ data: Array<{ id: string }>; nextCursor: string | null }>('GET', `/api/wallet/entries?${query}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data);
      if (!res.body.nextCursor) break;
      after = res.body.nextCursor;
    }
    expect(seen.map((e) => e.id)).toEqual(graph.map((e) => e.id));
    const debits = await agent.call<{ data: Array<{ direction: string }> }>('GET', '/api/wallet/entries?direction=DEBIT');
    expect(new Set(debits.body.data.map((e) => e.direction))).toEqual(new Set(['DEBIT']));
    for (const bad of ['limit=0', 'limit=101', 'direction=UP', 'createdFrom=yesterday', 'after=bm9wZQ']) {
      const res = await agent.call<{ errorCode: string }>('GET', `/api/wallet/entries?${bad}`);
      expect([bad, res.status, res.body.errorCode]).toEqual([bad, 400, 'BAD_REQUEST']);
    }
    const none = await customer.call<{ errorCode: string }>('GET', '/api/wallet');
    expect([none.status, none.body.errorCode]).toEqual([404, 'WALLET_NOT_FOUND']);
    expect((await customer.call('GET', '/api/wallet/entries')).status).toBe(404);
  });
});
