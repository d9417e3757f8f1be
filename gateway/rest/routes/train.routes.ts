import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error.exception';
import type { JsonObject, RestRoute } from '../rest-route.types';
import { badInput, InputProblem, problemsOfCheck, queryObject, SEARCH_RATE_LIMIT_ERRORS } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { checkTrainSearch, LOOK_AHEAD_DAYS, TRAIN_SEARCH_MAX_LENGTH, trainSearchRefusal } from '../../../shared/api-contract/train-search.validator';
import {
  checkTrainHoldKey,
  checkTrainSeatHold,
  HOLD_KEY_MAX_LENGTH,
  NO_LUGGAGE,
  SEAT_ID_PATTERN,
  TRAIN_ID_MAX,
  type TrainSeatHoldInput,
} from '../../../shared/api-contract/train-seat-hold.validator';
import { TRAIN_HOLD, TRAIN_RELEASE, TrainHoldResponse, TrainReleaseResponse } from '../schemas/train-reservation.schemas';
import { TRAIN_SEARCH } from '../schemas/train.schemas';

/** A price (or a car's price) as GraphQL answers it: otherCurrencies is a list with each entry's code. */
export type TrainPriceData = { otherCurrencies: Array<{ code: string } & JsonObject> } & JsonObject;

/** The parts of a train (TRAIN_TRIP's selection) the REST form reshapes; every other field is copied as it comes. */
export type TrainTripData = {
  price: TrainPriceData;
  transitAgency: { company: JsonObject } & JsonObject;
  stopTimes: JsonObject[] | null;
} & JsonObject;

/**
 * GraphQL lists otherCurrencies with their code; REST keys them by code (last), absent parts left out. Plain loops
 * rather than entries/fromEntries: a train search answer holds a few hundred of these objects (issue 23).
 */
export function restTrainPrice(price: TrainPriceData) {
  const copy: JsonObject = {};
  for (const key in price) if (key !== 'otherCurrencies') copy[key] = price[key];
  const byCode: JsonObject = {};
  for (const { code, ...entry } of price.otherCurrencies) byCode[code] = withoutTopLevelNulls(entry);
  copy.otherCurrencies = byCode;
  return copy as Omit<TrainPriceData, 'otherCurrencies'> & { otherCurrencies: JsonObject };
}

/** A value without its own null members (one level: flight.routes.ts withoutNulls walks every depth): optional strings are left out when absent, never null. */
export function withoutTopLevelNulls<T extends JsonObject>(value: T): T {
  const copy: JsonObject = {};
  for (const key in value) if (value[key] !== null) copy[key] = value[key];
  return copy as T;
}

/**
 * One train as the REST contract shows it (TRAIN_TRIP's overlay): the operator's company flattened, prices keyed
 * by currency. Stop times go as GraphQL answers them (null times kept). Stations need nothing: the selection renames their fields.
 */
export function restTrainTrip<T extends TrainTripData>(t: T) {
  const { company, ...agency } = t.transitAgency;
  return {
    ...t,
    price: restTrainPrice(t.price),
    transitAgency: { ...company, ...agency },
  };
}

/** "Train endpoints accept optional Content-Language (default en) and Content-Currency." */
export const TRAIN_HEADERS = z.object({
  'content-language': z
    .string()
    .optional()
    .meta({ description: 'Language of customer texts: `sw` (or sw-TZ) for Swahili; anything else is English (default en).' }),
  'content-currency': z.string().optional().meta({ description: 'One more display currency for otherCurrencies, e.g. CHF; a malformed code is ignored.' }),
});

const NO_STORE = { 'cache-control': 'no-store' };
/** The documented form of NO_STORE (a description by header name). */
export const NO_STORE_HEADER = { 'cache-control': 'Always no-store.' };

