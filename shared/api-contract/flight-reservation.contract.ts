/**
 * What the REST layer and the flight subgraph must both say about a reservation. The gateway reaches the
 * subgraph through GraphQL only, so the values both sides check against live here, below both.
 */

/** Every reservation status: the GraphQL enum ReservationStatus and the REST `status` enum list these. */
export const RESERVATION_STATUSES = [
  'CREATED',
  'SELLING',
  'PNR_CREATED',
  'VALIDATION_FAILED',
  'PRICE_CHANGED',
  'REPRICE_UNAVAILABLE',
  'TST_CREATED',
  'ISSUING',
  'ISSUED',
  'PARTIALLY_ISSUED',
  'CANCELLING',
  'CANCELLED',
  'REFUND_PENDING',
  'REFUND_REQUIRED',
  'RECONCILIATION_REQUIRED',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The 400 for an offer review without an offerReference: the REST route answers it before GraphQL, the service for a blank value. */
export const OFFER_REFERENCE_MISSING = {
  message: 'offerReference is required (or flightOffer with its offerReference)',
  fields: [{ field: 'offerReference', message: 'is required' }],
} as const;
