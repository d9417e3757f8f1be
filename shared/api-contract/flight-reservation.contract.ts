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

/** A uuid in any case: offer references, reservation, payment request and reconciliation operation ids. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One problem of a flight input, as data.fields[] lists it. */
export interface FlightProblem {
  field: string;
  message: string;
}

/** The message of a 400 listing problems when the operation has no wording of its own: "reason at most 500 characters; …". */
export const problemsMessage = (problems: FlightProblem[]) => problems.map((p) => `${p.field} ${p.message}`).join('; ');