/** The search query string as the trainSearch arguments: the same names, in the order the validator lists problems. */
const SEARCH_INPUT = restInput('Query.trainSearch', {
  in: 'query',
  unknownMembers: 'ignore',
  order: ['from', 'to', 'date', 'lookAheadDays'],
  members: {
    from: { description: 'Departure stop_id, form <STATION>:SGR:0 (the station list).', documents: { maxLength: TRAIN_SEARCH_MAX_LENGTH } },
    to: { description: 'Arrival stop_id, form <STATION>:SGR:0; must differ from `from`.', documents: { maxLength: TRAIN_SEARCH_MAX_LENGTH } },
    date: { description: 'YYYY-MM-DD, railway-local (East Africa Time).', documents: { format: 'date', maxLength: TRAIN_SEARCH_MAX_LENGTH } },
    lookAheadDays: {
      description: 'Exactly 1, 2 or 3: how many later dates to check when the requested one has no train.',
      documents: { enum: [...LOOK_AHEAD_DAYS] },
    },
  },
});

/** The spec's own code for a missing from, to or date; any other input problem is the ordinary 400 (as the subgraph answers them). */
function searchInputProblem(fields: InputProblem[]): AppError {
  const refusal = trainSearchRefusal(fields);
  return refusal.errorCode === 'BAD_REQUEST' ? badInput(fields) : new AppError(refusal.errorCode, 400, refusal.message, { fields: refusal.fields });
}

const search: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/search',
  auth: true,
  operation: ({ query }) => ({
    query: `query TrainSearch(${SEARCH_INPUT.variableDefinitions}) { trainSearch(${SEARCH_INPUT.arguments}) { ${TRAIN_SEARCH.selection} } }`,
    variables: SEARCH_INPUT.variables(queryObject(query)),
  }),
  reply: (data: { trainSearch: { meta: { links: JsonObject } & JsonObject; data: TrainTripData[] } }) => {
    const { meta, data: trips } = data.trainSearch;
    // No nextAvailable link and no availability unless there is one (TRAIN_SEARCH's nullsAbsent).
    const body = { meta: withoutTopLevelNulls({ ...meta, links: withoutTopLevelNulls(meta.links) }), data: trips.map(restTrainTrip) };
    return { body, headers: NO_STORE };
  },
  contract: {
    summary: 'Search SGR trains for a date',
    description:
      'Trains between two SGR stations on the requested date. With lookAheadDays, meta.availability describes the requested date and the ' +
      'first later date with trains, if any; data always holds the requested date only.',
    tag: 'Train',
    query: SEARCH_INPUT.schema,
    validate: ({ query }) => problemsOfCheck(checkTrainSearch(queryObject(query))),
    validates: 'query',
    headers: TRAIN_HEADERS,
    invalidInput: searchInputProblem,
    responses: {
      200: {
        description: 'A completed search; an empty data means no trains on the requested date.',
        schema: TRAIN_SEARCH.schema,
        headers: NO_STORE_HEADER,
      },
    },
    errors: {
      400:
        'FROM_STOP_ID_REQUIRED (from, to or date missing, data.fields[]); UNKNOWN_STOP_ID (not in the station list); STOP_NOT_SGR (not an SGR stop ' +
        'with a RAIL/SGR partner); BAD_REQUEST (a date that is not YYYY-MM-DD, lookAheadDays other than 1, 2 or 3, a text too long, from equal to to).',
      ...SEARCH_RATE_LIMIT_ERRORS.errors,
      503: 'SGR_SEARCH_UNAVAILABLE: the timetable is temporarily unavailable (data.retryable).',
    },
    errorHeaders: SEARCH_RATE_LIMIT_ERRORS.errorHeaders,
  },
};

/** An id the hold takes: a positive GraphQL Int (the numeric keywords document numbers only, `pattern` strings only). */
const ID_RANGE = { minimum: 1, maximum: TRAIN_ID_MAX };
const positive = { documents: ID_RANGE };

