import { loadConfig } from './platform.config';
import { describeIntegration, integrationsOf } from './integrations.view';

const HASH = 'a-webhook-secret-hash-of-enough-length';

describe('integrationsOf', () => {
  it('names the simulators when no provider is configured, as npm start runs', () => {
    expect(integrationsOf(loadConfig({}))).toEqual({
      flightSupplier: { provider: 'sandbox', mode: 'simulator' },
      payments: { provider: 'sandbox', mode: 'simulator' },
    });
  });

  it('tells test mode from live by the published prefix of the token and the key, and shows neither', () => {
    const test = loadConfig({
      FLIGHT_SUPPLIER: 'duffel',
      DUFFEL_ACCESS_TOKEN: 'duffel_test_s3cretS3cretS3cret',
      PAYMENTS_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-0123456789abcdef0123456789abcdef-X',
      FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH,
    });
    expect(integrationsOf(test)).toEqual({ flightSupplier: { provider: 'duffel', mode: 'test' }, payments: { provider: 'flutterwave', mode: 'test' } });
    const live = loadConfig({
      FLIGHT_SUPPLIER: 'duffel',
      DUFFEL_ACCESS_TOKEN: 'duffel_live_s3cretS3cretS3cret',
      PAYMENTS_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK-0123456789abcdef0123456789abcdef-X',
      FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH,
    });
    const views = integrationsOf(live);
    expect(views).toEqual({ flightSupplier: { provider: 'duffel', mode: 'live' }, payments: { provider: 'flutterwave', mode: 'live' } });
    expect(JSON.stringify(views)).not.toMatch(/s3cret|0123456789abcdef/);
    expect(describeIntegration(views.payments)).toBe('flutterwave (LIVE: real bookings and money)');
  });
});
