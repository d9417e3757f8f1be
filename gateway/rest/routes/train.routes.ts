import type { JsonObject, RestRoute } from '../rest-route';
import { restTrainStation, TRAIN_STATION_FIELDS } from './platform.routes';

const FEE = 'type amount recipient';
const TRAIN_PRICE = `pricingContext currency total bookingFeeTotal grandTotal fees { ${FEE} } baseCurrency basePrice
  otherCurrencies { code amount formatted currency total bookingFeeTotal grandTotal fees { ${FEE} } }`;
const CALLING_POINT = `date time dateTime stop { ${TRAIN_STATION_FIELDS} }`;
const CAR = `id carId orderNo typeId typeName capacity standardSeatCapacity disabledSeatCapacity emptySeats emptyStandardSeats
  emptyDisabledSeats hasSeat bookedSeats`;
export const TRAIN_TRIP_FIELDS = `provider
  trip { id name number trainSetId timeTableId timeTableTrainSetId gtfsTripId headsign wheelchairAccessible bikesAllowed }
  route { id gtfsRouteId name }
  departure { ${CALLING_POINT} } arrival { ${CALLING_POINT} }
  price { ${TRAIN_PRICE} }
  stopTimes { stopId stopSequence arrivalTime departureTime stopName stopDescription latitude longitude }
  cars { ${CAR} } carTypes
  transitAgency { type logos { type url } company { uuid name tradingName tinNumber phoneNumber email website } }`;

/** TRAIN_PRICE (or a car's price) as GraphQL answers it: otherCurrencies is a list with each entry's code. */
export type TrainPriceData = { otherCurrencies: Array<{ code: string } & JsonObject> } & JsonObject;

/** The parts of TRAIN_TRIP_FIELDS the REST form reshapes; every other field is copied as it comes. */
export type TrainTripData = {
  departure: { stop: JsonObject } & JsonObject;
  arrival: { stop: JsonObject } & JsonObject;
  price: TrainPriceData;
  transitAgency: { company: JsonObject } & JsonObject;
} & JsonObject;

/** GraphQL lists otherCurrencies with their code; REST keys them by code, absent parts left out. */
export function restTrainPrice(price: TrainPriceData) {
  const { otherCurrencies, ...rest } = price;
  return {
    ...rest,
    otherCurrencies: Object.fromEntries(
      otherCurrencies.map(({ code, ...entry }) => [code, Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null))]),
    ),
  };
}

/** One train as the REST contract shows it: stations in their stop-list form, the operator flattened. */
export function restTrainTrip(t: TrainTripData) {
  const { company, ...agency } = t.transitAgency;
  return {
    ...t,
    departure: { ...t.departure, stop: restTrainStation(t.departure.stop) },
    arrival: { ...t.arrival, stop: restTrainStation(t.arrival.stop) },
    price: restTrainPrice(t.price),
    transitAgency: { ...company, ...agency },
  };
}

const search: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/search',
  auth: true,
  operation: ({ query }) => ({
    query: `query TrainSearch($from: String, $to: String, $date: String, $lookAheadDays: String) {
      trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) {
        meta { count provider links { self nextAvailable } createdAt
          availability { status requestedDate serviceDate serviceTimeZone next { date }
            lookAhead { requestedDays status firstDate confirmedThroughDate } } }
        data { ${TRAIN_TRIP_FIELDS} } } }`,
    variables: { from: query.get('from'), to: query.get('to'), date: query.get('date'), lookAheadDays: query.get('lookAheadDays') },
  }),
  reply: (data: {
    trainSearch: {
      meta: { count: number; provider: string; links: { self: string; nextAvailable: string | null }; availability: unknown; createdAt: string };
      data: TrainTripData[];
    };
  }) => {
    const { meta, data: trips } = data.trainSearch;
    const links = meta.links.nextAvailable ? meta.links : { self: meta.links.self };
    const body = {
      meta: { count: meta.count, provider: meta.provider, links, ...(meta.availability ? { availability: meta.availability } : {}), createdAt: meta.createdAt },
      data: trips.map(restTrainTrip),
    };
    return { body, headers: { 'cache-control': 'no-store' } };
  },
};

const HOLD_FIELDS = ['departureStopPartnerId', 'arrivalStopPartnerId', 'timeTableTrainSetId', 'carId', 'seat', 'luggageId'];
const NO_STORE = { 'cache-control': 'no-store' };

const hold: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/seat/hold',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: 'mutation Hold($input: TrainSeatHoldInput!) { holdTrainSeat(input: $input) { hold { key status expiresAt } } }',
    variables: { input: Object.fromEntries(HOLD_FIELDS.filter((f) => f in (body as object)).map((f) => [f, (body as JsonObject)[f]])) },
  }),
  reply: (data: { holdTrainSeat: { hold: unknown } }) => ({ body: { data: { hold: data.holdTrainSeat.hold } }, headers: NO_STORE }),
};

const release: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/seat/release',
  auth: true,
  operation: ({ query }) => ({
    query: 'mutation Release($key: String) { releaseTrainSeat(key: $key) { hold { key status } } }',
    variables: { key: query.get('key') },
  }),
  reply: (data: { releaseTrainSeat: { hold: unknown } }) => ({ body: { data: { hold: data.releaseTrainSeat.hold } }, headers: NO_STORE }),
};

/** train-bus-admin.md train paths. */
export const trainRoutes: RestRoute[] = [search, hold, release];
