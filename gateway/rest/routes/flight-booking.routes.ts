import { z } from 'zod';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route.types';
import { type InputProblem, problemsOfCheck, validateUncarried } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { AGENT_RESERVATION, CANCELLATION_RESULT, CUSTOMER_RESERVATION, FLIGHT_TICKET, PURCHASE_RESULT } from './flight-selections.data';
import { restOffer, withoutNulls, withoutNullsBut, type FlightOfferData } from './flight.routes';
import { FlightLocaleHeaders } from '../schemas/flight.schemas';
import {
  FLIGHT_RESERVATION_INPUT,
  FlightAgentHeaders,
  FlightAgentReservation,
  FlightCustomerReservation,
  FlightReservationConflict,
} from '../schemas/flight-reservation.schemas';
import { FLIGHT_TICKET as FLIGHT_TICKET_SHAPE } from '../schemas/flight-ticket.schemas';
import { FLIGHT_CANCELLATION, FlightCancellation, FlightIssuance, orInProgress } from '../schemas/flight-issuance.schemas';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';
import { checkReservationRequest, type ReservationRequestInput, reservationProblemsMessage } from '../../../shared/api-contract/flight-reservation.validator';
import {
  CANCEL_REASON_MAX_LENGTH,
  checkCancellation,
  checkTicketId,
  TICKET_ID_MAX_LENGTH,
  TICKET_ID_PATTERN,
} from '../../../shared/api-contract/flight-issuance.validator';

/** The reservation's own members as the validator reads them (flightOffer's reference as flightOfferReference). */
function reservationProblems(body: unknown, externalUserId: unknown): InputProblem[] {
  const input = FLIGHT_RESERVATION_INPUT.variables(body as JsonObject).input as ReservationRequestInput;
  return problemsOfCheck(checkReservationRequest(input, externalUserId));
}

const reservationInvalid = (fields: InputProblem[]) => PlatformException.badRequest(reservationProblemsMessage(fields), { fields });

/** What both reservation endpoints answer besides their 201 (OpenAPI `postFlightReserve` and `postFlightReserveAgent`). */
const RESERVATION_ERRORS = {
  202: 'FLIGHT_RESERVATION_IN_PROGRESS: still being handled, or needs reconciliation; wait and send the same request again.',
  400: 'Missing offer or passenger data, offerReference and flightOffer naming different offers, or a value of the wrong JSON type (every field in data.fields[]).',
  403: 'The account may not use this endpoint (customers use /reserve, agents /reserve/agent).',
  404: 'FLIGHT_OFFER_NOT_FOUND: no such offer for this account.',
  409:
    'FLIGHT_PRICE_CHANGED (data: reservationId, previousPrice, currentPrice, priceVersion, expiresAt; for agents each price also has ' +
    'walletDebitTotal and walletCurrency, the amount priceAcceptance must name), FLIGHT_REPRICE_UNAVAILABLE, ' +
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
    body: FLIGHT_RESERVATION_INPUT.schema,
    validate: validateUncarried(FLIGHT_RESERVATION_INPUT.schema, ({ body }) => reservationProblems(body, null)),
    invalidInput: reservationInvalid,
    responses: { 201: { description: 'The tickets and the reservation summary (price confirmed).', schema: FlightCustomerReservation } },
    errors: RESERVATION_ERRORS,
    errorSchemas: { 409: FlightReservationConflict },
  },
  operation: ({ body }) => ({
    query: `mutation Reserve(${FLIGHT_RESERVATION_INPUT.variableDefinitions}) { reserveFlight(${FLIGHT_RESERVATION_INPUT.arguments}) { ${CUSTOMER_RESERVATION} } }`,
    variables: FLIGHT_RESERVATION_INPUT.variables(body as JsonObject),
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
    body: FLIGHT_RESERVATION_INPUT.schema,
    validate: validateUncarried(FLIGHT_RESERVATION_INPUT.schema, ({ body, headers }) => reservationProblems(body, headers['x-external-user-id'])),
    invalidInput: reservationInvalid,
    responses: { 201: { description: 'The agent reservation response.', schema: FlightAgentReservation } },
    errors: { ...RESERVATION_ERRORS, 422: `${RESERVATION_ERRORS[422]} Also for invalid SSR document fields.` },
    errorSchemas: { 409: FlightReservationConflict },
  },
  operation: ({ body }) => ({
    // reserveFlightAsAgent takes the same FlightReservationInput as reserveFlight.
    query: `mutation ReserveAgent(${FLIGHT_RESERVATION_INPUT.variableDefinitions}) { reserveFlightAsAgent(${FLIGHT_RESERVATION_INPUT.arguments}) { ${AGENT_RESERVATION} } }`,
    variables: FLIGHT_RESERVATION_INPUT.variables(body as JsonObject),
  }),
  reply: (data: { reserveFlightAsAgent: unknown }) => ({ status: 201, body: withoutNulls(data.reserveFlightAsAgent) }),
};

/** A ticketId as the issuance validator checks it (the subgraph, or here for a request GraphQL could not carry). */
const TICKET_ID = { documents: { pattern: TICKET_ID_PATTERN, maxLength: TICKET_ID_MAX_LENGTH } };

/** What the purchase, cancel and ticket operations answer for a problem of their own input: one 400 listing each. */
const lookupInvalid = (fields: InputProblem[]) => PlatformException.badRequest(problemsMessage(fields), { fields });

