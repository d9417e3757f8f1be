import type { JsonObject, RestRoute } from '../rest-route.types';
import { valueAt } from '../rest-input.reader';
import { problemsOfCheck, SEARCH_RATE_LIMIT_ERRORS, validateUncarried, type RouteContract } from '../rest.contract';
import { restSearchBody } from '../../fast-path/flight-search-bytes.mapper';
import { JsonBytes } from '../prepared-reply.writer';
import { checkOfferReference, offerReferenceMessage } from '../../../shared/api-contract/flight-reservation.validator';
import { checkFlightSearch, type FlightSearchRequest, searchProblemsMessage } from '../../../shared/api-contract/flight-search.validator';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import {
  FLIGHT_OFFER_REVIEW,
  FLIGHT_REVIEW_INPUT,
  FLIGHT_SEARCH,
  FLIGHT_SEARCH_INPUT,
  FlightLocaleHeaders,
  FlightOfferReview,
  FlightOfferReviewRequest,
  FlightSearchResponse,
} from '../schemas/flight.schemas';

/** One string for every search: its plan is looked up by it (fast-path/direct-fetch.service.ts), and V8 hashes a string once. */
const SEARCH_QUERY = `mutation Search(${FLIGHT_SEARCH_INPUT.variableDefinitions}) { searchFlights(${FLIGHT_SEARCH_INPUT.arguments}) { ${FLIGHT_SEARCH.selection} } }`;

/**
 * GraphQL answers an absent optional member as null; the REST contract leaves it out (openapi.json types them as
 * strings, integers or objects, never null). Applied to whole answers: where openapi.json allows null (the look-ahead
 * date pairs, the cancellation's refundState), the route puts it back explicitly. One copy in one walk, with plain
 * loops: a 50-offer search is thousands of objects, and entries/fromEntries arrays for each were most of its cost.
 */
export function withoutNulls<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = withoutNulls(value[i]);
    return copy as T;
  }
  const copy: JsonObject = {};
  const source = value as JsonObject;
  for (const key in source) {
    const member = source[key];
    if (member !== null && member !== undefined) copy[key] = withoutNulls(member);
  }
  return copy as T;
}

/**
 * withoutNulls, except for the members the answer's shape keeps (RestShape.nullsKept): those stay, null included.
 * A kept member that is null comes after the others, where REST has always answered it.
 */
export function withoutNullsBut(value: JsonObject, kept: readonly string[]): JsonObject {
  const copy = withoutNulls(value);
  for (const key of kept) if (value[key] === null) copy[key] = null;
  return copy;
}

/** GraphQL lists otherCurrencies; the REST contract keys them by currency code. Absent optional members are left out. */
export function restOffer(offer: FlightOfferData): JsonObject {
  const copy: JsonObject = {};
  for (const key in offer) {
    const member = offer[key];
    if (member !== null && member !== undefined) copy[key] = key === 'price' ? restPrice(member as OfferPriceData) : withoutNulls(member);
  }
  return copy;
}

/** The price without nulls, otherCurrencies last and keyed by currency code. */
export function restPrice(offerPrice: OfferPriceData): JsonObject {
  const copy: JsonObject = {};
  for (const key in offerPrice) {
    const member = offerPrice[key];
    if (key !== 'otherCurrencies' && member !== null && member !== undefined) copy[key] = withoutNulls(member);
  }
  const byCurrency: JsonObject = {};
  for (const entry of offerPrice.otherCurrencies) byCurrency[entry.currency] = withoutNulls(entry);
  copy.otherCurrencies = byCurrency;
  return copy;
}

/** An offer's price as GraphQL answers it: otherCurrencies is a list with each entry's currency. */
export type OfferPriceData = { otherCurrencies: Array<{ currency: string } & JsonObject> } & JsonObject;
/** An offer as GraphQL answers it (FLIGHT_OFFER's selection); only the price is reshaped. */
export type FlightOfferData = { price: OfferPriceData } & JsonObject;

type DatePair = { departureDate: string; returnDate: string | null };

/** A one-way date pair has no returnDate key at all; a pair the table gives as null stays null. */
function restDatePair(pair: DatePair | null): Partial<DatePair> | null {
  return pair ? withoutNulls(pair) : null;
}

/** The search's meta.availability as FLIGHT_SEARCH selects it. */
interface AvailabilityData {
  status: string;
  requested: DatePair | null;
  next: DatePair | null;
  lookAhead: { firstChecked: DatePair | null; confirmedThrough: DatePair | null } & JsonObject;
}

interface SearchMeta {
  count: number;
  availability: AvailabilityData | null;
}

function restAvailability(a: AvailabilityData): JsonObject {
  return {
    status: a.status,
    requested: restDatePair(a.requested),
    lookAhead: { ...a.lookAhead, firstChecked: restDatePair(a.lookAhead.firstChecked), confirmedThrough: restDatePair(a.lookAhead.confirmedThrough) },
    next: restDatePair(a.next),
  };
}

function restMeta(meta: SearchMeta): JsonObject {
  return meta.availability ? { count: meta.count, availability: restAvailability(meta.availability) } : { count: meta.count };
}

