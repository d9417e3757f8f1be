import { z } from 'zod';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route';
import { valueAt } from '../rest-input';
import { AGENT_RESERVATION, CANCELLATION_RESULT, CUSTOMER_RESERVATION, FLIGHT_TICKET, PURCHASE_RESULT } from './flight-selections';
import { restOffer, withoutNulls, type FlightOfferData } from './flight.routes';
import { FlightLocaleHeaders } from '../schemas/flight.schemas';
import {
  FlightAgentHeaders,
  FlightAgentReservation,
  FlightCustomerReservation,
  FlightReservationRequest,
  FlightTicket,
} from '../schemas/flight-reservation.schemas';
import { FlightCancelRequest, FlightCancellation, FlightIssuance, FlightPurchaseRequest, orInProgress } from '../schemas/flight-issuance.schemas';

const PASSENGER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'countryCode',
  'dateOfBirth',
  'gender',
  'ageCategory',
  'documentType',
  'passportNumber',
  'passportExpiryDate',
  'passportIssuedDate',
  'documentIssuingCountry',
  'nationality',
  'nationalityCountry',
  'countryCodeName',
];
const CONTACT_FIELDS = ['email', 'phoneNumber', 'countryCode'];
const NOTIFICATION_FIELDS = ['ticketPurchase', 'allOtherTripNotification', 'serviceAccountCreation'];
const ACCEPTANCE_FIELDS = ['priceVersion', 'amount', 'currency'];

/**
 * Only the documented fields travel on; anything else a client adds is ignored, as REST clients expect. The
 * contract has checked that each of these is an object when present.
 */
function pick(value: unknown, fields: string[]): unknown {
  if (value === undefined) return null;
  return Object.fromEntries(fields.filter((f) => f in (value as JsonObject)).map((f) => [f, (value as JsonObject)[f]]));
}

/**
 * Non-null in FlightPassengerInput. One the client left out (or sent null) travels as "", which the subgraph counts as
 * missing ("is required"), so the 422 FLIGHT_PASSENGER_DATA_INVALID still lists it with every other problem.
 */
const PASSENGER_REQUIRED = ['firstName', 'lastName', 'ageCategory'];

function passengerInput(p: unknown): unknown {
  const given = pick(p, PASSENGER_FIELDS) as JsonObject;
  return { ...given, ...Object.fromEntries(PASSENGER_REQUIRED.filter((f) => given[f] === undefined || given[f] === null).map((f) => [f, ''])) };
}

function reservationInput(body: JsonObject): Record<string, unknown> {
  return {
    offerReference: body.offerReference ?? null,
    flightOfferReference: valueAt(body, 'flightOffer', 'offerReference') ?? null,
    passengers: (body.passengers as unknown[]).map(passengerInput),
    contact: pick(body.contact, CONTACT_FIELDS),
    selectedOption: body.selectedOption ?? null,
    notifications: pick(body.notifications, NOTIFICATION_FIELDS),
    priceAcceptance: pick(body.priceAcceptance, ACCEPTANCE_FIELDS),
  };
}

/** What both reservation endpoints answer besides their 201 (OpenAPI `postFlightReserve` and `postFlightReserveAgent`). */
const RESERVATION_ERRORS = {
  202: 'FLIGHT_RESERVATION_IN_PROGRESS: still being handled, or needs reconciliation; wait and send the same request again.',
  400: 'Missing offer or passenger data, or a value of the wrong JSON type (every field in data.fields[]).',
  403: 'The account may not use this endpoint (customers use /reserve, agents /reserve/agent).',
  404: 'FLIGHT_OFFER_NOT_FOUND: no such offer for this account.',
  409:
    'FLIGHT_PRICE_CHANGED (data: reservationId, previousPrice, currentPrice, priceVersion, expiresAt), FLIGHT_REPRICE_UNAVAILABLE, ' +
    'FLIGHT_RESERVATION_FAILED (agents) or FLIGHT_RESERVATION_REQUEST_CONFLICT.',
  410: 'FLIGHT_OFFER_EXPIRED (data.refreshSearch, data.reason) or FLIGHT_RESERVATION_EXPIRED.',
  422:
    'FLIGHT_PASSENGER_DATA_INVALID (data.fields[]: travelerId, field, message) or FLIGHT_ADDITIONAL_INFORMATION_REQUIRED ' +
    '(data.fields[] and the updated data.bookingRequirements).',
  500: 'Retryable local failure.',
  502: 'FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE: the offer is not available in the required currency.',
};

