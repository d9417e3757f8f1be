import Decimal from 'decimal.js';
import { nextMonthDay, reserveSeat, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestTrainIssuance, RestTrainPayment } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { createRailSimulator } from '../../subgraphs/train/provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from '../../subgraphs/train/provider/simulator/mysql-rail-simulator.repository';
import { TrainReservationRepository } from '../../subgraphs/train/reservations/reservation.repository';
import { TrainPaymentSettlement } from '../../subgraphs/train/payments/train-payment-settlement.service';
import { trainPortsOf } from '../../subgraphs/train/train.wiring';
import { TrainPaymentRepository } from '../../subgraphs/train/payments/train-payment.repository';
import { TrainIssuanceRepository } from '../../subgraphs/train/issuance/train-issuance.repository';
import { trainReservationExpiryJob } from '../../subgraphs/train/jobs/train-reservation-expiry.job';
import { FlutterwaveReplayServer } from '../support/flutterwave-replay.server';

const travelDate = () => nextMonthDay(7);
const SECRET = 'FLWSECK_TEST-replay0123456789abcdef-X';
const HASH = 'replay-webhook-secret-hash-0123456789';

type CallbackAnswer = { outcome: string; paymentId: string | null; paymentStatus: string | null };

/**
 * The one thing that differs between payment providers: how the payer's approval (or refusal) of a charge reaches us.
 * The sandbox approves a card as it is charged and a mobile prompt when the payment service confirms; at Flutterwave
 * (its replay server) the payer settles the charge there and Flutterwave posts the webhook to our route.
 */
interface Provider {
  name: 'sandbox' | 'flutterwave';
  start(): Promise<Record<string, string>>;
  close(): Promise<void>;
  /** Whether a card charge is decided while it is made (201 CONFIRMED / 402) rather than later (202 PENDING). */
  cardDecidedAtCharge: boolean;
  /** The payer approves the charge at the provider; nothing is told to us yet (the sandbox: approved by our confirm call). */
  settle(payment: RestTrainPayment): void;
  /** The payer approves the charge; resolves when the provider's word has reached us. */
  approve(payment: RestTrainPayment, webhook: (body: string) => Promise<{ status: number; body: CallbackAnswer }>): Promise<void>;
  /** The payer refuses the charge (a declined card, a rejected mobile prompt); resolves when the provider will say so. */
  refuse(payment: RestTrainPayment, webhook: (body: string) => Promise<{ status: number; body: CallbackAnswer }>): Promise<void>;
  declinedCardToken: string;
  /** The payer rejects the mobile prompt, which the provider says when asked (the sandbox: any Airtel Tanzania 068… payer). */
  rejectPrompt(payment: RestTrainPayment): void;
  /** What the webhook route answers a callback this platform cannot take. */
  unverifiedCallback: { status: number; errorCode: string };
}

const sandbox: Provider = {
  name: 'sandbox',
  start: async () => ({}),
  close: async () => undefined,
  cardDecidedAtCharge: true,
  settle: () => undefined,
  approve: async () => undefined,
  refuse: async () => undefined,
  declinedCardToken: 'tok_sandbox_declined',
  rejectPrompt: () => undefined,
  unverifiedCallback: { status: 404, errorCode: 'PAYMENT_PROVIDER_NOT_CONFIGURED' },
};

