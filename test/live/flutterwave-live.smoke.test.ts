import { randomUUID } from 'node:crypto';
import { FLUTTERWAVE_TEST_KEY_MARK } from '../../shared/config/payments.config';
import { FlutterwavePaymentGateway } from '../../shared/payments/flutterwave/flutterwave-payment-gateway.adapter';

/**
 * Against Flutterwave's real API in test mode: runs only with a test secret key (FLUTTERWAVE_SECRET_KEY starting
 * FLWSECK_TEST-), never with a live one, so it can never move real money.
 */
const secretKey = process.env.FLUTTERWAVE_SECRET_KEY ?? '';
const enabled = FLUTTERWAVE_TEST_KEY_MARK.test(secretKey);
if (!enabled) console.log('flutterwave live smoke test skipped: FLUTTERWAVE_SECRET_KEY is not a test key (FLWSECK_TEST-…)');

(enabled ? describe : describe.skip)('Flutterwave test mode (live smoke)', () => {
  const gateway = new FlutterwavePaymentGateway({
    secretKey,
    apiUrl: process.env.FLUTTERWAVE_API_URL ?? 'https://api.flutterwave.com',
    redirectUrl: 'https://example.com/paid',
    timeoutMs: 20_000,
    testMode: true,
  });

  it('opens a hosted card checkout that stays PENDING until a payer submits it', async () => {
    const txRef = `smoke-${randomUUID()}`;
    const charge = await gateway.createCharge({
      idempotencyKey: txRef,
      reference: 'SMOKE',
      amount: '100',
      currency: 'TZS',
      method: 'CARD',
      payer: { email: 'smoke-test@example.com' },
    });
    expect(charge).toMatchObject({ providerReference: txRef, status: 'PENDING', checkoutUrl: expect.stringMatching(/^https:\/\//) });
    expect((await gateway.chargeStatus(txRef)).status).toBe('PENDING');
  });

  it('reports a transaction id it does not know as UNKNOWN_CHARGE', async () => {
    await expect(gateway.transactionById('1')).rejects.toMatchObject({ code: 'UNKNOWN_CHARGE' });
  });
});
