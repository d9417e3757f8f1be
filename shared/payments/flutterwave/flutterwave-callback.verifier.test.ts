import { createTestPlatform } from '../../../test/support/test-platform';
import { FlutterwaveReplayServer } from '../../../test/support/flutterwave-replay.server';
import { ManualClock } from '../../time/clock.port';
import { PaymentCallbackRepository } from '../payment-callback.repository';
import { ExpectedCharge, FlutterwaveCallbackVerifier } from './flutterwave-callback.verifier';
import { FlutterwavePaymentGateway } from './flutterwave-payment-gateway.adapter';

const SECRET = 'FLWSECK_TEST-replay0123456789abcdef-X';
const HASH = 'replay-webhook-secret-hash-0123456789';

describe('FlutterwaveCallbackVerifier: duplicate, late, forged and mismatched callbacks', () => {
  const server = new FlutterwaveReplayServer(SECRET);
  const expected = new Map<string, ExpectedCharge>();
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let gateway: FlutterwavePaymentGateway;
  let verifier: FlutterwaveCallbackVerifier;
  let seq = 0;

  beforeAll(async () => {
    env = await createTestPlatform();
    const apiUrl = await server.start();
    gateway = new FlutterwavePaymentGateway({ secretKey: SECRET, apiUrl, redirectUrl: 'https://safiri.example/paid', timeoutMs: 2000, testMode: true });
    const charges = { byChargeReference: async (ref: string) => expected.get(ref) ?? null };
    verifier = new FlutterwaveCallbackVerifier(HASH, gateway, charges, new PaymentCallbackRepository(env.platform.dataSource), new ManualClock());
  });
  afterAll(async () => {
    await server.close();
    await env?.close();
  });

  /** A mobile-money charge of ours made on the replay server, playing `scenario`. */
  async function charge(scenario: Parameters<FlutterwaveReplayServer['scenario']>[1] = 'success', amount = '42000'): Promise<string> {
    const txRef = `pay-${++seq}-${Date.now()}`;
    expected.set(txRef, { paymentId: `payment-${txRef}`, amount, currency: 'TZS' });
    server.scenario(txRef, scenario);
    await gateway.createCharge({
      idempotencyKey: txRef,
      reference: 'SGR7QX2M9A',
      amount,
      currency: 'TZS',
      method: 'MOBILE_MONEY',
      payer: { phone: '255712345678', rail: 'MIXX_TZ', email: 'payer@example.com' },
    });
    return txRef;
  }

  it('confirms a genuine callback once; its redelivery is a duplicate, also when both arrive together', async () => {
    const txRef = await charge();
    const body = server.webhookBody(txRef);
    const [first, second] = await Promise.all([verifier.verify({ verifHash: HASH, body }), verifier.verify({ verifHash: HASH, body })]);
    const outcomes = [first.outcome, second.outcome].sort();
    expect(outcomes).toEqual(['confirmed', 'ignored-duplicate']);
    expect(await verifier.verify({ verifHash: HASH, body })).toEqual({
      outcome: 'ignored-duplicate',
      paymentId: `payment-${txRef}`,
      transactionId: server.transactionId(txRef),
    });
  });

  it('refuses a callback without the secret hash, or with another, before asking Flutterwave anything', async () => {
    const txRef = await charge();
    const body = server.webhookBody(txRef);
    const asked = server.requests.length;
    for (const verifHash of [undefined, '', 'guess', `${HASH}x`, HASH.slice(0, -1)]) {
      expect(await verifier.verify({ verifHash, body })).toEqual({ outcome: 'refused-forged' });
    }
    expect(server.requests.length).toBe(asked);
  });

  it('never takes the outcome from the body: a "successful" body for a charge Flutterwave has pending or failed does not confirm', async () => {
    const pending = await charge('late');
    expect(await verifier.verify({ verifHash: HASH, body: server.webhookBody(pending, { status: 'successful' }) })).toMatchObject({ outcome: 'pending' });
    const failed = await charge('insufficient-funds');
    expect(await verifier.verify({ verifHash: HASH, body: server.webhookBody(failed, { status: 'successful' }) })).toMatchObject({
      outcome: 'declined',
      reason: expect.stringMatching(/^insufficient funds/),
    });
  });

  it('confirms a late charge on the callback after Flutterwave reports it successful, and only once', async () => {
    const txRef = await charge('late');
    const body = server.webhookBody(txRef);
    expect((await verifier.verify({ verifHash: HASH, body })).outcome).toBe('pending');
    expect((await verifier.verify({ verifHash: HASH, body })).outcome).toBe('pending');
    expect((await verifier.verify({ verifHash: HASH, body })).outcome).toBe('confirmed');
    expect((await verifier.verify({ verifHash: HASH, body })).outcome).toBe('ignored-duplicate');
  });

  it.each([
    ['a smaller amount', { amount: '41999.99' }],
    ['a larger amount', { amount: '42000.01' }],
    ['another currency', { currency: 'KES' }],
  ])('refuses a transaction Flutterwave reports with %s', async (_what, tamper) => {
    const txRef = await charge();
    server.tamper(txRef, tamper);
    expect(await verifier.verify({ verifHash: HASH, body: server.webhookBody(txRef) })).toMatchObject({
      outcome: 'refused-mismatch',
      reason: expect.stringMatching(/^Flutterwave charged .* the payment is 42000 TZS$/),
    });
  });

  it('confirms an equal amount written differently (42000 and 42000.00 are the same money)', async () => {
    const txRef = await charge('success', '42000.00');
    expect((await verifier.verify({ verifHash: HASH, body: server.webhookBody(txRef) })).outcome).toBe('confirmed');
  });

  it('answers not-ours for a reference this kind does not know, and refuses a body naming another reference than Flutterwave', async () => {
    const stranger = await charge();
    server.tamper(stranger, { txRef: 'not-one-of-ours' });
    expect(await verifier.verify({ verifHash: HASH, body: server.webhookBody(stranger, { tx_ref: 'not-one-of-ours' }) })).toMatchObject({
      outcome: 'not-ours',
    });
    const txRef = await charge();
    const other = await charge();
    expect(await verifier.verify({ verifHash: HASH, body: server.webhookBody(txRef, { tx_ref: other }) })).toMatchObject({
      outcome: 'refused-mismatch',
      reason: 'the body names another charge reference than Flutterwave',
    });
  });

  it('refuses a second transaction paying a charge another one already confirmed', async () => {
    const txRef = await charge();
    expect((await verifier.verify({ verifHash: HASH, body: server.webhookBody(txRef) })).outcome).toBe('confirmed');
    const second = await charge();
    server.tamper(second, { txRef });
    expect(await verifier.verify({ verifHash: HASH, body: server.webhookBody(second, { tx_ref: txRef }) })).toMatchObject({
      outcome: 'refused-mismatch',
      reason: 'another transaction already confirmed this charge (refund it)',
    });
  });

  it('refuses a body that names no transaction', async () => {
    for (const body of ['', 'not json', '{"data":{}}', '{"data":{"id":"1; DROP"}}', JSON.stringify({ data: { id: 1, pad: 'x'.repeat(70_000) } })]) {
      expect(await verifier.verify({ verifHash: HASH, body })).toMatchObject({ outcome: 'refused-mismatch', transactionId: null });
    }
  });
});
