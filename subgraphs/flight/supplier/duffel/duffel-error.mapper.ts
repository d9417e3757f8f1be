import { SupplierError } from '../flight-supplier.port';
import { DuffelHttpError } from './duffel-http.client';

/** The port operation a Duffel call served: the same Duffel failure means a different SupplierError per operation. */
export type DuffelOperation = 'search' | 'reprice' | 'book' | 'issue' | 'cancel' | 'retrieve';

/** Duffel's codes for an offer that can no longer be booked (sold out, expired, or withdrawn by the airline). */
const OFFER_GONE_CODES = ['offer_no_longer_available', 'offer_expired', 'offer_request_already_booked', 'not_found'];

/**
 * How a Duffel failure reaches the flight services (docs/decisions.md "Duffel adapter"):
 * - an offer Duffel no longer sells: REPRICE_UNAVAILABLE / SELL_UNAVAILABLE, not retryable (410 FLIGHT_OFFER_EXPIRED with refreshSearch);
 * - airline and validation refusals of a booking: RESERVATION_FAILED (409 FLIGHT_RESERVATION_FAILED), of a payment: ISSUANCE_FAILED;
 * - 429, 5xx, timeouts and broken connections: retryable (search 502; a sale or issuance whose outcome is unknown is
 *   TIMEOUT, so the service repeats it with the same key and the adapter finds what Duffel made).
 */
export function toSupplierError(error: unknown, operation: DuffelOperation): unknown {
  if (!(error instanceof DuffelHttpError)) return error;
  const transient = isTransient(error);
  const message = error.message;
  switch (operation) {
    case 'search':
      if (error.kind === 'timeout') return new SupplierError('TIMEOUT', message, true);
      if (error.kind === 'invalid') return new SupplierError('INVALID_RESPONSE', message, false);
      return new SupplierError('SEARCH_UNAVAILABLE', message, transient);
    case 'reprice':
      if (!transient && (error.status === 404 || error.hasCode(...OFFER_GONE_CODES))) return new SupplierError('REPRICE_UNAVAILABLE', message, false);
      return new SupplierError('REPRICE_UNAVAILABLE', message, transient);
    case 'book':
      // The order may exist (timeout, 5xx) or certainly does not (429): either way a repeat with the same key is safe.
      if (transient) return new SupplierError('TIMEOUT', message, true);
      if (error.status === 404 || error.hasCode(...OFFER_GONE_CODES)) return new SupplierError('SELL_UNAVAILABLE', message, false);
      return new SupplierError('RESERVATION_FAILED', message, false);
    case 'issue':
      if (transient) return new SupplierError('TIMEOUT', message, true);
      return new SupplierError('ISSUANCE_FAILED', message, false);
    case 'cancel':
      return new SupplierError('CANCEL_FAILED', message, transient);
    case 'retrieve':
      return new SupplierError(transient ? 'TIMEOUT' : 'INVALID_RESPONSE', message, transient);
  }
}

/** A failure that may pass: rate limit, Duffel or airline unavailable, no answer in time, connection lost. */
export function isTransient(error: DuffelHttpError): boolean {
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  if (error.kind === 'invalid') return false;
  const status = error.status ?? 0;
  return status === 429 || status >= 500 || error.hasType('rate_limit_error', 'api_error');
}

/** Runs a Duffel call and answers its failure as the operation's SupplierError. */
export async function mapped<T>(operation: DuffelOperation, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toSupplierError(error, operation);
  }
}