/** The hold body is the TrainSeatHoldInput; the seat may also be the numeric string details gives (seats[].id). */
const HOLD_INPUT = restInput('Mutation.holdTrainSeat', {
  body: 'input',
  id: 'TrainHoldBody',
  unknownMembers: 'ignore',
  order: ['departureStopPartnerId', 'arrivalStopPartnerId', 'timeTableTrainSetId', 'carId', 'seat', 'luggageId'],
  members: {
    departureStopPartnerId: positive,
    arrivalStopPartnerId: positive,
    timeTableTrainSetId: positive,
    carId: { description: 'The details car id (train.cars[].id).', ...positive },
    seat: {
      description: 'The seat id: a number, or the numeric string details gives as seats[].id (e.g. "4015").',
      accepts: { schema: z.string(), toGraphQL: (value) => Number(value) },
      documents: { ...ID_RANGE, pattern: SEAT_ID_PATTERN },
    },
    luggageId: { documents: { ...ID_RANGE, default: NO_LUGGAGE } },
  },
});

const hold: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/seat/hold',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `mutation Hold(${HOLD_INPUT.variableDefinitions}) { holdTrainSeat(${HOLD_INPUT.arguments}) { ${TRAIN_HOLD.selection} } }`,
    variables: HOLD_INPUT.variables(body as JsonObject),
  }),
  reply: (data: { holdTrainSeat: { hold: unknown } }) => ({ body: { data: { hold: data.holdTrainSeat.hold } }, headers: NO_STORE }),
  contract: {
    summary: 'Hold a seat',
    description: 'Holds one seat on every segment between the two stations until it is reserved, released or lapses.',
    tag: 'Train',
    headers: TRAIN_HEADERS,
    body: HOLD_INPUT.schema,
    validate: ({ body }) => problemsOfCheck(checkTrainSeatHold(body as TrainSeatHoldInput)),
    responses: { 200: { description: 'The seat is held (data.hold, status HELD).', schema: TrainHoldResponse, headers: NO_STORE_HEADER } },
    errors: {
      400: 'BAD_REQUEST (missing or malformed fields, data.fields[]); SEAT_ALREADY_BOOKED (taken or held by another customer; error.seatId, error.name).',
      404: 'SGR_TRIP_NOT_FOUND: no such train on that date between these stations.',
      429: 'SGR_HOLD_LIMIT_REACHED: the account holds the most seats allowed at once (data.limit).',
      503: 'SGR_PROVIDER_UNAVAILABLE: the booking system is temporarily unavailable (data.retryable).',
    },
  },
};

const RELEASE_INPUT = restInput('Mutation.releaseTrainSeat', {
  in: 'query',
  unknownMembers: 'ignore',
  members: { key: { description: 'The hold key (data.hold.key of the hold).', documents: { maxLength: HOLD_KEY_MAX_LENGTH } } },
});

const release: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/seat/release',
  auth: true,
  // Every answer of a release changes or reports a hold: none may be stored by a cache, errors included (spec).
  alwaysHeaders: NO_STORE,
  operation: ({ query }) => ({
    query: `mutation Release(${RELEASE_INPUT.variableDefinitions}) { releaseTrainSeat(${RELEASE_INPUT.arguments}) { ${TRAIN_RELEASE.selection} } }`,
    variables: RELEASE_INPUT.variables(queryObject(query)),
  }),
  reply: (data: { releaseTrainSeat: { hold: unknown } }) => ({ body: { data: { hold: data.releaseTrainSeat.hold } }, headers: NO_STORE }),
  contract: {
    summary: 'Release a held seat',
    description: 'Lets one of your held seats go; repeating it is harmless. Every answer, errors included, carries Cache-Control: no-store.',
    tag: 'Train',
    query: RELEASE_INPUT.schema,
    validate: ({ query }) => problemsOfCheck(checkTrainHoldKey(query.get('key'))),
    validates: 'query',
    headers: TRAIN_HEADERS,
    responses: { 200: { description: 'The hold is released (data.hold, status RELEASED).', schema: TrainReleaseResponse, headers: NO_STORE_HEADER } },
    errors: {
      400: 'BAD_REQUEST: key missing or too long (data.fields[]).',
      404: 'SGR_HOLD_NOT_FOUND: no hold with this key for your account.',
      503: 'SGR_PROVIDER_UNAVAILABLE: the booking system is temporarily unavailable.',
    },
  },
};

/** Train search, seat hold and release (OpenAPI `getTripTrainSearch`, `postTripTrainSeatHold`, `getTripTrainSeatRelease`). */
export const trainRoutes: RestRoute[] = [search, hold, release];
