import type { EnvReader } from './env.reader';

/** The flight subgraph's settings: offers, payment window, search cache and look-ahead. */
export interface FlightConfig {
  /** How long a search offer may be reviewed and reserved (the offer's expiresAt). */
  offerTtlSeconds: number;
  /** How long an unpaid reservation may be purchased (paymentDeadlineAt). */
  paymentWindowSeconds: number;
  /** Identical supplier searches within this time are answered from the search cache. */
  searchCacheSeconds: number;
  /** A look-ahead date that takes longer counts as failed (INCOMPLETE), not as empty. */
  lookAheadTimeoutMs: number;
  /** Display currencies always offered in otherCurrencies. */
  otherCurrencies: string[];
}

export function readFlightConfig(read: EnvReader): FlightConfig {
  return {
    offerTtlSeconds: read.integer('OFFER_TTL_SECONDS', 1800, 10, 86_400),
    paymentWindowSeconds: read.integer('FLIGHT_PAYMENT_WINDOW_SECONDS', 3600, 60, 7 * 86_400),
    searchCacheSeconds: read.integer('FLIGHT_SEARCH_CACHE_SECONDS', 60, 0, 3600),
    lookAheadTimeoutMs: read.integer('FLIGHT_LOOKAHEAD_TIMEOUT_MS', 5000, 50, 60_000),
    otherCurrencies: read
      .pattern('FLIGHT_OTHER_CURRENCIES', 'USD,TZS,KES,UGX,EUR', /^[A-Z]{3}(,[A-Z]{3})*$/, 'comma-separated ISO 4217 codes, e.g. USD,TZS')
      .split(','),
  };
}
