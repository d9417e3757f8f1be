import { FLIGHT_ISSUANCE, FLIGHT_TICKET as TICKET } from '../schemas/flight-ticket.schemas';
import { FLIGHT_CANCELLATION, FLIGHT_DIRECT_ISSUED, FLIGHT_SIGNAL_ACCEPTED } from '../schemas/flight-issuance.schemas';
import { FLIGHT_AGENT_RESERVATION, FLIGHT_CUSTOMER_RESERVATION } from '../schemas/flight-reservation.schemas';

/*
 * The selections of the flight reservation, purchase, cancellation, issuance and ticket routes (without the outer
 * braces), for the routes to paste into operations:
 *   `mutation Reserve($input: FlightReservationInput!) { <mutation field>(input: $input) { ${AGENT_RESERVATION} } }`
 * Each is derived from its GraphQL type with its REST schema (schemas/flight-*.schemas.ts); the result types' `complete`
 * is added here, as the routes answer it as the status. reservation.type.test.ts checks that each one selects every
 * field of its type.
 */

const ISSUANCE = FLIGHT_ISSUANCE.selection;

/** FlightTicketType: GET /api/flight/tickets (each item). */
export const FLIGHT_TICKET = TICKET.selection;

/** AgentReservationResult: POST /api/flight/reserve/agent (201). */
export const AGENT_RESERVATION = FLIGHT_AGENT_RESERVATION.selection;

/** CustomerReservationResult: POST /api/flight/reserve (201). */
export const CUSTOMER_RESERVATION = FLIGHT_CUSTOMER_RESERVATION.selection;

/** PurchaseResult: POST /api/flight/purchase/agent (complete: 200, else 202; body `issuance`). */
export const PURCHASE_RESULT = `complete issuance { ${ISSUANCE} }`;

/** CancellationResult: POST /api/flight/cancel (complete: 200, else 202; body `cancellation`). */
export const CANCELLATION_RESULT = `complete cancellation { ${FLIGHT_CANCELLATION.selection} }`;

/** IssueSignalResult: POST /api/flight/ticket/issue/signal (complete: 200 with `issuance`, else 202 with the rest). */
export const ISSUE_SIGNAL_RESULT = `complete ${FLIGHT_SIGNAL_ACCEPTED.selection} issuance { ${ISSUANCE} }`;

/** DirectIssueResult: POST /api/flight/ticket/issue/direct (complete: 200, else 202 with `issuance` and paymentRecovery). */
export const DIRECT_ISSUE_RESULT = `complete ${FLIGHT_DIRECT_ISSUED.selection}`;
