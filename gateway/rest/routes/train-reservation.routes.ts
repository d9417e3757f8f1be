import { z } from 'zod';
import { AppError, PlatformException } from '../../../shared/errors/app-error.exception';
import type { JsonObject, RestRoute } from '../rest-route.types';
import { isJsonObject, valueAt } from '../rest-input.reader';
import { TRAIN_RESERVATION, TrainReserveBody } from '../schemas/train-reservation.schemas';
import { NO_STORE_HEADER, TRAIN_HEADERS } from './train.routes';

const PASSENGER_TEXT = [
  'passengerName',
  'identityNo',
  'gender',
  'ageCategory',
  'phone',
  'countryCode',
  'countryCodeName',
  'email',
  'outboundSeatHoldKey',
  'returnSeatHoldKey',
];
const PASSENGER_IDS = [
  'nationalityTypeId',
  'ticketTypeId',
  'outboundCarId',
  'outboundCarTypeId',
  'outboundSeatId',
  'returnCarId',
  'returnCarTypeId',
  'returnSeatId',
];
/**
 * Non-null in TrainReservationPassengerInput. One the client left out (or sent null) travels as "", which the subgraph's
 * validation counts as missing ("is required"), so the one 422 still lists it with every other problem (spec rule 1).
 */
const PASSENGER_REQUIRED = [
  'passengerName',
  'phone',
  'nationalityTypeId',
  'ticketTypeId',
  'outboundSeatHoldKey',
  'outboundCarId',
  'outboundCarTypeId',
  'outboundSeatId',
];
/** The spec: "Payer information and luggage details are not accepted" (luggage is chosen on the hold). */
const NOT_ACCEPTED = /^(payer|luggage)/i;
/** Attached from the token; a client must not claim them (spec: "must not be sent"). */
const SERVER_SET = ['boughtByUser', 'bookingUserType'];

/** A selected train by its identifiers; the rest of the object is never read (the subgraph reloads it). */
function journeyRef(value: unknown): Record<string, unknown> | null {
  if (!isJsonObject(value)) return null;
  const id = valueAt(value, 'trip', 'timeTableTrainSetId');
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    // An integer GraphQL's Int carries travels as it is, so the subgraph names a zero or negative id as it does for a
    // GraphQL client; a value of any other type travels on as null, listed (as missing) with the other problems.
    timeTableTrainSetId: typeof id === 'number' && Number.isSafeInteger(id) && Math.abs(id) <= 2 ** 31 - 1 ? id : null,
    departureStopId: text(valueAt(value, 'departure', 'stop', 'stop_id')),
    arrivalStopId: text(valueAt(value, 'arrival', 'stop', 'stop_id')),
    departureDate: text(valueAt(value, 'departure', 'date')),
  };
}

/**
 * Each passenger's documented fields in GraphQL's types: numbers in text fields become text, anything else of the
 * wrong type becomes a JSON text the subgraph refuses with the field named (so one 422 still lists everything).
 */
function passengerInput(p: unknown): unknown {
  const out: Record<string, unknown> = Object.fromEntries(PASSENGER_REQUIRED.map((f) => [f, '']));
  if (!isJsonObject(p)) return out;
  for (const f of PASSENGER_TEXT) if (p[f] !== undefined && p[f] !== null) out[f] = typeof p[f] === 'string' ? p[f] : JSON.stringify(p[f]);
  for (const f of PASSENGER_IDS) {
    const v = p[f];
    if (v === undefined || v === null) continue;
    out[f] = (typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= 2 ** 31 - 1) || typeof v === 'string' ? v : JSON.stringify(v);
  }
  if (p.isDisabledPassenger !== undefined && p.isDisabledPassenger !== null) out.isDisabledPassenger = p.isDisabledPassenger;
  return out;
}

/** Payer and luggage fields are refused as passenger data problems (422), listed by passenger. */
function notAccepted(body: JsonObject): Array<{ passengerIndex: number | null; field: string; message: string }> {
  const fields: Array<{ passengerIndex: number | null; field: string; message: string }> = [];
  const message = 'is not accepted: payer information and luggage details are not part of a train reservation (luggage is chosen when holding the seat)';
  for (const key of Object.keys(body)) if (NOT_ACCEPTED.test(key)) fields.push({ passengerIndex: null, field: key, message });
  if (Array.isArray(body.passengers)) {
    body.passengers.forEach((p: unknown, i: number) => {
      if (!isJsonObject(p)) return;
      for (const key of Object.keys(p)) if (NOT_ACCEPTED.test(key)) fields.push({ passengerIndex: i, field: key, message });
      if (p.isDisabledPassenger !== undefined && p.isDisabledPassenger !== null && typeof p.isDisabledPassenger !== 'boolean') {
        fields.push({ passengerIndex: i, field: 'isDisabledPassenger', message: 'must be true or false' });
      }
    });
  }
  return fields;
}