const reserveCustomer: RestRoute = {
  method: 'POST',
  path: '/api/flight/reserve',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Reserve a flight offer (customer)',
    description: 'Reserves the reviewed offer with its passengers; the price is confirmed before 201. Pay online, then issuance is signaled.',
    tag: 'Flight',
    headers: FlightLocaleHeaders,
    body: FlightReservationRequest,
    responses: { 201: { description: 'The tickets and the reservation summary (price confirmed).', schema: FlightCustomerReservation } },
    errors: RESERVATION_ERRORS,
  },
  operation: ({ body }) => ({
    query: `mutation Reserve($input: FlightReservationInput!) { reserveFlight(input: $input) { ${CUSTOMER_RESERVATION} } }`,
    variables: { input: reservationInput(body as JsonObject) },
  }),
  reply: (data: { reserveFlight: { tickets: unknown; flightReservation: { flightOffers: FlightOfferData[] } & JsonObject } }) => {
    const result = data.reserveFlight;
    const flightReservation = { ...withoutNulls(result.flightReservation), flightOffers: result.flightReservation.flightOffers.map(restOffer) };
    return { status: 201, body: { tickets: withoutNulls(result.tickets), flightReservation } };
  },
};

const reserveAgent: RestRoute = {
  method: 'POST',
  path: '/api/flight/reserve/agent',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Reserve a flight offer (agent)',
    description:
      'Agent permission level 222 (SERVICE_AGENT or THIRD_PARTY_AGENT). Freezes the quoted wallet debit and deducts nothing; ' +
      'purchase before paymentDeadlineAt. A retry must keep X-External-User-Id, selectedOption and notifications unchanged.',
    tag: 'Flight',
    headers: FlightAgentHeaders,
    body: FlightReservationRequest,
    responses: { 201: { description: 'The agent reservation response.', schema: FlightAgentReservation } },
    errors: { ...RESERVATION_ERRORS, 422: `${RESERVATION_ERRORS[422]} Also for invalid SSR document fields.` },
  },
  operation: ({ body }) => ({
    query: `mutation ReserveAgent($input: FlightReservationInput!) { reserveFlightAsAgent(input: $input) { ${AGENT_RESERVATION} } }`,
    variables: { input: reservationInput(body as JsonObject) },
  }),
  reply: (data: { reserveFlightAsAgent: unknown }) => ({ status: 201, body: withoutNulls(data.reserveFlightAsAgent) }),
};

const purchase: RestRoute = {
  method: 'POST',
  path: '/api/flight/purchase/agent',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Purchase (issue) an agent reservation',
    description:
      'Admits the wallet once, then issues synchronously: 200 only after every expected ticket document is verified. The debit and the ' +
      'customer notifications follow as restart-safe work. On 202, repeat the same request.',
    tag: 'Flight',
    body: FlightPurchaseRequest,
    responses: {
      200: { description: 'Every ticket issued: the issuance response.', schema: FlightIssuance },
      202: { description: 'Concurrent, partial, refund or reconciliation state: the issuance response so far; repeat the request.', schema: FlightIssuance },
    },
    errors: {
      400: 'ticketId is missing.',
      403: 'The reservation belongs to another account, or the account is not an agent.',
      404: 'Ticket or reservation not found.',
      409: 'Wallet admission failure (FLIGHT_WALLET_ADMISSION_FAILED), form-of-payment failure or definite issuance failure (FLIGHT_ISSUANCE_FAILED).',
      410: 'FLIGHT_RESERVATION_EXPIRED: the payment deadline passed.',
      500: 'Unexpected infrastructure failure.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation Purchase($ticketId: String!, $ticketUuids: [ID!]) { purchaseFlight(ticketId: $ticketId, ticketUuids: $ticketUuids) { ${PURCHASE_RESULT} } }`,
    variables: { ticketId: (body as JsonObject).ticketId ?? null, ticketUuids: null },
  }),
  reply: (data: { purchaseFlight: { complete: boolean; issuance: unknown } }) => ({
    status: data.purchaseFlight.complete ? 200 : 202,
    body: withoutNulls(data.purchaseFlight.issuance),
  }),
};