function flutterwaveReplay(): Provider {
  // A charge is pending at Flutterwave until its payer approves it.
  const server = new FlutterwaveReplayServer(SECRET, 'pending');
  const settle = async (payment: RestTrainPayment, scenario: 'success' | 'declined', webhook: Parameters<Provider['approve']>[1]) => {
    server.scenario(payment.paymentId, scenario);
    if (payment.method === 'CARD') server.payerSubmits(payment.paymentId);
    const answer = await webhook(server.webhookBody(payment.paymentId));
    expect({ status: answer.status, outcome: answer.body.outcome }).toEqual({ status: 200, outcome: scenario === 'success' ? 'CONFIRMED' : 'DECLINED' });
  };
  return {
    name: 'flutterwave',
    start: async () => ({
      PAYMENTS_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: SECRET,
      FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH,
      FLUTTERWAVE_API_URL: await server.start(),
    }),
    close: () => server.close(),
    cardDecidedAtCharge: false,
    settle: (payment) => server.scenario(payment.paymentId, 'success'),
    approve: (payment, webhook) => settle(payment, 'success', webhook),
    refuse: (payment, webhook) => settle(payment, 'declined', webhook),
    declinedCardToken: 'tok_unused_at_flutterwave',
    rejectPrompt: (payment) => server.scenario(payment.paymentId, 'declined'),
    unverifiedCallback: { status: 401, errorCode: 'PAYMENT_CALLBACK_UNVERIFIED' },
  };
}

