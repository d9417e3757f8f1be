import type { JsonObject, RestRoute } from '../rest-route';
import { valueAt } from '../rest-input';
import { OFFER_PRICE } from './flight-selections';

const ENDPOINT = 'iataCode terminal at stop';
export const FLIGHT_OFFER_FIELDS = `type id offerReference expiresAt source instantTicketingRequired nonHomogeneous oneWay isUpsellOffer
  lastTicketingDate lastTicketingDateTime numberOfBookableSeats
  itineraries { duration durations segments { id departure { ${ENDPOINT} } arrival { ${ENDPOINT} } carrierCode number aircraft { code }
    operating transitAgency duration durations numberOfStops cabin } }
  price { ${OFFER_PRICE} }
  pricingOptions commission fareRules policiesAndAllowance validatingAirlineCodes
  travelerPricings { travelerId fareOption travelerType price { currency total base }
    fareDetailsBySegment { segmentId cabin fareBasis class includedCheckedBags { quantity } } }`;
const DATE_PAIR = 'departureDate returnDate';
const SEARCH_RESULT = `meta { count availability { status requested { ${DATE_PAIR} } next { ${DATE_PAIR} }
  lookAhead { requestedDays status firstChecked { ${DATE_PAIR} } confirmedThrough { ${DATE_PAIR} } } } }
  data { ${FLIGHT_OFFER_FIELDS} }`;

const SEARCH_FIELDS = [
  'originLocationCode',
  'destinationLocationCode',
  'departureDate',
  'returnDate',
  'adults',
  'children',
  'infants',
  'travelClass',
  'includedAirlineCodes',
  'excludedAirlineCodes',
  'nonStop',
  'currencyCode',
  'maxPrice',
  'max',
  'lookAheadDays',
] as const;

/**
 * GraphQL lists otherCurrencies; the REST contract keys them by currency code. Optional price
 * members (walletSettlement, rounding, roundingAdjustment) are absent in REST, not null.
 */
export function restOffer(offer: FlightOfferData): JsonObject {
  return { ...offer, price: restPrice(offer.price) };
}

export function restPrice(offerPrice: OfferPriceData): JsonObject {
  const { otherCurrencies, ...price } = offerPrice;
  return { ...dropNullFields(price), otherCurrencies: Object.fromEntries(otherCurrencies.map((c) => [c.currency, dropNullFields(c)])) };
}

/** OFFER_PRICE as GraphQL answers it: otherCurrencies is a list with each entry's currency. */
export type OfferPriceData = { otherCurrencies: Array<{ currency: string } & JsonObject> } & JsonObject;
/** FLIGHT_OFFER_FIELDS as GraphQL answers them; only the price is reshaped. */
export type FlightOfferData = { price: OfferPriceData } & JsonObject;

function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value === null || typeof value !== 'object') return value;
  return dropNullFields(value as JsonObject);
}

function dropNullFields(value: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, dropNulls(v)]),
  );
}

/** A one-way date pair has no returnDate key at all; absent optional price parts stay absent. */
function withoutNulls<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as T;
}

type DatePair = { departureDate: string; returnDate: string | null };

function restDatePair(pair: DatePair | null): Partial<DatePair> | null {
  return pair ? withoutNulls(pair) : null;
}

/** The search's meta.availability as SEARCH_RESULT selects it. */
interface AvailabilityData {
  status: string;
  requested: DatePair | null;
  next: DatePair | null;
  lookAhead: { firstChecked: DatePair | null; confirmedThrough: DatePair | null } & JsonObject;
}

function restAvailability(a: AvailabilityData): JsonObject {
  return {
    status: a.status,
    requested: restDatePair(a.requested),
    lookAhead: { ...a.lookAhead, firstChecked: restDatePair(a.lookAhead.firstChecked), confirmedThrough: restDatePair(a.lookAhead.confirmedThrough) },
    next: restDatePair(a.next),
  };
}

const search: Omit<RestRoute, 'path'> = {
  method: 'POST',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `mutation Search($input: FlightSearchInput!) { searchFlights(input: $input) { ${SEARCH_RESULT} } }`,
    variables: { input: Object.fromEntries(SEARCH_FIELDS.filter((f) => f in (body as object)).map((f) => [f, (body as JsonObject)[f]])) },
  }),
  reply: (data: { searchFlights: { meta: { count: number; availability: AvailabilityData | null }; data: FlightOfferData[] } }) => {
    const { meta, data: offers } = data.searchFlights;
    return {
      body: {
        meta: meta.availability ? { count: meta.count, availability: restAvailability(meta.availability) } : { count: meta.count },
        data: offers.map(restOffer),
      },
      headers: { 'cache-control': 'no-store' },
    };
  },
};

const REQUIREMENTS = `profileVersion journeyType domesticCountryCode operatingCarrierCodes source providerRequiredFields
  emailAddressRequired phoneCountryCodeRequired mobilePhoneNumberRequired phoneNumberRequired
  travelerRequirements { travelerId travelerType firstNameRequired lastNameRequired dateOfBirthRequired genderRequired
    documentRequired documentTypeRequired documentNumberRequired documentExpiryDateRequired documentIssuingCountryRequired nationalityRequired }`;

/** The offer's reference from `offerReference`, else from a submitted `flightOffer` (nothing else of it is used). */
function offerReferenceOf(body: unknown): string | null {
  const direct = valueAt(body, 'offerReference') ?? valueAt(body, 'flightOffer', 'offerReference');
  return typeof direct === 'string' && direct.trim() ? direct.trim() : null;
}

const review: RestRoute = {
  method: 'POST',
  path: '/api/flight/offer',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `query Review($ref: ID) { reviewFlightOffer(offerReference: $ref) {
      offerReference expiresAt flightOffer { ${FLIGHT_OFFER_FIELDS} } bookingRequirements { ${REQUIREMENTS} } } }`,
    variables: { ref: offerReferenceOf(body) },
  }),
  reply: (data: { reviewFlightOffer: { flightOffer: FlightOfferData } & JsonObject }) => {
    const r = data.reviewFlightOffer;
    return { body: { ...r, flightOffer: restOffer(r.flightOffer) }, headers: { 'cache-control': 'no-store' } };
  },
};

/** flight.md: search, its compatibility alias, offer review, reservation, purchase, issuance, cancel, tickets. */
export const flightRoutes: RestRoute[] = [{ ...search, path: '/api/flight/search' }, { ...search, path: '/api/flight/offers/search' }, review];
