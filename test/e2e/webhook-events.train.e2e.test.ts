import { nextMonthDay, reserveSeat, type SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import { type CallbackReceiver, startCallbackReceiver } from '../support/callback-receiver';
import type { RestTrainIssuance, RestTrainPayment } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { accountIdOf, eventsOf, expectDeliveredSigned, expectRestAnswer, registerEndpoint } from '../support/webhook-events';
import { type HttpsReceiver, startHttpsReceiver } from '../support/https-receiver';
import { trainJobs } from '../../subgraphs/train/train.wiring';

/**
 * The train booking changes each record their webhook event (docs/decisions.md "Webhook events"): driven through the
 * sandbox over REST, then read from webhook_event: its type, its account, and its data as the REST answer of that
 * resource (checked against openapi.json with the contract hook's validator). The issuance events carry the issue
 * request's callbackUrl; a job run twice records its event once.
 */
describe('train webhook events', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let rider: FlightClient;
  let trip: SelectedTrain;
  let hook: CallbackReceiver;
  let cursor = 0;
  let agentId: string;
  let riderId: string;
  let receiver: HttpsReceiver;
  const secrets = new Map<string, string>();
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);
  const events = (accountId: string, type: Parameters<typeof eventsOf>[2]) => eventsOf(env.stack.platform.dataSource, accountId, type);
  const idOf = async (paymentReference: string) =>
    (await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [paymentReference]))[0].id;

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '20', WEBHOOK_ALLOW_PRIVATE: 'true' });
    const { platform } = env.stack;
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@train-events.test', 'THIRD_PARTY_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    rider = await FlightClient.create(env.baseUrl, platform, 'rider@train-events.test', 'CUSTOMER');
    agentId = await accountIdOf(platform.dataSource, 'agent@train-events.test');
    riderId = await accountIdOf(platform.dataSource, 'rider@train-events.test');
    trip = await selectExpressTrain(agent, nextMonthDay(9));
    hook = await startCallbackReceiver();
    receiver = await startHttpsReceiver(undefined, { trusted: true });
    secrets.set(agentId, await registerEndpoint(agent, `${receiver.url}/agent`));
    secrets.set(riderId, await registerEndpoint(rider, `${receiver.url}/rider`));
  });
  afterAll(async () => {
    await hook?.close();
    await receiver?.close();
    await env?.close();
  });

  const reserve = (client: FlightClient, passengerName = 'Asha Mwinyi') => reserveSeat(client, trip, trip.seats[cursor++], { passengerName });
  const issue = (ref: string, callbackUrl: string) => agent.call<RestTrainIssuance>('POST', `/api/trip/train/ticket/${ref}/issue`, { callbackUrl });
  const untilFinal = (ref: string) =>
    waitFor(
      () => agent.call<RestTrainIssuance>('GET', `/api/trip/train/ticket/${ref}/issuance`),
      (r) => r.status === 200 && r.body.issuance.status !== 'ISSUING',
      30_000,
    );

  it('train.reservation.created: the reservation answer of the booking account, once per reservation', async () => {
    const reserved = await reserve(agent);
    const created = (await events(agentId, 'train.reservation.created')).filter((e) => e.data.paymentReference === reserved.paymentReference);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ accountId: agentId, callbackUrl: null });
    expectRestAnswer('POST', '/api/trip/train/seat/reserve', 200, { data: created[0].data });
    const { paymentWindow: answered, ...rest } = reserved.data;
    const { paymentWindow, ...recorded } = created[0].data as unknown as typeof reserved.data;
    expect(recorded).toEqual(rest);
    expect(paymentWindow.expiresAt).toBe(answered.expiresAt);
  });

  it('train.issuance.issued: the GET …/issuance body without payable, with the callbackUrl as its one-off target', async () => {
    const { paymentReference } = await reserve(agent);
    const callbackUrl = `${hook.url}/issued/${paymentReference}`;
    expect((await issue(paymentReference, callbackUrl)).status).toBe(202);
    const done = await untilFinal(paymentReference);
    expect(done.body.issuance.status).toBe('ISSUED');
    const issued = (await events(agentId, 'train.issuance.issued')).filter((e) => e.data.paymentReference === paymentReference);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ accountId: agentId, callbackUrl });
    expectRestAnswer('GET', '/api/trip/train/ticket/{paymentReference}/issuance', 200, issued[0].data);
    const { payable, ...status } = done.body;
    expect(payable).toBeDefined();
    expect(issued[0].data).toEqual(status);
  });

  it('train.issuance.payout_rejected: the final payout rejection, with its failure, to the callbackUrl too', async () => {
    const { paymentReference } = await reserve(agent, 'PAYOUTFAIL');
    const callbackUrl = `${hook.url}/rejected/${paymentReference}`;
    expect((await issue(paymentReference, callbackUrl)).status).toBe(202);
    const done = await untilFinal(paymentReference);
    expect(done.body.issuance.status).toBe('PAYOUT_REJECTED');
    const rejected = (await events(agentId, 'train.issuance.payout_rejected')).filter((e) => e.data.paymentReference === paymentReference);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ callbackUrl, data: { issuance: { status: 'PAYOUT_REJECTED' }, failure: { stage: 'PAYOUT' } } });
    expectRestAnswer('GET', '/api/trip/train/ticket/{paymentReference}/issuance', 200, rejected[0].data);
    expect((await events(agentId, 'train.issuance.issued')).filter((e) => e.data.paymentReference === paymentReference)).toHaveLength(0);
  });

  it("train.payment.confirmed: a customer's card payment as its confirmation answers it, to the customer's account", async () => {
    const { paymentReference } = await reserve(rider);
    expect((await events(riderId, 'train.reservation.created')).some((e) => e.data.paymentReference === paymentReference)).toBe(true);
    const paid = await rider.call<{ data: RestTrainPayment }>('POST', '/api/trip/train/payments/card', { cardToken: 'tok_visa', paymentReference });
    expect(paid.status).toBe(201);
    const confirmed = (await events(riderId, 'train.payment.confirmed')).filter((e) => e.data.paymentReference === paymentReference);
    expect(confirmed).toHaveLength(1);
    expectRestAnswer('POST', '/api/trip/train/payments/{paymentId}/confirm', 200, { data: confirmed[0].data });
    expect(confirmed[0].data).toEqual(paid.body.data);
    expect(confirmed[0].data).toMatchObject({ status: 'CONFIRMED', paysReservation: true });
  });

  it('train.reservation.expired: the expiry job run twice records it once; an unexpired reservation records nothing', async () => {
    const expiry = trainJobs(env.stack.platform).find((job) => job.name === 'train-reservation-expiry')!;
    const { paymentReference } = await reserve(rider);
    const id = await idOf(paymentReference);
    // Not due yet: the job changes nothing, so nothing is recorded.
    expect(await expiry.process({ reservationId: id }, undefined as never)).toMatchObject({ cancelled: false });
    await sql('UPDATE train_reservation SET expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), id]);
    expect(await expiry.process({ reservationId: id }, undefined as never)).toEqual({ cancelled: true });
    expect(await expiry.process({ reservationId: id }, undefined as never)).toMatchObject({ cancelled: false });
    const expired = (await events(riderId, 'train.reservation.expired')).filter((e) => e.data.paymentReference === paymentReference);
    expect(expired).toHaveLength(1);
    expect(expired[0].accountId).toBe(riderId);
    expectRestAnswer('POST', '/api/trip/train/seat/reserve', 200, { data: expired[0].data });
    expect(expired[0].data).toMatchObject({ paymentReference, paymentWindow: { expiresInMinutes: 0 } });
  });

  it("every event recorded above reached its account's HTTPS endpoint, signed with its secret, as the recorded envelope", async () => {
    const types = new Set<string>();
    for (const accountId of [agentId, riderId]) {
      for (const type of await expectDeliveredSigned(receiver, await events(accountId, undefined), secrets.get(accountId)!)) types.add(type);
    }
    expect([...types].sort()).toEqual(
      ['train.issuance.issued', 'train.issuance.payout_rejected', 'train.payment.confirmed', 'train.reservation.created', 'train.reservation.expired'].sort(),
    );
  });
});