/** SGR customer online payment over REST: quotes, the three deposit operations, confirmation, settlement and issuance. */
describe.each([sandbox, flutterwaveReplay()])('train online payment (REST, $name)', (provider: Provider) => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let rider: FlightClient;
  let otherRider: FlightClient;
  let agent: FlightClient;
  let issuer: FlightClient;
  let admin: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60', ...(await provider.start()) });
    const { platform } = env.stack;
    rider = await FlightClient.create(env.baseUrl, platform, 'rider@pay.test', 'CUSTOMER');
    otherRider = await FlightClient.create(env.baseUrl, platform, 'other@pay.test', 'CUSTOMER');
    agent = await FlightClient.create(env.baseUrl, platform, 'agent@pay.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '1000000' });
    issuer = await FlightClient.create(env.baseUrl, platform, 'issuer@pay.test', 'ISSUER');
    admin = await FlightClient.create(env.baseUrl, platform, 'admin@pay.test', 'ADMIN');
    trip = await selectExpressTrain(rider, travelDate());
  });
  afterAll(async () => {
    await env?.close();
    await provider.close();
  });

  const webhook = (body: string, hash = HASH) =>
    fetch(`${env.baseUrl}/api/payments/flutterwave/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': hash },
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as CallbackAnswer & ErrorAnswer }));
  /** A card payment as the payer leaves it: at the sandbox decided by the charge, elsewhere once the payer has approved. */
  const approvedCard = async (answer: { status: number; body: Paid }) => {
    expect({ status: answer.status, paymentStatus: answer.body.data.status }).toEqual(
      provider.cardDecidedAtCharge ? { status: 201, paymentStatus: 'CONFIRMED' } : { status: 202, paymentStatus: 'PENDING' },
    );
    if (provider.cardDecidedAtCharge) return answer.body.data;
    await provider.approve(answer.body.data, webhook);
    const settled = await confirm(issuer, answer.body.data.paymentId);
    expect(settled.status).toBe(200);
    return settled.body.data;
  };

  const reserve = (client: FlightClient = rider) => reserveSeat(client, trip, trip.seats[cursor++]);
  type Paid = { data: RestTrainPayment };
  const issuance = <T = RestTrainIssuance>(client: FlightClient, ref: string, currency?: string) =>
    client.call<T>('GET', `/api/trip/train/ticket/${ref}/issuance${currency ? `?currency=${encodeURIComponent(currency)}` : ''}`);
  const card = <T = Paid>(client: FlightClient, body: Record<string, unknown>) =>
    client.call<T>('POST', '/api/trip/train/payments/card', { cardToken: 'tok_visa', ...body });
  const mobile = <T = Paid>(client: FlightClient, body: Record<string, unknown>) => client.call<T>('POST', '/api/trip/train/payments/mobile', body);
  const mobileMoney = <T = Paid>(client: FlightClient, body: Record<string, unknown>) => client.call<T>('POST', '/api/trip/train/payments/mobile-money', body);
  const confirm = <T = Paid>(client: FlightClient, id: string) => client.call<T>('POST', `/api/trip/train/payments/${id}/confirm`);
  const reservationStatus = async (ref: string) => (await sql('SELECT status FROM train_reservation WHERE payment_reference = ?', [ref]))[0].status;
  const quotesOf = (answer: { body: RestTrainIssuance }) => answer.body.payable!.quotes;
  const untilIssued = (ref: string) =>
    waitFor(
      () => issuance(rider, ref),
      (r) => r.status === 200 && r.body.issuance.status === 'ISSUED',
      30_000,
    );

  it('GET …/issuance?currency freezes a quote once for the owner; later reads and other callers never move it', async () => {
    const { paymentReference, amount } = await reserve();
    const before = await issuance(rider, paymentReference);
    expect(before.status).toBe(200);
    expect(before.body.payable).toEqual({ baseAmount: amount, baseCurrency: 'TZS', paymentRequired: amount, quotes: [] });

    const first = await issuance(rider, paymentReference, 'usd');
    expect(first.status).toBe(200);
    const quotes = quotesOf(first);
    expect(quotes.map((q) => q.currency)).toEqual(['TZS', 'USD']);
    expect(quotes[0]).toEqual({ amount, currency: 'TZS', exchangeRate: '1' });
    const usd = quotes[1];
    // 2 decimals for USD, from the frozen rate: 1 TZS = 1/2650 USD in the simulated table.
    expect(usd.amount).toBe(new Decimal(amount).times(usd.exchangeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect(new Decimal(usd.exchangeRate).minus(new Decimal(1).div(2650)).abs().lt('1e-12')).toBe(true);
    // KES has no decimals (spec "Limits").
    const kes = quotesOf(await issuance(rider, paymentReference, 'KES')).find((q) => q.currency === 'KES');
    expect(kes!.amount).toMatch(/^\d+$/);

    // Frozen: the stored rate is what every later read answers, even if the table were to change.
    await sql("UPDATE train_payment_quote SET frozen_at = frozen_at WHERE currency = 'USD'");
    expect(quotesOf(await issuance(rider, paymentReference, 'USD')).find((q) => q.currency === 'USD')).toEqual(usd);

    // Only the owner freezes: an administrator may read, but asking for EUR freezes nothing.
    const byAdmin = await issuance(admin, paymentReference, 'EUR');
    expect(byAdmin.status).toBe(200);
    expect(quotesOf(byAdmin).map((q) => q.currency)).toEqual(['TZS', 'USD', 'KES']);
    expect((await issuance(otherRider, paymentReference, 'EUR')).status).toBe(403);

    const unavailable = await issuance<ErrorAnswer>(rider, paymentReference, 'XOF');
    expect(unavailable.status).toBe(422);
    expect(unavailable.body).toMatchObject({ errorCode: 'SGR_PAYMENT_CURRENCY_UNAVAILABLE', data: { currency: 'XOF' } });
    expect(unavailable.body.data.payableCurrencies).toEqual(expect.arrayContaining(['TZS', 'KES', 'UGX', 'USD']));
    expect((await issuance(rider, paymentReference, 'dollars')).status).toBe(400);
  });

  it('card deposit: below the quote, and a fee above 10% of it, are refused; quote plus fee pays, and the tickets are issued', async () => {
    const { paymentReference, amount } = await reserve();
    const quote = quotesOf(await issuance(rider, paymentReference, 'USD')).find((q) => q.currency === 'USD')!.amount;
    const q = new Decimal(quote);

    const below = await card<ErrorAnswer>(rider, { paymentReference, currency: 'USD', total: q.minus('0.01').toFixed(2) });
    expect(below.status).toBe(422);
    expect(below.body).toMatchObject({ errorCode: 'SGR_PAYMENT_AMOUNT_MISMATCH', data: { quote, currency: 'USD' } });
    const tooHigh = await card<ErrorAnswer>(rider, {
      paymentReference,
      currency: 'USD',
      total: q.times('1.1').plus('0.01').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2),
    });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body.errorCode).toBe('SGR_PAYMENT_FEE_TOO_HIGH');
    const badDecimals = await card<ErrorAnswer>(rider, { paymentReference, currency: 'USD', total: '1.234' });
    expect(badDecimals.status).toBe(400);
    expect(badDecimals.body.data.fields).toEqual([{ field: 'total', message: expect.stringContaining('decimal') }]);
    expect(await sql('SELECT id FROM train_payment WHERE payment_reference = ?', [paymentReference])).toEqual([]);

    const total = q.plus('0.75').toFixed(2);
    const paid = { body: { data: await approvedCard(await card(rider, { paymentReference, currency: 'USD', total })) } };
    expect(paid.body.data).toMatchObject({
      paymentReference,
      operation: 'CARD',
      method: 'CARD',
      status: 'CONFIRMED',
      amount: total,
      currency: 'USD',
      quoteAmount: quote,
      processingFee: '0.75',
      paysReservation: true,
      checkoutUrl: provider.cardDecidedAtCharge ? null : expect.stringMatching(/^https:\/\/checkout\.flutterwave\.com\//),
    });
    expect(await reservationStatus(paymentReference)).not.toBe('RESERVED');

    const again = await card(rider, { paymentReference, currency: 'TZS' });
    expect(again.status).toBe(200);
    expect(again.body.data.paymentId).toBe(paid.body.data.paymentId);

    const done = await untilIssued(paymentReference);
    expect(done.body).toMatchObject({
      funding: { source: 'ONLINE_PAYMENT', status: 'ONLINE_PAYMENT_CONFIRMED', walletDebited: false, duplicatePaymentRequiresReview: false },
      payout: { status: 'PAID' },
      issuance: { status: 'ISSUED' },
      payable: { baseAmount: amount, paymentRequired: '0' },
    });
    const [r] = await sql('SELECT id, status FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
    expect(r.status).toBe('ISSUED');
    expect((await sql('SELECT DISTINCT status FROM train_ticket WHERE reservation_id = ?', [r.id])).map((t) => t.status)).toEqual(['ISSUED']);
    expect((await sql("SELECT message_type FROM notification WHERE booking_kind = 'train' AND booking_id = ?", [r.id])).map((n) => n.message_type)).toContain(
      'TICKET',
    );
    // No wallet was touched: customers pay online.
    expect(await sql('SELECT id FROM wallet_entry WHERE business_key = ?', [`train-reservation:${r.id}`])).toEqual([]);
    // A paid reservation takes no new quotes.
    expect(quotesOf(await issuance(rider, paymentReference, 'EUR')).map((x) => x.currency)).toEqual(['TZS', 'USD']);
  });

  it('omitting the amount charges the bare quote; a declined card (402 at the sandbox, a declining callback at Flutterwave) leaves the reservation payable', async () => {
    const { paymentReference, amount } = await reserve();
    const declined = await card<ErrorAnswer & Paid>(rider, { paymentReference, cardToken: provider.declinedCardToken });
    if (provider.cardDecidedAtCharge) {
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ errorCode: 'SGR_PAYMENT_DECLINED', data: { paymentReference, reason: expect.any(String) } });
    } else {
      expect(declined.status).toBe(202);
      await provider.refuse(declined.body.data, webhook);
      const [row] = await sql<{ status: string; decline_reason: string }>('SELECT status, decline_reason FROM train_payment WHERE id = ?', [
        declined.body.data.paymentId,
      ]);
      expect(row).toEqual({ status: 'CANCELLED', decline_reason: expect.stringMatching(/declined/) });
    }
    expect(await reservationStatus(paymentReference)).toBe('RESERVED');

    const paid = { body: { data: await approvedCard(await card(rider, { paymentReference })) } };
    expect(paid.body.data).toMatchObject({ currency: 'TZS', amount, quoteAmount: amount, processingFee: '0', paysReservation: true });
    await untilIssued(paymentReference);
  });

  it('mobile deposit: the payer number must belong to the currency rail; PENDING until the payer approves and the payment service confirms, then issued', async () => {
    const { paymentReference, amount } = await reserve();
    const charge = new Decimal(amount).plus(100).toFixed(0);
    const kenyan = await mobile<ErrorAnswer>(rider, { paymentReference, currency: 'TZS', phoneNumber: '+254712345678' });
    expect(kenyan.status).toBe(422);
    expect(kenyan.body).toMatchObject({
      errorCode: 'SGR_PAYMENT_CURRENCY_UNSUPPORTED_BY_MNO',
      data: { payerCountry: 'KE', currency: 'TZS', mobileMoneyCurrencies: ['KES'] },
    });
    const dollars = await mobile<ErrorAnswer>(rider, { paymentReference, currency: 'USD', phoneNumber: '0712345678' });
    expect(dollars.status).toBe(422);
    expect(dollars.body.errorCode).toBe('SGR_PAYMENT_CURRENCY_UNSUPPORTED_BY_MNO');
    const missing = await mobile<ErrorAnswer>(rider, { paymentReference });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields).toEqual([{ field: 'phoneNumber', message: 'is required (string)' }]);

    const started = await mobile(rider, { paymentReference, phoneNumber: '0712 345 678', amount: charge });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ operation: 'MOBILE', status: 'PENDING', rail: 'MPESA_TZ', processingFee: '100', paysReservation: false });
    const repeat = await mobile(rider, { paymentReference, phoneNumber: '+255712345678', amount: Number(charge) });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.paymentId).toBe(started.body.data.paymentId);
    expect(await reservationStatus(paymentReference)).toBe('RESERVED');

    // Only the payment service or staff record the provider's confirmation.
    expect((await confirm(rider, started.body.data.paymentId)).status).toBe(403);
    expect((await confirm(issuer, 'not-a-uuid')).status).toBe(400);
    expect((await confirm(issuer, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    await provider.approve(started.body.data, webhook);
    const confirmed = await confirm(issuer, started.body.data.paymentId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'CONFIRMED', paysReservation: true, confirmedAt: expect.any(String) });
    const twice = await confirm(admin, started.body.data.paymentId);
    expect(twice.body.data.confirmedAt).toBe(confirmed.body.data.confirmedAt);
    await untilIssued(paymentReference);
  });

  it('mobile-money deposit: rail currency and payer country must match the rail; a new request supersedes a pending one; a rejected prompt is 402', async () => {
    const { paymentReference } = await reserve();
    const wrongCurrency = await mobileMoney<ErrorAnswer>(rider, { paymentReference, currency: 'TZS', rail: 'MPESA_KE', phoneNumber: '+254712345678' });
    expect(wrongCurrency.status).toBe(422);
    expect(wrongCurrency.body).toMatchObject({ errorCode: 'SGR_PAYMENT_CURRENCY_UNSUPPORTED_BY_MNO', data: { rail: 'MPESA_KE', railCurrency: 'KES' } });
    const wrongCountry = await mobileMoney<ErrorAnswer>(rider, { paymentReference, currency: 'TZS', rail: 'MPESA_TZ', phoneNumber: '+254712345678' });
    expect(wrongCountry.status).toBe(422);
    expect(wrongCountry.body).toMatchObject({ errorCode: 'SGR_PAYMENT_CURRENCY_UNSUPPORTED_BY_MNO', data: { payerCountry: 'KE', railCountry: 'TZ' } });
    const unknownRail = await mobileMoney<ErrorAnswer>(rider, { paymentReference, rail: 'MPESA_XX', phoneNumber: '0712345678', total: '5' });
    expect(unknownRail.status).toBe(400);
    expect(unknownRail.body.data.fields.map((f) => f.field)).toEqual(['total', 'rail']);

    // A Kenyan payer pays in KES over M-Pesa Kenya: the KES quote is frozen on first use.
    const kes = await mobileMoney(rider, { paymentReference, currency: 'KES', rail: 'MPESA_KE', phoneNumber: '0712345678' });
    expect(kes.status).toBe(202);
    expect(kes.body.data).toMatchObject({ currency: 'KES', rail: 'MPESA_KE', status: 'PENDING' });
    const rejecting = await mobileMoney(rider, { paymentReference, rail: 'AIRTEL_TZ', phoneNumber: '0682000000' });
    expect(rejecting.status).toBe(202);
    provider.rejectPrompt(rejecting.body.data);
    // The newer request superseded the KES one: it can no longer be confirmed.
    const stale = await confirm<ErrorAnswer>(issuer, kes.body.data.paymentId);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('SGR_PAYMENT_CONFLICT');
    const declined = await confirm<ErrorAnswer>(issuer, rejecting.body.data.paymentId);
    expect(declined.status).toBe(402);
    expect(declined.body.errorCode).toBe('SGR_PAYMENT_DECLINED');
    expect(await reservationStatus(paymentReference)).toBe('RESERVED');
    const [kesQuote] = await sql(
      "SELECT amount FROM train_payment_quote q JOIN train_reservation r ON r.id = q.reservation_id WHERE r.payment_reference = ? AND q.currency = 'KES'",
      [paymentReference],
    );
    expect(kesQuote).toBeDefined();
  });

  it("answers the payer's country: the mobile number's for mobile and mobile-money deposits, none for a card", async () => {
    const mobileBooking = await reserve();
    const prompted = await mobile(rider, { paymentReference: mobileBooking.paymentReference, phoneNumber: '0712345678' });
    expect(prompted.status).toBe(202);
    expect(prompted.body.data.payerCountry).toBe('TZ');
    const kenyan = await mobileMoney(rider, { paymentReference: mobileBooking.paymentReference, currency: 'KES', rail: 'MPESA_KE', phoneNumber: '0712345678' });
    expect(kenyan.body.data.payerCountry).toBe('KE');
    const cardBooking = await reserve();
    const paid = await card(rider, { paymentReference: cardBooking.paymentReference });
    expect(paid.status).toBe(provider.cardDecidedAtCharge ? 201 : 202);
    expect(paid.body.data.payerCountry).toBeNull();
  });

  it('refuses agent reservations, other accounts, unknown references, bad bodies and expired windows', async () => {
    const agentBooking = await reserve(agent);
    const onAgent = await card<ErrorAnswer>(agent, { paymentReference: agentBooking.paymentReference });
    expect(onAgent.status).toBe(409);
    expect(onAgent.body.errorCode).toBe('SGR_RESERVATION_NOT_PAYABLE');

    const { paymentReference } = await reserve();
    expect((await card(otherRider, { paymentReference })).status).toBe(403);
    expect((await card(rider, { paymentReference: 'SGRPNOPE' })).status).toBe(404);
    const bad = await card<ErrorAnswer>(rider, { currency: 12, cardToken: null, amount: '5' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f) => f.field)).toEqual(['paymentReference', 'currency', 'amount', 'cardToken']);
    const noAuth = await fetch(`${env.baseUrl}/api/trip/train/payments/card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noAuth.status).toBe(401);

    await sql('UPDATE train_reservation SET expires_at = ? WHERE payment_reference = ?', [new Date(Date.now() - 1000), paymentReference]);
    const late = await card<ErrorAnswer>(rider, { paymentReference });
    expect(late.status).toBe(410);
    expect(late.body.errorCode).toBe('SGR_RESERVATION_EXPIRED');
    // And no quote is frozen once the window has ended.
    expect((await issuance(rider, paymentReference, 'USD')).body.payable).toMatchObject({ paymentRequired: '0', quotes: [] });
  });

  it('money confirmed after the window closed and the reservation was cancelled is kept for refund, flagged for review, and never revives the booking', async () => {
    const { platform } = env.stack;
    const reservations = new TrainReservationRepository(platform.dataSource);
    const settlement = new TrainPaymentSettlement(
      trainPortsOf(platform),
      reservations,
      new TrainPaymentRepository(platform.dataSource),
      new TrainIssuanceRepository(platform.dataSource),
    );
    const expiry = trainReservationExpiryJob(
      trainPortsOf(platform),
      createRailSimulator({ store: new MysqlRailSimulatorStore(platform.dataSource) }),
      reservations,
      settlement,
    );

    const { paymentReference } = await reserve();
    const pending = await mobile(rider, { paymentReference, phoneNumber: '0712345678' });
    expect(pending.status).toBe(202);
    const [r] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
    await sql('UPDATE train_reservation SET expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), r.id]);
    // The expiry job finds no confirmed evidence (the charge is still pending) and cancels.
    expect(await expiry.process({ reservationId: r.id }, undefined as never)).toEqual({ cancelled: true });

    provider.settle(pending.body.data);
    const late = await confirm(issuer, pending.body.data.paymentId);
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ status: 'REFUND_REQUIRED', paysReservation: false });
    expect(await reservationStatus(paymentReference)).toBe('CANCELLED');
    const view = await issuance(rider, paymentReference);
    expect(view.body.funding).toMatchObject({ source: 'ONLINE_PAYMENT', duplicatePaymentRequiresReview: true });
    expect(view.body.issuance.status).toBe('CANCELLED');
  });

  it('a payment confirmation and the expiry job racing on one reservation: exactly one of them wins', async () => {
    const { platform } = env.stack;
    const reservations = new TrainReservationRepository(platform.dataSource);
    const settlement = new TrainPaymentSettlement(
      trainPortsOf(platform),
      reservations,
      new TrainPaymentRepository(platform.dataSource),
      new TrainIssuanceRepository(platform.dataSource),
    );
    const expiry = trainReservationExpiryJob(
      trainPortsOf(platform),
      createRailSimulator({ store: new MysqlRailSimulatorStore(platform.dataSource) }),
      reservations,
      settlement,
    );
    for (let round = 0; round < 4; round++) {
      const { paymentReference } = await reserve();
      const pending = await mobile(rider, { paymentReference, phoneNumber: '0712345678' });
      const [r] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
      await sql('UPDATE train_reservation SET expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), r.id]);
      provider.settle(pending.body.data);
      const [cancel, confirmation] = await Promise.all([
        expiry.process({ reservationId: r.id }, undefined as never),
        confirm(issuer, pending.body.data.paymentId),
      ]);
      const status = await reservationStatus(paymentReference);
      const [payment] = await sql('SELECT status, attached_at FROM train_payment WHERE id = ?', [pending.body.data.paymentId]);
      if ((cancel as { cancelled?: boolean }).cancelled) {
        expect(status).toBe('CANCELLED');
        expect(payment.status).toBe('REFUND_REQUIRED');
        expect(confirmation.body.data.paysReservation).toBe(false);
      } else {
        expect(['PAID', 'ISSUED']).toContain(status);
        expect(payment.status).toBe('CONFIRMED');
        expect(payment.attached_at).not.toBeNull();
      }
    }
  });

  it('the payment provider webhook refuses a callback it cannot take (sandbox: 404 not configured; Flutterwave: 401 for another hash) and confirms nothing', async () => {
    const { paymentReference } = await reserve();
    const pending = await mobile(rider, { paymentReference, phoneNumber: '0712345678' });
    expect(pending.status).toBe(202);
    const body = JSON.stringify({ event: 'charge.completed', data: { id: 1, tx_ref: pending.body.data.paymentId } });
    const res = await webhook(body, 'anything-at-all-000000000000');
    expect({ status: res.status, errorCode: res.body.errorCode }).toEqual(provider.unverifiedCallback);
    expect((await sql('SELECT status FROM train_payment WHERE id = ?', [pending.body.data.paymentId]))[0].status).toBe('PENDING');
  });
});
