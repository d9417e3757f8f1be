import { nextMonthDay, reserveSeat, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import { FlutterwaveReplayServer, type ReplayScenario } from '../support/flutterwave-replay.server';
import type { ErrorAnswer, RestCustomerReservationAnswer, RestFlightOffer, RestTrainPayment } from '../support/rest-bodies';
import { adult, daysAhead } from '../support/flight-client';
import { waitFor } from '../support/wait';

const SECRET = 'FLWSECK_TEST-replay0123456789abcdef-X';
const HASH = 'replay-webhook-secret-hash-0123456789';

type CallbackAnswer = { outcome: string; paymentId: string | null; paymentStatus: string | null };

/**
 * Flutterwave's webhook through the REST route of a stack that takes payments at Flutterwave (its replay server): a
 * genuine callback confirms a customer's SGR payment once; a redelivery, a forged one, a mismatched one and one for
 * nobody's charge confirm nothing; a decline cancels; a charge whose callback never comes is settled by the poller.
 */
describe('payment provider callbacks (Flutterwave replay server, REST webhook)', () => {
  const flutterwave = new FlutterwaveReplayServer(SECRET);
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);

  beforeAll(async () => {
    const apiUrl = await flutterwave.start();
    env = await startTestStack({
      PAYMENTS_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: SECRET,
      FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH,
      FLUTTERWAVE_API_URL: apiUrl,
      PAYMENT_STATUS_POLL_SECONDS: '1',
      PAYMENT_STATUS_POLL_AFTER_SECONDS: '1',
    });
    rider = await FlightClient.create(env.baseUrl, env.stack.platform, 'rider@callbacks.test', 'CUSTOMER');
    trip = await selectExpressTrain(rider, nextMonthDay(9));
  });
  afterAll(async () => {
    await env?.close();
    await flutterwave.close();
  });

  /** A customer's SGR reservation paid by mobile money at Flutterwave, the charge playing `scenario`: PENDING (202). */
  async function pendingPayment(scenario: ReplayScenario = 'success'): Promise<RestTrainPayment> {
    const { paymentReference } = await reserveSeat(rider, trip, trip.seats[cursor++]);
    // The charge's tx_ref is the payment id, which the deposit makes: the scenario is set once it is known (a mobile-money
    // charge starts pending whatever its scenario; the scenario decides what asking about it answers).
    const answer = await rider.call<{ data: RestTrainPayment }>('POST', '/api/trip/train/payments/mobile-money', {
      paymentReference,
      rail: 'MIXX_TZ',
      phoneNumber: '0712345678',
    });
    if (answer.status !== 202) throw new Error(`deposit answered ${answer.status} ${JSON.stringify(answer.body)}`);
    const { paymentId } = answer.body.data;
    flutterwave.scenario(paymentId, scenario);
    const [row] = await sql<{ status: string }>('SELECT status FROM train_payment WHERE id = ?', [paymentId]);
    expect(row.status).toBe('PENDING');
    return answer.body.data;
  }

  const post = (body: string, hash: string | null = HASH) =>
    fetch(`${env.baseUrl}/api/payments/flutterwave/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(hash === null ? {} : { 'verif-hash': hash }) },
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as CallbackAnswer & ErrorAnswer }));
  const statusOf = async (paymentId: string) => (await sql<{ status: string }>('SELECT status FROM train_payment WHERE id = ?', [paymentId]))[0].status;

  it('a genuine callback confirms the payment and settles the reservation; its redelivery confirms nothing again', async () => {
    const { paymentId } = await pendingPayment();
    const body = flutterwave.webhookBody(paymentId);
    const first = await post(body);
    expect(first).toEqual({ status: 200, body: { outcome: 'CONFIRMED', paymentId, paymentStatus: 'CONFIRMED' } });
    const again = await post(body);
    expect(again).toEqual({ status: 200, body: { outcome: 'DUPLICATE', paymentId, paymentStatus: 'CONFIRMED' } });
    const [row] = await sql<{ status: string; attached: number }>('SELECT status, attached_at IS NOT NULL AS attached FROM train_payment WHERE id = ?', [
      paymentId,
    ]);
    expect({ status: row.status, attached: Number(row.attached) }).toEqual({ status: 'CONFIRMED', attached: 1 });
    expect(await sql('SELECT provider_transaction_id FROM payment_callback WHERE charge_reference = ?', [paymentId])).toHaveLength(1);
  });

  it('a callback without the secret hash, or with another, is refused with 401 and confirms nothing', async () => {
    const { paymentId } = await pendingPayment('pending');
    const body = flutterwave.webhookBody(paymentId);
    for (const hash of [null, 'not-the-secret-hash-at-all-000000']) {
      const refused = await post(body, hash);
      expect({ status: refused.status, errorCode: refused.body.errorCode }).toEqual({ status: 401, errorCode: 'PAYMENT_CALLBACK_UNVERIFIED' });
    }
    expect(await statusOf(paymentId)).toBe('PENDING');
  });

  it('a transaction of another amount, or of a reference that is nobody’s, confirms nothing', async () => {
    const { paymentId } = await pendingPayment();
    flutterwave.tamper(paymentId, { amount: '1' });
    expect((await post(flutterwave.webhookBody(paymentId))).body).toEqual({ outcome: 'MISMATCH', paymentId: null, paymentStatus: null });
    expect(await statusOf(paymentId)).toBe('PENDING');

    const stranger = await pendingPayment('pending');
    flutterwave.tamper(stranger.paymentId, { txRef: '00000000-0000-4000-8000-000000000000' });
    const unknown = await post(flutterwave.webhookBody(stranger.paymentId, { tx_ref: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown).toEqual({ status: 200, body: { outcome: 'NOT_OURS', paymentId: null, paymentStatus: null } });
    expect(await statusOf(stranger.paymentId)).toBe('PENDING');
  });

  it('a declined charge cancels the payment with the reason', async () => {
    const { paymentId } = await pendingPayment('insufficient-funds');
    expect((await post(flutterwave.webhookBody(paymentId))).body).toEqual({ outcome: 'DECLINED', paymentId, paymentStatus: 'CANCELLED' });
    const [row] = await sql<{ decline_reason: string }>('SELECT decline_reason FROM train_payment WHERE id = ?', [paymentId]);
    expect(row.decline_reason).toMatch(/^insufficient funds/);
  });

  it('a charge whose callback never comes is confirmed by the status poller', async () => {
    const { paymentId } = await pendingPayment('late');
    const confirmed = await waitFor(
      () => statusOf(paymentId),
      (status) => status === 'CONFIRMED',
      30_000,
    );
    expect(confirmed).toBe('CONFIRMED');
    // A callback arriving afterwards finds it settled.
    expect((await post(flutterwave.webhookBody(paymentId))).body).toMatchObject({ paymentId, paymentStatus: 'CONFIRMED' });
  });

  it('a card payer is given the hosted checkout link; once paid there, the callback confirms the payment', async () => {
    const { paymentReference } = await reserveSeat(rider, trip, trip.seats[cursor++]);
    const card = await rider.call<{ data: RestTrainPayment & { checkoutUrl: string | null } }>('POST', '/api/trip/train/payments/card', {
      paymentReference,
      cardToken: 'tok_unused_at_flutterwave',
    });
    expect({ status: card.status, payment: card.status === 202 ? null : card.body }).toEqual({ status: 202, payment: null });
    const { paymentId, checkoutUrl } = card.body.data;
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.flutterwave\.com\/v3\/hosted\/pay\/\d+$/);
    const [row] = await sql<{ checkout_url: string }>('SELECT checkout_url FROM train_payment WHERE id = ?', [paymentId]);
    expect(row.checkout_url).toBe(checkoutUrl);
    flutterwave.payerSubmits(paymentId);
    expect((await post(flutterwave.webhookBody(paymentId))).body).toEqual({ outcome: 'CONFIRMED', paymentId, paymentStatus: 'CONFIRMED' });
  });

  it('a flight payment by mobile money needs the payer number, sends it to Flutterwave, and is confirmed by its callback', async () => {
    const found = await rider.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', {
      originLocationCode: 'DAR',
      destinationLocationCode: 'ZNZ',
      departureDate: daysAhead(45),
      adults: 1,
      currencyCode: 'TZS',
    });
    expect(found.status).toBe(200);
    const reserved = await rider.call<RestCustomerReservationAnswer>('POST', '/api/flight/reserve', {
      offerReference: found.body.data[0].offerReference,
      passengers: [adult()],
    });
    expect(reserved.status).toBe(201);
    const paymentReference = reserved.body.tickets[0].paymentReference as string;

    const withoutNumber = await rider.call<ErrorAnswer>('POST', '/api/flight/payments', { paymentReference, method: 'MOBILE_MONEY' });
    expect({ status: withoutNumber.status, fields: withoutNumber.body.data?.fields }).toEqual({
      status: 400,
      fields: [{ field: 'phoneNumber', message: expect.stringMatching(/is required for mobile money/) }],
    });
    const landline = await rider.call<ErrorAnswer>('POST', '/api/flight/payments', { paymentReference, method: 'MOBILE_MONEY', phoneNumber: '+255222111111' });
    expect(landline.status).toBe(400);

    const started = await rider.call<{ paymentRequestId: string; status: string; checkoutUrl: string | null }>('POST', '/api/flight/payments', {
      paymentReference,
      method: 'MOBILE_MONEY',
      phoneNumber: '0712 345 678',
    });
    expect({ status: started.status, payment: { status: started.body.status, checkoutUrl: started.body.checkoutUrl } }).toEqual({
      status: 201,
      payment: { status: 'PENDING', checkoutUrl: null },
    });
    const paymentId = started.body.paymentRequestId;
    const charged = flutterwave.requests.find((r) => r.path.startsWith('/v3/charges') && r.body?.tx_ref === paymentId);
    expect(charged?.body).toMatchObject({ phone_number: '255712345678', currency: 'TZS', email: 'rider@callbacks.test' });

    // The train subgraph does not own this charge (NOT_OURS there); the flight subgraph confirms it.
    flutterwave.scenario(paymentId, 'success');
    expect((await post(flutterwave.webhookBody(paymentId))).body).toEqual({ outcome: 'CONFIRMED', paymentId, paymentStatus: 'CONFIRMED' });
  });
});
