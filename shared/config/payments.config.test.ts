import { ConfigError, loadConfig } from './platform.config';

const KEY = 'FLWSECK_TEST-0123456789abcdef0123456789abcdef-X';
const HASH = 'a-webhook-secret-hash-of-24-chars-or-more';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('PAYMENTS_PROVIDER', () => {
  it('defaults to the sandbox and then asks for no provider credentials (npm start as before)', () => {
    const statusPoll = { intervalSeconds: 60, afterSeconds: 120, maxPendingHours: 24 };
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', statusPoll });
    expect(loadConfig({ FLUTTERWAVE_SECRET_KEY: 'ignored unless selected' }).payments).toEqual({ provider: 'sandbox', statusPoll });
  });

  it('reads the status poller of late charges, bounded', () => {
    expect(
      loadConfig({ PAYMENT_STATUS_POLL_SECONDS: '5', PAYMENT_STATUS_POLL_AFTER_SECONDS: '30', PAYMENT_PENDING_MAX_HOURS: '48' }).payments.statusPoll,
    ).toEqual({
      intervalSeconds: 5,
      afterSeconds: 30,
      maxPendingHours: 48,
    });
    expect(problemsOf({ PAYMENT_PENDING_MAX_HOURS: '0' })).toEqual([expect.stringMatching(/PAYMENT_PENDING_MAX_HOURS must be a whole number from 1 to 720/)]);
  });

  it('refuses an unknown provider', () => {
    expect(problemsOf({ PAYMENTS_PROVIDER: 'stripe' })).toEqual([expect.stringMatching(/PAYMENTS_PROVIDER must be one of sandbox, flutterwave/)]);
  });

  it('requires the secret key and the webhook secret hash when flutterwave is selected, naming each', () => {
    expect(problemsOf({ PAYMENTS_PROVIDER: 'flutterwave' })).toEqual([
      'FLUTTERWAVE_SECRET_KEY is required when PAYMENTS_PROVIDER=flutterwave',
      'FLUTTERWAVE_WEBHOOK_SECRET_HASH is required when PAYMENTS_PROVIDER=flutterwave',
    ]);
  });

  it('never echoes a bad secret in its problem', () => {
    const problems = problemsOf({
      PAYMENTS_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: 'sk_live_leaked-value',
      FLUTTERWAVE_WEBHOOK_SECRET_HASH: 'short-hash',
    });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toMatch(/leaked-value|short-hash/);
  });

  it('reads a test key as test mode and a live key as live, with the API root and timeout bounded', () => {
    const test = loadConfig({ PAYMENTS_PROVIDER: 'flutterwave', FLUTTERWAVE_SECRET_KEY: KEY, FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH }).payments;
    expect(test).toEqual({
      provider: 'flutterwave',
      statusPoll: { intervalSeconds: 60, afterSeconds: 120, maxPendingHours: 24 },
      flutterwave: {
        secretKey: KEY,
        webhookSecretHash: HASH,
        apiUrl: 'https://api.flutterwave.com',
        redirectUrl: 'http://localhost:4000',
        timeoutMs: 15_000,
        testMode: true,
      },
    });
    const live = loadConfig({
      PAYMENTS_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK-0123456789abcdef0123456789abcdef-X',
      FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH,
      FLUTTERWAVE_API_URL: 'http://127.0.0.1:9999/',
    }).payments;
    expect(live).toMatchObject({ flutterwave: { testMode: false, apiUrl: 'http://127.0.0.1:9999' } });
    expect(
      problemsOf({ PAYMENTS_PROVIDER: 'flutterwave', FLUTTERWAVE_SECRET_KEY: KEY, FLUTTERWAVE_WEBHOOK_SECRET_HASH: HASH, FLUTTERWAVE_TIMEOUT_MS: '5' }),
    ).toEqual([expect.stringMatching(/FLUTTERWAVE_TIMEOUT_MS must be a whole number from 100 to 120000/)]);
  });
});
