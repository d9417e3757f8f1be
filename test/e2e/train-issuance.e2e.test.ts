import { CallbackReceiver, startCallbackReceiver } from '../support/callback-receiver';
import { nextMonthDay, reserveSeat, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestTrainIssuance } from '../support/rest-bodies';
import { waitFor } from '../support/wait';

const travelDate = () => nextMonthDay(6);

const DATE = travelDate();

/** POST /api/trip/train/ticket/{paymentReference}/issue and GET …/issuance end to end against the SGR simulator. */
describe('train agent issuance (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let otherAgent: FlightClient;
  let poor: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  let hook: CallbackReceiver;
  let hookUrl: string;
  let received: CallbackReceiver['received'];
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60', SGR_CALLBACK_ALLOW_PRIVATE: 'true' });
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'agent@issue.test', 'THIRD_PARTY_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    otherAgent = await FlightClient.create(env.baseUrl, env.stack.platform, 'other@issue.test', 'THIRD_PARTY_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    poor = await FlightClient.create(env.baseUrl, env.stack.platform, 'poor@issue.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000' });
    trip = await selectExpressTrain(agent, DATE);
    hook = await startCallbackReceiver();
    hookUrl = hook.url;
    received = hook.received;
  });
  afterAll(async () => {
    await hook.close();
    await env.close();
  });

  /** search → details → hold → reserve: one adult, DAR–DOD economy (the fare plus the channel's commission). */
  async function reserve(client: FlightClient, passengerName = 'Asha Mwinyi'): Promise<{ paymentReference: string; id: string; amount: string }> {
    const { paymentReference, amount } = await reserveSeat(client, trip, trip.seats[cursor++], { passengerName });
    const [row] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
    return { paymentReference, id: row.id, amount };
  }

  type Issued = RestTrainIssuance;
  const issue = <T = Issued>(client: FlightClient, ref: string, body: unknown = {}) => client.call<T>('POST', `/api/trip/train/ticket/${ref}/issue`, body);
  const status = (client: FlightClient, ref: string) => client.call<Issued>('GET', `/api/trip/train/ticket/${ref}/issuance`);
  const walletOf = async (email: string) =>
    (await sql<{ id: string; balance: string }>('SELECT w.id, w.balance FROM wallet w JOIN account a ON a.id = w.account_id WHERE a.email = ?', [email]))[0];
  const debits = async (reservationId: string) =>
    sql("SELECT amount FROM wallet_entry WHERE business_key = ? AND kind = 'DEBIT'", [`train-reservation:${reservationId}`]);
  const untilFinal = (client: FlightClient, ref: string) =>
    waitFor(
      () => status(client, ref),
      (r) => r.status === 200 && r.body.issuance.status !== 'ISSUING',
      30_000,
    );

  it('agent issue: 202 admitted, then ISSUED with the wallet debited once; a repeat answers 202 without a second debit', async () => {
    const { paymentReference, id, amount } = await reserve(agent);
    expect(amount).toBe('42000');
    const before = await walletOf('agent@issue.test');
    const res = await issue(agent, paymentReference, { callbackUrl: `${hookUrl}/hook/ok` });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      paymentReference,
      funding: { source: 'AGENT_WALLET', status: 'AGENT_WALLET_ADMITTED', walletDebited: false, duplicatePaymentRequiresReview: false },
      issuance: { status: 'ISSUING', internalExpiresAt: expect.any(String), providerExpiresAt: expect.any(String) },
    });
    expect(res.body.failure).toBeUndefined();

    const done = await untilFinal(agent, paymentReference);
    expect(done.body).toMatchObject({
      funding: { status: 'AGENT_WALLET_DEBITED', walletDebited: true },
      payout: { status: 'PAID' },
      issuance: { status: 'ISSUED' },
    });
    expect(done.body.failure).toBeUndefined();
    expect((await debits(id)).map((d) => Number(d.amount))).toEqual([42000]);
    expect(Number((await walletOf('agent@issue.test')).balance)).toBe(Number(before.balance) - 42000);
    expect((await sql('SELECT DISTINCT status FROM train_ticket WHERE reservation_id = ?', [id])).map((t) => t.status)).toEqual(['ISSUED']);
    expect((await sql('SELECT status FROM train_reservation WHERE id = ?', [id]))[0].status).toBe('ISSUED');
    const notes = await sql("SELECT message_type FROM notification WHERE booking_kind = 'train' AND booking_id = ?", [id]);
    expect(notes.map((n) => n.message_type)).toContain('TICKET');

    // The callback is the train.issuance.issued event, its data the issuance status.
    const hit = await waitFor(
      async () => received.filter((r) => r.path === '/hook/ok'),
      (r) => r.length > 0,
      20_000,
    );
    expect(hit[0].body).toMatchObject({
      type: 'train.issuance.issued',
      data: { paymentReference, issuance: { status: 'ISSUED' }, funding: { walletDebited: true } },
    });

    const again = await issue(agent, paymentReference, { callbackUrl: `${hookUrl}/hook/ok` });
    expect(again.status).toBe(202);
    expect(again.body.issuance.status).toBe('ISSUED');
    const different = await issue<ErrorAnswer>(agent, paymentReference, { callbackUrl: `${hookUrl}/hook/other` });
    expect(different.status).toBe(409);
    expect(different.body.errorCode).toBe('SGR_ISSUANCE_CALLBACK_CONFLICT');
    await new Promise((r) => setTimeout(r, 500));
    expect(await debits(id)).toHaveLength(1);
    expect(received.filter((r) => r.path === '/hook/ok')).toHaveLength(1);
  });

  it('another agent gets 403; an unknown reference 404', async () => {
    const { paymentReference } = await reserve(agent);
    const res = await issue(otherAgent, paymentReference);
    expect(res.status).toBe(403);
    expect((await status(otherAgent, paymentReference)).status).toBe(403);
    expect((await issue(agent, 'SGRPNOSUCHREF22')).status).toBe(404);
    const s = await status(agent, paymentReference);
    expect(s.status).toBe(200);
    expect(s.body.issuance.status).toBe('NOT_STARTED');
  });

  it('402 SGR_AGENT_INSUFFICIENT_BALANCE claims nothing; after a top-up the same call is accepted', async () => {
    const { paymentReference, id, amount } = await reserve(poor);
    expect(Number(amount)).toBeGreaterThan(1000);
    const res = await issue<ErrorAnswer>(poor, paymentReference);
    expect(res.status).toBe(402);
    expect(res.body.errorCode).toBe('SGR_AGENT_INSUFFICIENT_BALANCE');
    expect((await sql('SELECT status FROM train_reservation WHERE id = ?', [id]))[0].status).toBe('RESERVED');
    expect(await sql('SELECT 1 FROM train_issuance WHERE reservation_id = ?', [id])).toHaveLength(0);
    expect((await status(poor, paymentReference)).body.funding.status).toBe('AWAITING_FUNDS');

    const wallet = await walletOf('poor@issue.test');
    await env.stack.platform.ledger.credit(wallet.id, { businessKey: `topup:${id}`, amount: '100000' });
    const ok = await issue(poor, paymentReference);
    expect(ok.status).toBe(202);
    expect(ok.body.funding.status).toBe('AGENT_WALLET_ADMITTED');
    const done = await untilFinal(poor, paymentReference);
    expect(done.body.issuance.status).toBe('ISSUED');
    expect((await debits(id)).map((d) => Number(d.amount))).toEqual([Number(amount)]);
  });

  it('PAYOUTFAIL: PAYOUT_REJECTED with the failure, no debit', async () => {
    const { paymentReference, id } = await reserve(agent, 'PAYOUTFAIL');
    const res = await issue(agent, paymentReference);
    expect(res.status).toBe(202);
    const done = await untilFinal(agent, paymentReference);
    expect(done.body).toMatchObject({
      funding: { walletDebited: false },
      payout: { status: 'REJECTED' },
      issuance: { status: 'PAYOUT_REJECTED' },
      failure: { stage: 'PAYOUT', code: 'SGR-5002', retryable: false, action: 'CONTACT_SUPPORT' },
    });
    expect(await debits(id)).toHaveLength(0);
    // A repeat reports the outcome and admits nothing again.
    const again = await issue(agent, paymentReference);
    expect(again.status).toBe(202);
    expect(again.body.issuance.status).toBe('PAYOUT_REJECTED');
  });

  it('a callback URL that reaches our own network is refused with 400 when it is given, in every spelling', async () => {
    const { paymentReference, id } = await reserve(agent);
    const config = env.stack.platform.config.train as { callbackAllowPrivate: boolean };
    const port = new URL(hookUrl).port;
    config.callbackAllowPrivate = false;
    try {
      const spellings = [
        'http://example.com/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://10.0.0.8/hook',
        `https://[::7f00:1]:${port}/hook/refused`,
        `https://[::ffff:127.0.0.1]:${port}/hook/refused`,
        `https://LOCALHOST.:${port}/hook/refused`,
        `https://localhost:${port}/hook/refused`,
        `https://2130706433:${port}/hook/refused`,
      ];
      for (const callbackUrl of spellings) {
        const res = await issue<ErrorAnswer>(agent, paymentReference, { callbackUrl });
        expect({ callbackUrl, status: res.status, errorCode: res.body.errorCode }).toEqual({ callbackUrl, status: 400, errorCode: 'SGR_CALLBACK_URL_INVALID' });
        expect(res.body.data).toEqual({ field: 'callbackUrl' });
      }
      expect(await sql('SELECT 1 FROM train_issuance WHERE reservation_id = ?', [id])).toHaveLength(0);
      expect(received.filter((r) => r.path === '/hook/refused')).toHaveLength(0);
    } finally {
      config.callbackAllowPrivate = true;
    }
  });
});