/** The JSON types were checked against TrainReserveBody; what is left are the spec's rules about members that must not be sent. */
function reservationInput(body: JsonObject): Record<string, unknown> {
  const sent = SERVER_SET.filter((f) => f in body);
  if (sent.length) {
    throw PlatformException.badRequest(`${sent.map((f) => `"${f}"`).join(' and ')} must not be sent: the authenticated account is attached automatically`, {
      fields: sent.map((field) => ({ field, message: 'must not be sent' })),
    });
  }
  const refused = notAccepted(body);
  if (refused.length) {
    throw new AppError('SGR_PASSENGER_DATA_INVALID', 422, `Passenger data is invalid: ${refused.map((f) => f.field).join(', ')} not accepted`, {
      fields: refused,
    });
  }
  const notifications = body.notifications as { ticketPurchase?: boolean } | undefined;
  return {
    outbound: journeyRef(body.outbound),
    return: journeyRef(body.return),
    passengers: (body.passengers as unknown[]).map(passengerInput),
    notifications: notifications ? { ticketPurchase: notifications.ticketPurchase ?? null } : null,
    issuerDeviceInfo: body.issuerDeviceInfo ?? null,
  };
}

const reserve: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/seat/reserve',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `mutation ReserveTrain($input: TrainReservationInput!) { reserveTrain(input: $input) { ${TRAIN_RESERVATION.selection} } }`,
    variables: { input: reservationInput(body as JsonObject) },
  }),
  reply: (data: { reserveTrain: unknown }) => ({ body: { data: data.reserveTrain }, headers: { 'cache-control': 'no-store' } }),
  contract: {
    summary: 'Reserve held seats (one-way or return)',
    description:
      'Reserves the held seats with the provider and opens a payment window of at most 25 minutes, always earlier than the provider bill expiry. ' +
      'Retrying the same request is safe: the existing reservation is answered (paymentWindow.expiresInMinutes decreasing), never a second one.',
    tag: 'Train',
    headers: TRAIN_HEADERS.extend({
      'x-authentication-context': z
        .string()
        .optional()
        .meta({ description: 'The booking channel saved on the tickets (its first 32 characters); default WEB_APP.' }),
    }),
    body: TrainReserveBody,
    responses: {
      200: {
        description:
          'Stored coherently (provider reservation, ticket group, bill, control number, payment reference, provider expiry) and the workflow start confirmed.',
        schema: z.object({ data: TRAIN_RESERVATION.schema }).meta({ id: 'TrainReservationResponse' }),
        headers: NO_STORE_HEADER,
      },
    },
    errors: {
      202:
        'SGR_RESERVATION_PENDING (the provider did not answer; the outcome is being reconciled: repeat the same request later, unchanged; ' +
        'data.paymentReference, data.retryAllowed, data.needsAttention) or SGR_RESERVATION_IN_PROGRESS (another request for the same holds is under way).',
      400: 'BAD_REQUEST: a member of the wrong JSON type or missing (data.fields[]), or boughtByUser / bookingUserType sent.',
      403: 'FORBIDDEN: the account may not book trains.',
      409: 'SGR_RESERVATION_RETRY_CONFLICT: a retry changed notifications.ticketPurchase (or the passengers) of an existing reservation, or it was cancelled.',
      422:
        'SGR_PASSENGER_DATA_INVALID: every passenger or seat problem in data.fields[] ({passengerIndex (null for the request as a whole), field, message}); ' +
        "or a definite, customer-correctable provider rejection with the provider's own code and message.",
      503:
        'SGR_WORKFLOW_START_UNCONFIRMED: the reservation exists but its workflow start is unconfirmed; data holds paymentReference, reservation {pnr, ticketsNo[]}, ' +
        'trainTicketUuids[], retryAllowed false and workflowId: submit nothing new, contact support.',
    },
  },
};

/** POST /api/trip/train/seat/reserve (OpenAPI `postTripTrainSeatReserve`). */
export const trainReservationRoutes: RestRoute[] = [reserve];