const searchContract: RouteContract = {
  summary: 'Search flight offers',
  description:
    'Offers bound to the caller, each with an opaque offerReference. With lookAheadDays, an empty requested date pair checks that many later ' +
    'pairs and reports the result in meta.availability only (no candidate offers).',
  tag: 'Flight',
  headers: FlightLocaleHeaders,
  body: FLIGHT_SEARCH_INPUT.schema,
  // The subgraph checks the values with the airports it knows and today at the origin (same validator, one list).
  validate: validateUncarried(FLIGHT_SEARCH_INPUT.schema, ({ body }) => problemsOfCheck(checkFlightSearch(body as FlightSearchRequest))),
  invalidInput: (fields) => PlatformException.badRequest(searchProblemsMessage(fields), { fields }),
  responses: { 200: { description: 'The offers for the requested date pair (none is a 200 with meta.count 0).', schema: FlightSearchResponse } },
  errors: {
    400: 'Invalid parameters (every field in data.fields[]), or a look-ahead that would shift a date beyond 2099-12-31.',
    502: 'FLIGHT_SEARCH_UNAVAILABLE (data.retryable says whether to retry), FLIGHT_INVALID_RESPONSE or FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE.',
    ...SEARCH_RATE_LIMIT_ERRORS.errors,
    503: 'The search cache or the offer storage is temporarily unavailable (FLIGHT_STORAGE_UNAVAILABLE).',
  },
  errorHeaders: SEARCH_RATE_LIMIT_ERRORS.errorHeaders,
};

const search: Omit<RestRoute, 'path' | 'contract'> = {
  method: 'POST',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: SEARCH_QUERY,
    variables: FLIGHT_SEARCH_INPUT.variables(body as JsonObject),
    // Straight from the subgraph, the offers go from its bytes to the REST bytes (see fast-path/flight-search-bytes.mapper.ts).
    fromAnswerBytes: (answer) => {
      const bytes = restSearchBody(answer, restMeta);
      return bytes && new JsonBytes(bytes);
    },
  }),
  reply: (data: JsonBytes | { searchFlights: { meta: SearchMeta; data: FlightOfferData[] } }) => {
    if (data instanceof JsonBytes) return { body: data, headers: { 'cache-control': 'no-store' } };
    const { meta, data: offers } = data.searchFlights;
    return { body: { meta: restMeta(meta), data: offers.map(restOffer) }, headers: { 'cache-control': 'no-store' } };
  },
};

/** The offer's reference from `offerReference`, else from a submitted `flightOffer` (nothing else of it is used). */
const offerReferenceOf = (body: unknown): unknown => valueAt(body, 'offerReference') ?? valueAt(body, 'flightOffer', 'offerReference');

const review: RestRoute = {
  method: 'POST',
  path: '/api/flight/offer',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Review a flight offer',
    description:
      "Loads the caller's saved offer with the booking requirements to collect. Repeating the same reference returns the same offer, expiry " +
      'and requirements while the offer is valid.',
    tag: 'Flight',
    headers: FlightLocaleHeaders,
    body: FlightOfferReviewRequest,
    validate: validateUncarried(FlightOfferReviewRequest, ({ body }) => problemsOfCheck(checkOfferReference(offerReferenceOf(body)))),
    invalidInput: (fields) => PlatformException.badRequest(offerReferenceMessage(fields), { fields }),
    responses: { 200: { description: 'The offer, its expiry and its booking requirements.', schema: FlightOfferReview } },
    errors: {
      400: 'offerReference is missing or not a uuid.',
      404: "FLIGHT_OFFER_NOT_FOUND: no such offer for this account (another account's offer is not disclosed).",
      410: 'FLIGHT_OFFER_EXPIRED.',
      503: 'The offer store is unavailable.',
    },
  },
  operation: ({ body }) => ({
    query: `query Review(${FLIGHT_REVIEW_INPUT.variableDefinitions}) { reviewFlightOffer(${FLIGHT_REVIEW_INPUT.arguments}) { ${FLIGHT_OFFER_REVIEW.selection} } }`,
    variables: FLIGHT_REVIEW_INPUT.variables({ offerReference: offerReferenceOf(body) }),
  }),
  reply: (data: { reviewFlightOffer: { flightOffer: FlightOfferData } & JsonObject }) => {
    const r = data.reviewFlightOffer;
    return { body: withoutNulls({ ...r, flightOffer: restOffer(r.flightOffer) }), headers: { 'cache-control': 'no-store' } };
  },
};

/** The flight routes (OpenAPI tag Flight): search, its compatibility alias, offer review, reservation, purchase, issuance, cancel, tickets. */
export const flightRoutes: RestRoute[] = [
  { ...search, path: '/api/flight/search', contract: { ...searchContract, operationId: 'searchFlightOffers' } },
  {
    ...search,
    path: '/api/flight/offers/search',
    contract: {
      ...searchContract,
      summary: 'Search flight offers (compatibility alias)',
      description: 'The same search as POST /api/flight/search: the same user-bound offers, offerReference values and look-ahead metadata.',
      operationId: 'searchFlightOffersAlias',
    },
  },
  review,
];
