import type { EnvReader } from './env.reader';

/** Test keys Flutterwave issues carry this mark (FLWSECK_TEST-…); live keys do not. */
export const FLUTTERWAVE_TEST_KEY_MARK = /^FLWSECK_TEST-/;

export interface FlutterwaveConfig {
  /** FLUTTERWAVE_SECRET_KEY: the Bearer key of every API call. A secret: never logged, never echoed in a problem. */
  secretKey: string;
  /** FLUTTERWAVE_WEBHOOK_SECRET_HASH: the value set in the dashboard, sent back in each webhook's `verif-hash` header. A secret. */
  webhookSecretHash: string;
  /** FLUTTERWAVE_API_URL: the API root (tests point it at the replay server). */
  apiUrl: string;
  /** FLUTTERWAVE_REDIRECT_URL: where the hosted card checkout sends the payer back. */
  redirectUrl: string;
  /** FLUTTERWAVE_TIMEOUT_MS: a call taking longer counts as the provider being unavailable. */
  timeoutMs: number;
  /** True for a test key: operators see which world they are in. */
  testMode: boolean;
}

/** How PENDING charges whose callback is late are asked about (a real provider only; the sandbox confirms by its call). */
export interface PaymentStatusPollConfig {
  /** PAYMENT_STATUS_POLL_SECONDS: how often the poller looks. */
  intervalSeconds: number;
  /** PAYMENT_STATUS_POLL_AFTER_SECONDS: a PENDING charge untouched this long is asked about (and again after as long). */
  afterSeconds: number;
  /** PAYMENT_PENDING_MAX_HOURS: a charge still PENDING this long after it was made is given up (declined as a timeout). */
  maxPendingHours: number;
}

/** PAYMENTS_PROVIDER: the simulator (the default `npm start` runs on) or a real provider with its credentials. */
export type PaymentsConfig = PaymentProviderConfig & { statusPoll: PaymentStatusPollConfig };

/** Which provider, with its credentials. */
export type PaymentProviderConfig = { provider: 'sandbox' } | { provider: 'flutterwave'; flutterwave: FlutterwaveConfig };

export const PAYMENTS_PROVIDERS = ['sandbox', 'flutterwave'] as const;

export function readPaymentsConfig(read: EnvReader, publicBaseUrl: string, problems: string[]): PaymentsConfig {
  const provider = read.oneOf('PAYMENTS_PROVIDER', PAYMENTS_PROVIDERS, 'sandbox');
  const statusPoll = {
    intervalSeconds: read.integer('PAYMENT_STATUS_POLL_SECONDS', 60, 1, 3600),
    afterSeconds: read.integer('PAYMENT_STATUS_POLL_AFTER_SECONDS', 120, 1, 86_400),
    maxPendingHours: read.integer('PAYMENT_PENDING_MAX_HOURS', 24, 1, 720),
  };
  if (provider === 'sandbox') return { provider, statusPoll };
  const secretKey = read.optionalString('FLUTTERWAVE_SECRET_KEY');
  const webhookSecretHash = read.optionalString('FLUTTERWAVE_WEBHOOK_SECRET_HASH');
  // The values are secrets: a problem names the variable and the rule, never the value.
  if (secretKey === null) problems.push('FLUTTERWAVE_SECRET_KEY is required when PAYMENTS_PROVIDER=flutterwave');
  else if (!/^FLWSECK(_TEST)?-[\x21-\x7e]{8,200}$/.test(secretKey))
    problems.push('FLUTTERWAVE_SECRET_KEY must be a Flutterwave secret key (FLWSECK-… or FLWSECK_TEST-…)');
  if (webhookSecretHash === null) problems.push('FLUTTERWAVE_WEBHOOK_SECRET_HASH is required when PAYMENTS_PROVIDER=flutterwave');
  // A guessable hash would let anyone post a webhook that passes the first check.
  else if (!/^[\x21-\x7e]{24,256}$/.test(webhookSecretHash))
    problems.push('FLUTTERWAVE_WEBHOOK_SECRET_HASH must be 24 to 256 visible ASCII characters without spaces (e.g. `openssl rand -hex 24`)');
  return {
    provider,
    statusPoll,
    flutterwave: {
      secretKey: secretKey ?? '',
      webhookSecretHash: webhookSecretHash ?? '',
      apiUrl: read.url('FLUTTERWAVE_API_URL', 'https://api.flutterwave.com', ['https:', 'http:']).replace(/\/+$/, ''),
      redirectUrl: read.url('FLUTTERWAVE_REDIRECT_URL', publicBaseUrl, ['https:', 'http:']),
      timeoutMs: read.integer('FLUTTERWAVE_TIMEOUT_MS', 15_000, 100, 120_000),
      testMode: secretKey !== null && FLUTTERWAVE_TEST_KEY_MARK.test(secretKey),
    },
  };
}
