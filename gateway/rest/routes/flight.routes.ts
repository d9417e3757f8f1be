import type { RestRoute } from '../rest-route';
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
export function restOffer(offer: any): any {
  return { ...offer, price: restPrice(offer.price) };
}

export function restPrice(offerPrice: any): any {
  const { otherCurrencies, ...price } = offerPrice;
  return { ...dropNulls(price), otherCurrencies: Object.fromEntries(otherCurrencies.map((c: any) => [c.currency, dropNulls(c)])) };
}

function dropNulls(value: any): any {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value === null || typeof value !== 'object') return value;
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

function restDatePair(pair: any): any {
  return pair ? withoutNulls(pair) : null;
}

function restAvailability(a: any): any {
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
    variables: { input: Object.fromEntries(SEARCH_FIELDS.filter((f) => f in (body as object)).map((f) => [f, (body as any)[f]])) },
  }),
  reply: (data) => {
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
function offerReferenceOf(body: any): string | null {
  const direct = body.offerReference ?? body.flightOffer?.offerReference;
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
  reply: (data) => {
    const r = data.reviewFlightOffer;
    return { body: { ...r, flightOffer: restOffer(r.flightOffer) }, headers: { 'cache-control': 'no-store' } };
  },
};

/** flight.md: search, its compatibility alias, offer review, reservation, purchase, issuance, cancel, tickets. */
export const flightRoutes: RestRoute[] = [{ ...search, path: '/api/flight/search' }, { ...search, path: '/api/flight/offers/search' }, review];