const cancel: RestRoute = {
  method: 'POST',
  path: '/api/flight/cancel',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Cancel an unissued flight reservation',
    description: 'Cancels the whole reservation, every itinerary of a return booking included. Repeated calls are idempotent (alreadyCancelled).',
    tag: 'Flight',
    body: FlightCancelRequest,
    responses: {
      200: { description: 'Cancelled and verified, or already cancelled.', schema: FlightCancellation },
      202: {
        description:
          'Cancellation, refund, partial issuance or reconciliation in progress: the cancellation response (REFUND_PENDING, REFUND_REQUIRED), ' +
          'or the error object FLIGHT_RESERVATION_IN_PROGRESS.',
        schema: orInProgress(FlightCancellation),
      },
    },
    errors: {
      400: 'Missing or conflicting reference (reservationId and ticketId of different reservations), or reason over 500 characters.',
      403: 'The reservation belongs to another account.',
      404: 'Reservation not found.',
      409: 'FLIGHT_RESERVATION_NOT_CANCELLABLE: an issued ticket, or a state that cannot be cancelled automatically.',
      500: 'Retryable local failure.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation Cancel($reservationId: ID, $ticketId: String, $reason: String) {
      cancelFlightReservation(reservationId: $reservationId, ticketId: $ticketId, reason: $reason) { ${CANCELLATION_RESULT} } }`,
    variables: {
      reservationId: (body as JsonObject).reservationId ?? null,
      ticketId: (body as JsonObject).ticketId ?? null,
      reason: (body as JsonObject).reason ?? null,
    },
  }),
  reply: (data: { cancelFlightReservation: { complete: boolean; cancellation: { refundState: string | null } & JsonObject } }) => {
    const { complete, cancellation } = data.cancelFlightReservation;
    // refundState is the one member the spec gives as nullable: it stays, null included.
    return { status: complete ? 200 : 202, body: { ...withoutNulls(cancellation), refundState: cancellation.refundState } };
  },
};

const tickets: RestRoute = {
  method: 'GET',
  path: '/api/flight/tickets',
  auth: true,
  contract: {
    summary: 'Flight tickets of one ticketId',
    description: 'Both itinerary rows of a return trip. The usage guide’s form: a bare array whose items also carry issuanceStatus (docs/decisions.md).',
    tag: 'Flight',
    query: z.object({ ticketId: z.string().max(64).meta({ description: 'A ticketId of a reservation (letters, digits and hyphens, 3 to 40).' }) }),
    responses: { 200: { description: 'The tickets for that id.', schema: z.array(FlightTicket) } },
    errors: { 400: 'ticketId is missing or not a valid ticket id.', 404: 'Not found (also for a ticket of another account).' },
  },
  operation: ({ query }) => ({
    query: `query Tickets($ticketId: String!) { flightTickets(ticketId: $ticketId) { ${FLIGHT_TICKET} } }`,
    variables: { ticketId: query.get('ticketId') },
  }),
  // The usage guide's form: a bare array whose items carry issuanceStatus (docs/decisions.md).
  reply: (data: { flightTickets: unknown }) => ({ body: withoutNulls(data.flightTickets), headers: { 'cache-control': 'no-store' } }),
};

export const flightBookingRoutes: RestRoute[] = [reserveCustomer, reserveAgent, purchase, cancel, tickets];
