import type { EnvReader } from './env.reader';
import { readOutboundAllowPrivate } from './outbound.config';

/** The train subgraph's settings: holds, payment window and currencies, provider reconciliation, tickets. */
export interface TrainConfig {
  /** Display currencies always given in train prices' otherCurrencies (fares are TZS). */
  otherCurrencies: string[];
  /** A look-ahead date that takes longer counts as not checkable (INCOMPLETE). */
  lookAheadTimeoutMs: number;
  /** A seat hold lapses after this long unless a reservation uses it. */
  holdLifetimeSeconds: number;
  /** Active holds one account may keep at once, so nobody can hold a whole train. */
  maxActiveHoldsPerAccount: number;
  /** The customer payment window after a reservation; the spec caps it at 25 minutes. */
  paymentWindowMinutes: number;
  /** The payment window always ends at least this long before the provider's bill expiry. */
  providerExpiryMarginSeconds: number;
  /** A reservation whose provider answer was lost is reconciled in the background this long after, unless a retry did it. */
  reconcileDelaySeconds: number;
  /** Runs of that reconciliation in all; after the last one fails the reservation stays PENDING flagged for an operator. */
  reconcileAttempts: number;
  /** Backoff before the reconciliation's second run, doubling for each later one. */
  reconcileBackoffMs: number;
  /** Sent to the provider instead of an international phone (it takes Tanzanian mobiles only); 9 digits, no leading zero. */
  localFallbackPhone: string;
  /** Agent issuance callbacks may go to private, loopback or link-local addresses (and plain http): tests only (WEBHOOK_ALLOW_PRIVATE). */
  callbackAllowPrivate: boolean;
  /** Owner password of the SGR ticket PDFs (editing locked, opening free); required in production. */
  ticketPdfOwnerPassword: string;
  /** Currencies an online train reservation may be paid in (quotes are frozen per currency); TZS, the fare currency, is always one. */
  paymentCurrencies: string[];
  /** How long a staff resend (send-notification) waits for its deliveries before answering with what it has. */
  resendWaitMs: number;
}

export function readTrainConfig(read: EnvReader, production: boolean, problems: string[]): TrainConfig {
  return {
    otherCurrencies: read
      .pattern('TRAIN_OTHER_CURRENCIES', 'USD,KES,UGX,EUR', /^[A-Z]{3}(,[A-Z]{3})*$/, 'comma-separated ISO 4217 codes, e.g. USD,KES')
      .split(','),
    lookAheadTimeoutMs: read.integer('TRAIN_LOOKAHEAD_TIMEOUT_MS', 5000, 50, 60_000),
    holdLifetimeSeconds: read.integer('SGR_HOLD_LIFETIME_SECONDS', 900, 10, 3600),
    maxActiveHoldsPerAccount: read.integer('SGR_MAX_ACTIVE_HOLDS', 10, 1, 200),
    paymentWindowMinutes: read.integer('SGR_PAYMENT_WINDOW_MINUTES', 25, 1, 25),
    providerExpiryMarginSeconds: read.integer('SGR_PROVIDER_EXPIRY_MARGIN_SECONDS', 120, 0, 3600),
    reconcileDelaySeconds: read.integer('SGR_RECONCILE_DELAY_SECONDS', 30, 0, 3600),
    // 8 runs 10 s apart and doubling: the last about 21 minutes after the first, inside the 25-minute payment window.
    reconcileAttempts: read.integer('SGR_RECONCILE_ATTEMPTS', 8, 1, 20),
    reconcileBackoffMs: read.integer('SGR_RECONCILE_BACKOFF_MS', 10_000, 10, 600_000),
    // The provider accepts mobile numbers only (9 digits starting 6 or 7), so the fallback must be one.
    localFallbackPhone: read.pattern(
      'SGR_LOCAL_FALLBACK_PHONE',
      '620000000',
      /^[67]\d{8}$/,
      '9 digits starting 6 or 7 (national format without the leading zero)',
    ),
    callbackAllowPrivate: readOutboundAllowPrivate(read, production, problems),
    // A secret: no silent default in production.
    ticketPdfOwnerPassword: production
      ? read.optionalString('SGR_TICKET_PDF_OWNER_PASSWORD') || (problems.push('SGR_TICKET_PDF_OWNER_PASSWORD is required when NODE_ENV=production'), '')
      : read.string('SGR_TICKET_PDF_OWNER_PASSWORD', 'safiri-dev-ticket-owner'),
    paymentCurrencies: [
      ...new Set([
        'TZS',
        ...read
          .pattern('SGR_PAYMENT_CURRENCIES', 'TZS,KES,UGX,RWF,USD,EUR,GBP', /^[A-Z]{3}(,[A-Z]{3})*$/, 'comma-separated ISO 4217 codes, e.g. TZS,KES,USD')
          .split(','),
      ]),
    ],
    resendWaitMs: read.integer('SGR_RESEND_WAIT_MS', 10_000, 0, 60_000),
  };
}
