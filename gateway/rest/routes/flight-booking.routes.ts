import type { JsonObject, RestRequest, RestRoute } from '../rest-route';
import { valueAt } from '../rest-input';
import { AGENT_RESERVATION, CANCELLATION_RESULT, CUSTOMER_RESERVATION, FLIGHT_TICKET, PURCHASE_RESULT } from './flight-selections';
import { restPrice, type OfferPriceData } from './flight.routes';

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

/** Only the documented fields travel on; anything else a client adds is ignored, as REST clients expect. */
function pick(value: unknown, fields: string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value ?? null;
  return Object.fromEntries(fields.filter((f) => f in value).map((f) => [f, (value as Record<string, unknown>)[f]]));
}

function reservationInput(body: JsonObject): Record<string, unknown> {
  return {
    offerReference: body.offerReference ?? null,
    flightOfferReference: valueAt(body, 'flightOffer', 'offerReference') ?? null,
    passengers: Array.isArray(body.passengers) ? body.passengers.map((p: unknown) => pick(p, PASSENGER_FIELDS)) : (body.passengers ?? null),
    contact: pick(body.contact, CONTACT_FIELDS),
    selectedOption: body.selectedOption ?? null,
    notifications: pick(body.notifications, NOTIFICATION_FIELDS),
    priceAcceptance: pick(body.priceAcceptance, ACCEPTANCE_FIELDS),
  };
}

const reserveCustomer: RestRoute = {
  method: 'POST',
  path: '/api/flight/reserve',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `mutation Reserve($input: FlightReservationInput!) { reserveFlight(input: $input) { ${CUSTOMER_RESERVATION} } }`,
    variables: { input: reservationInput(body as JsonObject) },
  }),
  reply: (data: { reserveFlight: { tickets: unknown; flightReservation: { flightOffers: Array<{ price: OfferPriceData } & JsonObject> } & JsonObject } }) => {
    const result = data.reserveFlight;
    const flightReservation = {
      ...result.flightReservation,
      flightOffers: result.flightReservation.flightOffers.map((o) => ({ ...o, price: restPrice(o.price) })),
    };
    return { status: 201, body: { tickets: result.tickets, flightReservation } };
  },
};

const reserveAgent: RestRoute = {
  method: 'POST',
  path: '/api/flight/reserve/agent',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `mutation ReserveAgent($input: FlightReservationInput!) { reserveFlightAsAgent(input: $input) { ${AGENT_RESERVATION} } }`,
    variables: { input: reservationInput(body as JsonObject) },
  }),
  reply: (data: { reserveFlightAsAgent: unknown }) => ({ status: 201, body: data.reserveFlightAsAgent }),
};

const purchase: RestRoute = {
  method: 'POST',
  path: '/api/flight/purchase/agent',
  auth: true,
  jsonBody: true,
  operation: ({ body }: RestRequest) => ({
    query: `mutation Purchase($ticketId: String, $ticketUuids: [ID!]) { purchaseFlight(ticketId: $ticketId, ticketUuids: $ticketUuids) { ${PURCHASE_RESULT} } }`,
    variables: { ticketId: stringOrNull((body as JsonObject).ticketId), ticketUuids: null },
  }),
  reply: (data: { purchaseFlight: { complete: boolean; issuance: unknown } }) => ({
    status: data.purchaseFlight.complete ? 200 : 202,
    body: data.purchaseFlight.issuance,
  }),
};

const cancel: RestRoute = {
  method: 'POST',
  path: '/api/flight/cancel',
  auth: true,
  jsonBody: true,
  operation: ({ body }: RestRequest) => ({
    query: `mutation Cancel($reservationId: ID, $ticketId: String, $reason: String) {
      cancelFlightReservation(reservationId: $reservationId, ticketId: $ticketId, reason: $reason) { ${CANCELLATION_RESULT} } }`,
    variables: {
      reservationId: stringOrNull((body as JsonObject).reservationId),
      ticketId: stringOrNull((body as JsonObject).ticketId),
      reason: stringOrNull((body as JsonObject).reason),
    },
  }),
  reply: (data: { cancelFlightReservation: { complete: boolean; cancellation: unknown } }) => ({
    status: data.cancelFlightReservation.complete ? 200 : 202,
    body: data.cancelFlightReservation.cancellation,
  }),
};

const tickets: RestRoute = {
  method: 'GET',
  path: '/api/flight/tickets',
  auth: true,
  operation: ({ query }) => ({
    query: `query Tickets($ticketId: String) { flightTickets(ticketId: $ticketId) { ${FLIGHT_TICKET} } }`,
    variables: { ticketId: query.get('ticketId') },
  }),
  // The usage guide's form: a bare array whose items carry issuanceStatus (docs/decisions.md).
  reply: (data: { flightTickets: unknown }) => ({ body: data.flightTickets, headers: { 'cache-control': 'no-store' } }),
};

/** A JSON string stays a string; numbers and other scalars become their text; objects are refused by GraphQL. */
function stringOrNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return typeof value === 'number' ? String(value) : value;
}

export const flightBookingRoutes: RestRoute[] = [reserveCustomer, reserveAgent, purchase, cancel, tickets];
