import type { EnvReader } from './env.reader';
import { SecretText } from './secret-text.value';

export const FLIGHT_SUPPLIERS = ['sandbox', 'duffel'] as const;
export type FlightSupplierName = (typeof FLIGHT_SUPPLIERS)[number];

/** Duffel's test-mode tokens start so (Duffel Airways, unlimited balance); any other token books real seats. */
export const DUFFEL_TEST_TOKEN_PREFIX = 'duffel_test_';

/** The Duffel access token: a secret that prints as a placeholder; only the HTTP client reads it, through value(). */
export class DuffelAccessToken extends SecretText {
  constructor(value: string) {
    super(value, '[duffel access token]');
  }

  /** Test mode (duffel_test_…) or live: safe to print, it is the token's published prefix only. */
  get mode(): 'test' | 'live' {
    return this.value().startsWith(DUFFEL_TEST_TOKEN_PREFIX) ? 'test' : 'live';
  }
}

/** Which flight supplier the flight role talks to: the GDS simulator (default) or Duffel. */
export type FlightSupplierConfig =
  | { kind: 'sandbox' }
  | {
      kind: 'duffel';
      /** DUFFEL_ACCESS_TOKEN: required when FLIGHT_SUPPLIER=duffel. */
      accessToken: DuffelAccessToken;
      /** DUFFEL_API_URL: https://api.duffel.com unless set (tests point it at the replay server). */
      apiUrl: string;
      /** DUFFEL_TIMEOUT_MS: a Duffel call taking longer is abandoned and answered as the supplier's TIMEOUT. */
      timeoutMs: number;
    };

export function readFlightSupplierConfig(read: EnvReader, problems: string[]): FlightSupplierConfig {
  const kind = read.oneOf('FLIGHT_SUPPLIER', FLIGHT_SUPPLIERS, 'sandbox');
  if (kind === 'sandbox') return { kind };
  const token = read.optionalString('DUFFEL_ACCESS_TOKEN');
  // Duffel tokens are duffel_test_… or duffel_live_… followed by URL-safe characters; the value itself is never echoed.
  if (token === null) problems.push('DUFFEL_ACCESS_TOKEN is required when FLIGHT_SUPPLIER=duffel');
  else if (!/^duffel_(test|live)_[A-Za-z0-9_-]{8,512}$/.test(token)) {
    problems.push('DUFFEL_ACCESS_TOKEN must be a Duffel access token (duffel_test_… or duffel_live_…; the value is not shown)');
  }
  return {
    kind,
    accessToken: new DuffelAccessToken(token ?? ''),
    apiUrl: read.url('DUFFEL_API_URL', 'https://api.duffel.com', ['https:', 'http:']).replace(/\/+$/, ''),
    timeoutMs: read.integer('DUFFEL_TIMEOUT_MS', 30_000, 100, 120_000),
  };
}