const PURCHASE_INPUT = restInput('Mutation.purchaseFlight', {
  unknownMembers: 'ignore',
  order: ['ticketId', 'ticketUuids'],
  members: {
    ticketId: { ...TICKET_ID, description: 'A ticketId of the reservation.' },
    ticketUuids: { description: 'Deprecated: accepted and ignored; the reservation’s own ticket batch is used.' },
  },
});

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
    body: PURCHASE_INPUT.schema,
    validate: validateUncarried(PURCHASE_INPUT.schema, ({ body }) => problemsOfCheck(checkTicketId((body as JsonObject).ticketId))),
    invalidInput: lookupInvalid,
    responses: {
      200: { description: 'Every ticket issued: the issuance response.', schema: FlightIssuance },
      202: { description: 'Concurrent, partial, refund or reconciliation state: the issuance response so far; repeat the request.', schema: FlightIssuance },
    },
    errors: {
      400: 'ticketId is missing or not a ticket id.',
      403: 'The reservation belongs to another account, or the account is not an agent.',
      404: 'Ticket or reservation not found.',
      409: 'Wallet admission failure (FLIGHT_WALLET_ADMISSION_FAILED), form-of-payment failure or definite issuance failure (FLIGHT_ISSUANCE_FAILED).',
      410: 'FLIGHT_RESERVATION_EXPIRED: the payment deadline passed.',
      500: 'Unexpected infrastructure failure.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation Purchase(${PURCHASE_INPUT.variableDefinitions}) { purchaseFlight(${PURCHASE_INPUT.arguments}) { ${PURCHASE_RESULT} } }`,
    variables: PURCHASE_INPUT.variables(body as JsonObject),
  }),
  reply: (data: { purchaseFlight: { complete: boolean; issuance: unknown } }) => ({
    status: data.purchaseFlight.complete ? 200 : 202,
    body: withoutNulls(data.purchaseFlight.issuance),
  }),
};

const CANCEL_INPUT = restInput('Mutation.cancelFlightReservation', {
  description: 'reservationId or ticketId (at least one; both must name the same reservation).',
  unknownMembers: 'ignore',
  order: ['reservationId', 'ticketId', 'reason'],
  members: {
    reservationId: { documents: { format: 'uuid' } },
    ticketId: TICKET_ID,
    reason: { documents: { maxLength: CANCEL_REASON_MAX_LENGTH } },
  },
});

const cancel: RestRoute = {
  method: 'POST',
  path: '/api/flight/cancel',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Cancel an unissued flight reservation',
    description: 'Cancels the whole reservation, every itinerary of a return booking included. Repeated calls are idempotent (alreadyCancelled).',
    tag: 'Flight',
    body: CANCEL_INPUT.schema,
    validate: validateUncarried(CANCEL_INPUT.schema, ({ body }) => problemsOfCheck(checkCancellation(body as JsonObject))),
    invalidInput: lookupInvalid,
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
      400: 'Missing, malformed or conflicting reference (reservationId and ticketId of different reservations), or reason over 500 characters.',
      403: 'The reservation belongs to another account.',
      404: 'Reservation not found.',
      409: 'FLIGHT_RESERVATION_NOT_CANCELLABLE: an issued ticket, or a state that cannot be cancelled automatically.',
      500: 'Retryable local failure.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation Cancel(${CANCEL_INPUT.variableDefinitions}) { cancelFlightReservation(${CANCEL_INPUT.arguments}) { ${CANCELLATION_RESULT} } }`,
    variables: CANCEL_INPUT.variables(body as JsonObject),
  }),
  reply: (data: { cancelFlightReservation: { complete: boolean; cancellation: JsonObject } }) => {
    const { complete, cancellation } = data.cancelFlightReservation;
    return { status: complete ? 200 : 202, body: withoutNullsBut(cancellation, FLIGHT_CANCELLATION.nullsKept) };
  },
};

/** Query strings other than ticketId have always been ignored. */
const TICKETS_INPUT = restInput('Query.flightTickets', {
  in: 'query',
  unknownMembers: 'ignore',
  members: { ticketId: { ...TICKET_ID, description: 'A ticketId of a reservation.' } },
});

const tickets: RestRoute = {
  method: 'GET',
  path: '/api/flight/tickets',
  auth: true,
  contract: {
    summary: 'Flight tickets of one ticketId',
    description: 'Both itinerary rows of a return trip. The usage guide’s form: a bare array whose items also carry issuanceStatus (docs/decisions.md).',
    tag: 'Flight',
    // Present, ticketId is checked by the subgraph (the issuance validator); absent, GraphQL could not carry the request.
    query: TICKETS_INPUT.schema,
    responses: { 200: { description: 'The tickets for that id.', schema: z.array(FLIGHT_TICKET_SHAPE.schema) } },
    errors: { 400: 'ticketId is missing or not a valid ticket id.', 404: 'Not found (also for a ticket of another account).' },
  },
  operation: ({ query }) => ({
    query: `query Tickets(${TICKETS_INPUT.variableDefinitions}) { flightTickets(${TICKETS_INPUT.arguments}) { ${FLIGHT_TICKET} } }`,
    variables: TICKETS_INPUT.variables({ ticketId: query.get('ticketId') }),
  }),
  // The usage guide's form: a bare array whose items carry issuanceStatus (docs/decisions.md).
  reply: (data: { flightTickets: unknown }) => ({ body: withoutNulls(data.flightTickets), headers: { 'cache-control': 'no-store' } }),
};

export const flightBookingRoutes: RestRoute[] = [reserveCustomer, reserveAgent, purchase, cancel, tickets];
