import { nextMonthDay, reserveSeat, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { CallbackReceiver, startCallbackReceiver } from '../support/callback-receiver';
import { FlightClient } from '../support/flight-client';
import type { RestTrainIssuance } from '../support/rest-bodies';
import { waitFor } from '../support/wait';

const travelDate = () => nextMonthDay(8);

const DATE = travelDate();
/** What a third-party agent pays for one adult DAR–DOD economy seat (see train-issuance.e2e). */
const TICKET = 42000;

/**
 * The issuance outcomes train-issuance.e2e does not reach, over REST (POST …/ticket/{paymentReference}/issue and
 * GET …/issuance): a payout that fails once and is retried, the rest of a definite payout rejection (released
 * admission, reservation, the payout_rejected event to the callbackUrl), a refused issue after the payout (ISSUE_FAILED) and an expired window.
 * The issuance job's retries use the queue's default backoff (2 s first), so PAYOUTRETRY settles in seconds.
 */
describe('train agent issuance: the other states (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  let hook: CallbackReceiver;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '20', SGR_CALLBACK_ALLOW_PRIVATE: 'true' });
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'agent@states.test', 'THIRD_PARTY_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    trip = await selectExpressTrain(agent, DATE);
    hook = await startCallbackReceiver();
  });
  afterAll(async () => {
    await hook?.close();
    await env.close();
  });

  /** One adult on the next free seat: 200 from reserve. */
  async function reserve(client: FlightClient, passengerName = 'Asha Mwinyi'): Promise<{ paymentReference: string; id: string; pnr: string }> {
    const { paymentReference, data } = await reserveSeat(client, trip, trip.seats[cursor++], { passengerName });
    const [row] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
    return { paymentReference, id: row.id, pnr: data.reservation.pnr };
  }

  type Issued = RestTrainIssuance;
  const issue = (client: FlightClient, ref: string, body: unknown = {}) => client.call<Issued>('POST', `/api/trip/train/ticket/${ref}/issue`, body);
  const status = (client: FlightClient, ref: string) => client.call<Issued>('GET', `/api/trip/train/ticket/${ref}/issuance`);
  const debits = async (reservationId: string) =>
    sql("SELECT amount FROM wallet_entry WHERE business_key = ? AND kind = 'DEBIT'", [`train-reservation:${reservationId}`]);
  const balanceOf = async (email: string) =>
    Number((await sql('SELECT w.balance FROM wallet w JOIN account a ON a.id = w.account_id WHERE a.email = ?', [email]))[0].balance);
  const reservationStatus = async (id: string) => (await sql('SELECT status FROM train_reservation WHERE id = ?', [id]))[0].status;
  const ticketStatuses = async (id: string) => (await sql('SELECT DISTINCT status FROM train_ticket WHERE reservation_id = ?', [id])).map((t) => t.status);
  const issuanceJobs = async (id: string) => sql("SELECT 1 FROM outbox_message WHERE job_name = 'train-issuance' AND payload LIKE ?", [`%${id}%`]);
  /** Polls GET …/issuance until the job reached a final state; `seen` collects every payout status read on the way. */
  const untilFinal = (client: FlightClient, ref: string, seen: string[] = []) =>
    waitFor(
      async () => {
        const res = await status(client, ref);
        if (res.status === 200) seen.push(res.body.payout.status);
        return res;
      },
      (r) => r.status === 200 && r.body.issuance.status !== 'ISSUING',
      30_000,
    );

  it('PAYOUTRETRY: the first payout fails retryable (SGR-5031), the retried job pays and issues with exactly one debit', async () => {
    const { paymentReference, id, pnr } = await reserve(agent, 'PAYOUTRETRY');
    const before = await balanceOf('agent@states.test');
    const res = await issue(agent, paymentReference);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ funding: { status: 'AGENT_WALLET_ADMITTED', walletDebited: false }, issuance: { status: 'ISSUING' } });

    const seen: string[] = [];
    const done = await untilFinal(agent, paymentReference, seen);
    expect(done.body).toMatchObject({
      funding: { source: 'AGENT_WALLET', status: 'AGENT_WALLET_DEBITED', walletDebited: true },
      payout: { status: 'PAID' },
      issuance: { status: 'ISSUED' },
    });
    expect(done.body.failure).toBeUndefined();
    // RETRYING shows between the attempts only if a poll lands there; nothing else may.
    expect(seen.every((s) => ['PENDING', 'RETRYING', 'PAID'].includes(s))).toBe(true);
    // The simulator counts payouts of this PNR: one refused, one paid.
    expect(Number((await sql('SELECT hits FROM rail_sim_trigger WHERE trigger_name = ?', [`payout-retry|${pnr}`]))[0].hits)).toBe(2);
    expect((await debits(id)).map((d) => Number(d.amount))).toEqual([TICKET]);
    expect(await balanceOf('agent@states.test')).toBe(before - TICKET);
    expect(await reservationStatus(id)).toBe('ISSUED');
    expect(await ticketStatuses(id)).toEqual(['ISSUED']);
    expect((await sql('SELECT last_error FROM train_issuance WHERE reservation_id = ?', [id]))[0].last_error).toBeNull();
  });

  it('PAYOUTFAIL: admission released (funds the next issue), reservation RESERVED again, callback with the failure; a repeat only reports', async () => {
    // Enough for one ticket only: the second issue below is admitted only if the rejected one no longer holds funds.
    const tight = await FlightClient.create(env.baseUrl, env.stack.platform, 'tight@states.test', 'THIRD_PARTY_AGENT', {
      currency: 'TZS',
      openingBalance: '50000',
    });
    const rejected = await reserve(tight, 'PAYOUTFAIL');
    const next = await reserve(tight);
    const callbackUrl = `${hook.url}/hook/rejected`;
    expect((await issue(tight, rejected.paymentReference, { callbackUrl })).status).toBe(202);

    const done = await untilFinal(tight, rejected.paymentReference);
    const failure = { stage: 'PAYOUT', code: 'SGR-5002', retryable: false, action: 'CONTACT_SUPPORT' };
    expect(done.body).toMatchObject({
      funding: { source: 'AGENT_WALLET', status: 'AGENT_WALLET_RELEASED', walletDebited: false },
      payout: { status: 'REJECTED' },
      issuance: { status: 'PAYOUT_REJECTED' },
      failure,
    });
    expect(await reservationStatus(rejected.id)).toBe('RESERVED');
    expect(await ticketStatuses(rejected.id)).toEqual(['RESERVED']);
    expect(await debits(rejected.id)).toHaveLength(0);

    // The callback is the train.issuance.payout_rejected event, its data the issuance status as GET …/issuance shows it
    // (without `payable`: the quotes are GET's).
    const hits = await waitFor(
      async () => hook.received.filter((r) => r.path === '/hook/rejected'),
      (r) => r.length > 0,
      20_000,
    );
    const { paymentReference, funding, payout, issuance } = done.body;
    expect(hits[0].body).toMatchObject({ type: 'train.issuance.payout_rejected', data: { paymentReference, funding, payout, issuance, failure } });
    // The receiver has the body before the job records the delivery: wait for the record.
    const delivered = await waitFor(
      async () => (await sql('SELECT d.status FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id WHERE e.callback_url = ?', [callbackUrl]))[0],
      (r) => r?.status === 'DELIVERED',
      20_000,
    );
    expect(delivered.status).toBe('DELIVERED');

    // A repeat (same callback) reports the outcome: nothing admitted, queued or debited again.
    const again = await issue(tight, rejected.paymentReference, { callbackUrl });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({
      funding: { status: 'AGENT_WALLET_RELEASED', walletDebited: false },
      issuance: { status: 'PAYOUT_REJECTED' },
      failure,
    });
    expect(await issuanceJobs(rejected.id)).toHaveLength(1);
    expect(await reservationStatus(rejected.id)).toBe('RESERVED');

    const funded = await issue(tight, next.paymentReference);
    expect(funded.status).toBe(202);
    expect((await untilFinal(tight, next.paymentReference)).body.issuance.status).toBe('ISSUED');
    expect(await balanceOf('tight@states.test')).toBe(50000 - TICKET);
    expect(await debits(rejected.id)).toHaveLength(0);
    expect(hook.received.filter((r) => r.path === '/hook/rejected')).toHaveLength(1);
  });

  it('ISSUEFAIL: paid out, then the provider refuses to issue: ISSUE_FAILED with the failure, no debit, the callbackUrl told; a repeat only reports', async () => {
    const { paymentReference, id } = await reserve(agent, 'ISSUEFAIL');
    const before = await balanceOf('agent@states.test');
    const callbackUrl = `${hook.url}/hook/issue-failed`;
    expect((await issue(agent, paymentReference, { callbackUrl })).status).toBe(202);
    const done = await untilFinal(agent, paymentReference);
    const failure = { stage: 'ISSUE', code: 'SGR-4096', retryable: false, action: 'CONTACT_SUPPORT' };
    expect(done.body).toMatchObject({
      funding: { source: 'AGENT_WALLET', status: 'AGENT_WALLET_ADMITTED', walletDebited: false },
      payout: { status: 'PAID' },
      issuance: { status: 'ISSUE_FAILED' },
      failure,
    });
    expect(await debits(id)).toHaveLength(0);
    expect(await balanceOf('agent@states.test')).toBe(before);
    expect(await reservationStatus(id)).toBe('PAID');
    expect(await ticketStatuses(id)).toEqual(['RESERVED']);

    // The agent waiting on its callbackUrl hears of the failure too: train.issuance.failed, data the issuance status.
    const hits = await waitFor(
      async () => hook.received.filter((r) => r.path === '/hook/issue-failed'),
      (r) => r.length > 0,
      20_000,
    );
    expect(hits[0].body).toMatchObject({ type: 'train.issuance.failed', data: { paymentReference, issuance: { status: 'ISSUE_FAILED' }, failure } });

    const again = await issue(agent, paymentReference, { callbackUrl });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ issuance: { status: 'ISSUE_FAILED' }, failure });
    expect(await issuanceJobs(id)).toHaveLength(1);
  });

  it('a reservation past its payment window: 410 SGR_RESERVATION_EXPIRED, nothing admitted', async () => {
    const { paymentReference, id } = await reserve(agent);
    await sql('UPDATE train_reservation SET expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), id]);
    const res = await issue(agent, paymentReference);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ errorCode: 'SGR_RESERVATION_EXPIRED', data: { paymentReference } });
    expect(await sql('SELECT 1 FROM train_issuance WHERE reservation_id = ?', [id])).toHaveLength(0);
    expect((await status(agent, paymentReference)).body).toMatchObject({ funding: { status: 'AWAITING_FUNDS' }, issuance: { status: 'NOT_STARTED' } });
  });
});
