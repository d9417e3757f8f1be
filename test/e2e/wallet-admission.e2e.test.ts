import { Decimal } from '../../shared/money/money.calculator';
import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { nextMonthDay, reserveSeat, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { waitFor } from '../support/wait';
import type { ErrorAnswer, RestAgentReservationAnswer } from '../support/rest-bodies';

/**
 * docs/decisions.md "Wallet admission": every wallet spend (flight purchase, train issue, an administrator's
 * direct issuance of an agent booking) passes one rule under the wallet lock, counting every spend admitted
 * earlier whose debit has not landed yet. The follow-up queues are paused while purchases are made, so the
 * debits are reliably still pending (the window an agent hits when purchases follow each other quickly).
 */
describe('wallet admission: no wallet spends past its float', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let admin: FlightClient;
  let trip: SelectedTrain;
  let seat = 0;
  let n = 0;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const routes = [
    ['DAR', 'ZNZ'],
    ['DAR', 'JRO'],
    ['ZNZ', 'DAR'],
    ['JRO', 'DAR'],
    ['DAR', 'MWZ'],
    ['MWZ', 'DAR'],
  ];

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60' });
    admin = await FlightClient.create(env.baseUrl, env.stack.platform, 'admin@admission.test', 'ADMIN');
    const scout = await FlightClient.create(env.baseUrl, env.stack.platform, 'scout@admission.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1' });
    trip = await selectExpressTrain(scout, nextMonthDay(9));
  });
  afterAll(() => env.close());

  const queue = (name: string) => env.stack.platform.queues.get(name);
  async function withFollowUpsPaused<T>(fn: () => Promise<T>): Promise<T> {
    await Promise.all(['flight', 'train'].map((q) => queue(q).pause()));
    try {
      return await fn();
    } finally {
      await Promise.all(['flight', 'train'].map((q) => queue(q).resume()));
    }
  }

  async function agentWith(balance: string, overdraft = '0'): Promise<{ client: FlightClient; walletId: string; email: string }> {
    const email = `agent${++n}@admission.test`;
    const client = await FlightClient.create(env.baseUrl, env.stack.platform, email, 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: balance,
      overdraftLimit: overdraft,
    });
    const [w] = await sql<{ id: string }>('SELECT w.id FROM wallet w JOIN account a ON a.id = w.account_id WHERE a.email = ?', [email]);
    return { client, walletId: w.id, email };
  }

  async function reserveFlight(client: FlightClient, i: number): Promise<{ ticketId: string; id: string; debit: Decimal }> {
    const [from, to] = routes[i % routes.length];
    const offer = await client.firstOffer({ originLocationCode: from, destinationLocationCode: to, departureDate: daysAhead(30 + i) });
    const res = await client.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
      offerReference: offer.offerReference,
      passengers: [adult(`Float${String.fromCharCode(97 + i)}`)],
    });
    if (res.status !== 201) throw new Error(`reserve ${i}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    const [row] = await sql<{ id: string; wallet_debit_total: string }>('SELECT id, wallet_debit_total FROM flight_reservation WHERE booking_reference = ?', [
      res.body.reservation.bookingReference,
    ]);
    return { ticketId: res.body.reservation.ticketIds[0], id: row.id, debit: new Decimal(row.wallet_debit_total) };
  }

  /** Debits first: a debit commits its entry and the balance together, so a balance read after the entries is never older than them. */
  async function wallet(walletId: string) {
    const debits = await sql<{ business_key: string; amount: string }>("SELECT business_key, amount FROM wallet_entry WHERE wallet_id = ? AND kind = 'DEBIT'", [
      walletId,
    ]);
    const [w] = await sql<{ balance: string; overdraft_limit: string }>('SELECT balance, overdraft_limit FROM wallet WHERE id = ?', [walletId]);
    return { balance: new Decimal(w.balance), floor: new Decimal(w.overdraft_limit).negated(), debits };
  }

  /** What the admitted bookings will cost once every debit lands: never more than balance plus overdraft. */
  async function committed(walletId: string): Promise<Decimal> {
    const [f] = await sql<{ t: string }>(
      "SELECT COALESCE(SUM(wallet_debit_total), 0) AS t FROM flight_reservation WHERE wallet_id = ? AND status IN ('ISSUING', 'PARTIALLY_ISSUED', 'ISSUED')",
      [walletId],
    );
    const [t] = await sql<{ t: string }>(
      "SELECT COALESCE(SUM(amount), 0) AS t FROM train_issuance WHERE wallet_id = ? AND status IN ('ISSUING', 'ISSUED', 'ISSUE_FAILED')",
      [walletId],
    );
    return new Decimal(f.t).plus(t.t);
  }

  it('flight: six purchases one after another, each after the previous answer, never admit more than the float', async () => {
    const { client, walletId } = await agentWith('1');
    const reserved: Array<Awaited<ReturnType<typeof reserveFlight>>> = [];
    for (let i = 0; i < 6; i++) reserved.push(await reserveFlight(client, i));
    const dearest = Decimal.max(...reserved.map((r) => r.debit));
    await env.stack.platform.ledger.credit(walletId, { businessKey: 'topup', amount: dearest.times(1.5).floor().toFixed(0) });
    const opening = (await wallet(walletId)).balance;

    const statuses = await withFollowUpsPaused(async () => {
      const out: number[] = [];
      for (const r of reserved) {
        const res = await client.call<ErrorAnswer>('POST', '/api/flight/purchase/agent', { ticketId: r.ticketId });
        out.push(res.status);
        if (res.status === 409) {
          expect(res.body.errorCode).toBe('FLIGHT_WALLET_ADMISSION_FAILED');
          // Amounts in the wallet currency's decimals (TZS has none), the pending debits named.
          expect(res.body.data).toMatchObject({
            required: r.debit.toFixed(0),
            currency: 'TZS',
            overdraftLimit: '0',
            pendingDebits: expect.stringMatching(/^\d+$/),
          });
        }
      }
      return out;
    });
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect((await committed(walletId)).lte(opening)).toBe(true);

    // The debits land after the queues resume: one each, and the balance stays at or above the floor.
    const admitted = reserved.filter((_, i) => statuses[i] === 200);
    const settled = await waitFor(
      () => wallet(walletId),
      (w) => w.debits.length >= admitted.length,
      30_000,
    );
    expect(settled.debits.map((d) => d.business_key).sort()).toEqual(admitted.map((r) => `flight-reservation:${r.id}`).sort());
    expect(settled.balance.gte(settled.floor)).toBe(true);
  });

  it('train: concurrent issue calls whose sum exceeds the float: only what fits is admitted (202), the rest 402', async () => {
    const { client, walletId } = await agentWith('1');
    const reserved: Array<Awaited<ReturnType<typeof reserveSeat>>> = [];
    for (let i = 0; i < 4; i++)
      reserved.push(await reserveSeat(client, trip, trip.seats[seat++], { passengerName: `Float Train${String.fromCharCode(97 + i)}` }));
    const amount = new Decimal(reserved[0].amount);
    // Room for two and a half tickets.
    await env.stack.platform.ledger.credit(walletId, { businessKey: 'topup', amount: amount.times(2.5).minus(1).toFixed(0) });

    const results = await withFollowUpsPaused(() =>
      Promise.all(reserved.map((r) => client.call<ErrorAnswer>('POST', `/api/trip/train/ticket/${r.paymentReference}/issue`, {}))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 202, 402, 402]);
    for (const r of results.filter((x) => x.status === 402)) expect(r.body.errorCode).toBe('SGR_AGENT_INSUFFICIENT_BALANCE');

    const settled = await waitFor(
      () => wallet(walletId),
      (w) => w.debits.length >= 2,
      30_000,
    );
    expect(settled.debits).toHaveLength(2);
    expect(settled.balance.gte(0)).toBe(true);
  });

  it('mixed: a train issue admitted first counts against a flight purchase that follows it', async () => {
    const { client, walletId } = await agentWith('1');
    const flight = await reserveFlight(client, 2);
    const trainTrip = await reserveSeat(client, trip, trip.seats[seat++], { passengerName: 'Float Mixed' });
    // Enough for either booking, not for both.
    await env.stack.platform.ledger.credit(walletId, { businessKey: 'topup', amount: Decimal.max(flight.debit, trainTrip.amount).plus(1).toFixed(0) });
    await withFollowUpsPaused(async () => {
      expect((await client.call('POST', `/api/trip/train/ticket/${trainTrip.paymentReference}/issue`, {})).status).toBe(202);
      const purchase = await client.call<ErrorAnswer>('POST', '/api/flight/purchase/agent', { ticketId: flight.ticketId });
      expect(purchase.status).toBe(409);
      expect(purchase.body.errorCode).toBe('FLIGHT_WALLET_ADMISSION_FAILED');
    });
    const settled = await waitFor(
      () => wallet(walletId),
      (w) => w.debits.length >= 1,
      30_000,
    );
    expect(settled.balance.gte(0)).toBe(true);
  });

  it("an administrator's direct issuance of an agent booking passes the same admission (409 when the wallet is short)", async () => {
    const { client, walletId } = await agentWith('1000');
    const r = await reserveFlight(client, 3);
    expect(r.debit.gt(1000)).toBe(true);
    const res = await admin.call<ErrorAnswer>('POST', '/api/flight/ticket/issue/direct', { ticketId: r.ticketId });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('FLIGHT_WALLET_ADMISSION_FAILED');
    expect((await sql('SELECT status FROM flight_reservation WHERE id = ?', [r.id]))[0].status).toBe('TST_CREATED');

    await env.stack.platform.ledger.credit(walletId, { businessKey: 'topup', amount: r.debit.toFixed(0) });
    const ok = await admin.call('POST', '/api/flight/ticket/issue/direct', { ticketId: r.ticketId });
    expect(ok.status).toBe(200);
    const settled = await waitFor(
      () => wallet(walletId),
      (w) => w.debits.length >= 1,
      30_000,
    );
    expect(settled.debits.map((d) => d.business_key)).toEqual([`flight-reservation:${r.id}`]);
    expect(settled.balance.toFixed()).toBe('1000');
  });
});
