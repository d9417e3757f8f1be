import { FLIGHT_ISSUANCE, FLIGHT_TICKET as TICKET } from '../schemas/flight-ticket.schemas';
import { FLIGHT_CANCELLATION, FLIGHT_DIRECT_ISSUED, FLIGHT_SIGNAL_ACCEPTED } from '../schemas/flight-issuance.schemas';
import { FLIGHT_AGENT_RESERVATION, FLIGHT_CUSTOMER_RESERVATION } from '../schemas/flight-reservation.schemas';

/*
 * GraphQL selection sets (without the outer braces) that select every field of the flight
 * reservation, purchase, cancellation, issuance and ticket types
 * (subgraphs/flight/graphql/reservation.type.ts), for the REST routes to paste into operations:
 *   `mutation Reserve($input: FlightReservationInput!) { <mutation field>(input: $input) { ${AGENT_RESERVATION} } }`
 * Those of the ticket, the issuance, its documents and record locators and the payment recovery are derived from their
 * types with their REST schemas (schemas/flight-ticket.schemas.ts); the others are written out here, for answers the
 * routes reshape. reservation.type.test.ts checks that each one selects every field of its type.
 */

/** The offer price object: shared by the search, review and reservation selections. */
const BOOKING_FEE = 'amount currency type recipient roundingAdjustment';
export const OFFER_PRICE = `currency total base fees { amount type } grandTotal bookingFeeTotal walletDebitTotal
  walletSettlement { currency unroundedDebit debitTotal rounding { policyVersion increment adjustment } }
  pricingContext bookingFees { ${BOOKING_FEE} }
  otherCurrencies { currency total bookingFeeTotal grandTotal walletDebitTotal bookingFees { ${BOOKING_FEE} } }`;

const ENDPOINT = 'iataCode terminal at stop';

/** FlightOffer: every field (search, review and the customer reservation's flightOffers). */
export const FLIGHT_OFFER_FIELDS = `type id offerReference expiresAt source instantTicketingRequired nonHomogeneous oneWay isUpsellOffer
  lastTicketingDate lastTicketingDateTime numberOfBookableSeats
  itineraries { duration durations segments { id departure { ${ENDPOINT} } arrival { ${ENDPOINT} } carrierCode number aircraft { code }
    operating transitAgency duration durations numberOfStops cabin } }
  price { ${OFFER_PRICE} }
  pricingOptions commission fareRules policiesAndAllowance validatingAirlineCodes
  travelerPricings { travelerId fareOption travelerType price { currency total base }
    fareDetailsBySegment { segmentId cabin fareBasis class includedCheckedBags { quantity } } }`;

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
