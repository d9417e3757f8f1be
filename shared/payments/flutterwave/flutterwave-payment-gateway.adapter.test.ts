import { FlutterwaveReplayServer } from '../../../test/support/flutterwave-replay.server';
import type { ChargeRequest } from '../payment-gateway.port';
import { FlutterwavePaymentGateway, parseExact } from './flutterwave-payment-gateway.adapter';

const SECRET = 'FLWSECK_TEST-replay0123456789abcdef-X';

describe('FlutterwavePaymentGateway against the replay server', () => {
  const server = new FlutterwaveReplayServer(SECRET);
  let gateway: FlutterwavePaymentGateway;
  let seq = 0;

  beforeAll(async () => {
    const apiUrl = await server.start();
    gateway = new FlutterwavePaymentGateway({ secretKey: SECRET, apiUrl, redirectUrl: 'https://safiri.example/paid', timeoutMs: 500, testMode: true });
  });
  afterAll(() => server.close());

  function mobileMoney(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
    return {
      idempotencyKey: `pay-${++seq}`,
      reference: 'SGR7QX2M9A',
      amount: '25000.50',
      currency: 'TZS',
      method: 'MOBILE_MONEY',
      payer: { phone: '255712345678', rail: 'MPESA_TZ', email: 'payer@example.com' },
      ...overrides,
    };
  }

  it('pushes a Tanzanian mobile-money charge (pending), then confirms it on a status query with the exact amount', async () => {
    const request = mobileMoney();
    const charge = await gateway.createCharge(request);
    expect(charge).toEqual({ providerReference: request.idempotencyKey, status: 'PENDING' });
    const sent = server.requests.find((r) => r.method === 'POST' && r.body?.tx_ref === request.idempotencyKey)!;
    expect(sent.path).toBe('/v3/charges?type=mobile_money_tanzania');
    expect(sent.authorization).toBe(`Bearer ${SECRET}`);
    // The amount goes as its decimal text, never through a float.
    expect(sent.body).toMatchObject({
      amount: '25000.50',
      currency: 'TZS',
      email: 'payer@example.com',
      phone_number: '255712345678',
      meta: { reference: 'SGR7QX2M9A' },
    });
    expect(await gateway.chargeStatus(charge.providerReference)).toEqual({
      providerReference: request.idempotencyKey,
      status: 'CONFIRMED',
      charged: { amount: '25000.50', currency: 'TZS' },
    });
  });

  it('answers a repeat with the same idempotency key from the charge already made, never a second charge', async () => {
    const request = mobileMoney();
    await gateway.createCharge(request);
    const again = await gateway.createCharge(request);
    expect(again.status).toBe('CONFIRMED');
    expect(server.requests.filter((r) => r.method === 'POST' && r.body?.tx_ref === request.idempotencyKey)).toHaveLength(1);
  });

  it('sends the network Flutterwave requires for Uganda', async () => {
    const request = mobileMoney({ currency: 'UGX', amount: '50000', payer: { phone: '256772123456', rail: 'AIRTEL_UG', email: 'payer@example.com' } });
    expect((await gateway.createCharge(request)).status).toBe('PENDING');
    const sent = server.requests.find((r) => r.method === 'POST' && r.body?.tx_ref === request.idempotencyKey)!;
    expect(sent.path).toBe('/v3/charges?type=mobile_money_uganda');
    expect(sent.body).toMatchObject({ network: 'AIRTEL', currency: 'UGX' });
  });

  it.each([
    ['declined', /^declined: Transaction declined by the issuer$/],
    ['insufficient-funds', /^insufficient funds: /],
    ['payer-cancelled', /^cancelled by the payer: /],
    ['timeout', /^timeout: /],
  ] as const)('maps the %s outcome to DECLINED with its reason', async (scenario, reason) => {
    const request = mobileMoney();
    server.scenario(request.idempotencyKey, scenario);
    expect((await gateway.createCharge(request)).status).toBe('PENDING');
    const status = await gateway.chargeStatus(request.idempotencyKey);
    expect(status).toMatchObject({ status: 'DECLINED', declineReason: expect.stringMatching(reason) });
    expect(status.charged).toBeUndefined();
  });

  it('keeps a late charge PENDING until Flutterwave reports it successful', async () => {
    const request = mobileMoney();
    server.scenario(request.idempotencyKey, 'late');
    await gateway.createCharge(request);
    // The replay answers pending twice, then successful.
    expect((await gateway.chargeStatus(request.idempotencyKey)).status).toBe('PENDING');
    expect((await gateway.chargeStatus(request.idempotencyKey)).status).toBe('PENDING');
    expect((await gateway.chargeStatus(request.idempotencyKey)).status).toBe('CONFIRMED');
  });

  it('declines a charge Flutterwave refuses outright, with its message', async () => {
    const request = mobileMoney();
    server.scenario(request.idempotencyKey, 'refused');
    expect(await gateway.createCharge(request)).toEqual({
      providerReference: request.idempotencyKey,
      status: 'DECLINED',
      declineReason: 'declined: Invalid phone number',
    });
  });

  it('takes a card through the hosted checkout: PENDING with its link, no transaction until the payer submits', async () => {
    const request = mobileMoney({ method: 'CARD', currency: 'USD', amount: '120.00', payer: { email: 'payer@example.com' } });
    const charge = await gateway.createCharge(request);
    expect(charge).toMatchObject({ status: 'PENDING', checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.flutterwave\.com\//) });
    const sent = server.requests.find((r) => r.path === '/v3/payments' && r.body?.tx_ref === request.idempotencyKey)!;
    expect(sent.body).toMatchObject({
      amount: '120.00',
      currency: 'USD',
      redirect_url: 'https://safiri.example/paid',
      payment_options: 'card',
      customer: { email: 'payer@example.com' },
    });
    expect((await gateway.chargeStatus(request.idempotencyKey)).status).toBe('PENDING');
    server.payerSubmits(request.idempotencyKey);
    expect(await gateway.chargeStatus(request.idempotencyKey)).toMatchObject({ status: 'CONFIRMED', charged: { amount: '120.00', currency: 'USD' } });
  });

  it('reports a hosted card checkout the payer cancelled as cancelled by the payer', async () => {
    const request = mobileMoney({ method: 'CARD', currency: 'USD', amount: '80', payer: { email: 'payer@example.com' } });
    server.scenario(request.idempotencyKey, 'payer-cancelled');
    await gateway.createCharge(request);
    server.payerSubmits(request.idempotencyKey);
    expect(await gateway.chargeStatus(request.idempotencyKey)).toMatchObject({
      status: 'DECLINED',
      declineReason: 'cancelled by the payer: Customer cancelled the payment',
    });
  });

  it('turns a provider that does not answer into UNAVAILABLE', async () => {
    const request = mobileMoney();
    server.scenario(request.idempotencyKey, 'hang');
    await expect(gateway.createCharge(request)).rejects.toMatchObject({ name: 'PaymentGatewayError', code: 'UNAVAILABLE' });
  });

  it('turns a refused key and an unreachable provider into UNAVAILABLE', async () => {
    const wrongKey = new FlutterwavePaymentGateway({
      secretKey: 'FLWSECK_TEST-wrong',
      apiUrl: (gateway as unknown as { config: { apiUrl: string } }).config.apiUrl,
      redirectUrl: 'https://x.example',
      timeoutMs: 500,
      testMode: true,
    });
    await expect(wrongKey.chargeStatus('pay-1')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/refused our key/) });
    const down = new FlutterwavePaymentGateway({
      secretKey: SECRET,
      apiUrl: 'http://127.0.0.1:9',
      redirectUrl: 'https://x.example',
      timeoutMs: 500,
      testMode: true,
    });
    await expect(down.chargeStatus('pay-1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('refuses a method or a rail Flutterwave does not charge', async () => {
    await expect(gateway.createCharge(mobileMoney({ method: 'CARD_DECLINED' }))).rejects.toMatchObject({ code: 'UNKNOWN_CHARGE' });
    await expect(gateway.createCharge(mobileMoney({ payer: { phone: '255712345678', rail: 'NOPE', email: 'a@b.c' } }))).rejects.toMatchObject({
      code: 'UNKNOWN_CHARGE',
    });
  });
});

describe('parseExact', () => {
  it('keeps amounts as the decimal text Flutterwave sent', () => {
    expect(parseExact('{"data":{"id":1,"amount":0.30000000000000004,"charged_amount":1500,"currency":"TZS"}}')).toEqual({
      data: { id: 1, amount: '0.30000000000000004', charged_amount: '1500', currency: 'TZS' },
    });
  });
});
