import { PlatformException } from '../../../shared/errors/app-error';
import type { JsonObject, RestRoute } from '../rest-route';
import { isJsonObject, valueAt } from '../rest-input';
import { restTrainPrice, restTrainTrip, TRAIN_TRIP_FIELDS, type TrainPriceData, type TrainTripData } from './train.routes';

const FEE = 'type amount recipient';
const CAR_PRICE = `ticketTypeId ticketTypeCode ticketTypeName pricingContext total bookingFeeTotal grandTotal fees { ${FEE} } formattedPrice currency
  otherCurrencies { code amount formatted currency total bookingFeeTotal grandTotal fees { ${FEE} } }
  luggageTypeId luggageTypeName luggagePrice`;
const SEAT = 'id label positionY positionX key type class orientation available';
const DETAILS_CAR = `id name orderNo carId carTypeId carType capacity standardCapacity disabledCapacity emptySeats rowCount columnCount hasSeat
  isActive isDisabled prices { ${CAR_PRICE} } seats { ${SEAT} }`;
const OPTION = 'code id title price';
export const TRAIN_DETAILS_FIELDS = `${TRAIN_TRIP_FIELDS}
  train { id typeId type name number carTypes cars { ${DETAILS_CAR} } }
  bookingRequirements {
    travelerRequirements { travelerId genderRequired ageCategory seatRequired nationality luggageRequired emailAddressRequired mobilePhoneNumberRequired }
    nationalityOptions { ${OPTION} }
    luggageOptions { id name description weight price isActive configurationItemId }
    ticketTypeOptions { ${OPTION} } }`;

/**
 * The search item's identifiers, nothing else: the subgraph reloads the rest from the provider. Values of
 * the wrong type travel on as null so the subgraph names the field; a missing `trip` is refused here.
 */
function tripRef(body: unknown): Record<string, unknown> {
  const trip = (body as Record<string, unknown>).trip;
  if (!isJsonObject(trip))
    throw PlatformException.badRequest('"trip" is required: send the selected search item', {
      fields: [{ field: 'trip', message: 'is required (an object)' }],
    });
  const id = valueAt(trip, 'trip', 'timeTableTrainSetId');
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const fields: Array<{ field: string; message: string }> = [];
  if (id !== undefined && id !== null && (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1)) {
    fields.push({ field: 'trip.trip.timeTableTrainSetId', message: 'must be a positive whole number' });
  }
  for (const [field, value] of [
    ['trip.departure.stop.stop_id', valueAt(trip, 'departure', 'stop', 'stop_id')],
    ['trip.arrival.stop.stop_id', valueAt(trip, 'arrival', 'stop', 'stop_id')],
    ['trip.departure.date', valueAt(trip, 'departure', 'date')],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'string') fields.push({ field, message: 'must be a string' });
  }
  if (fields.length) throw PlatformException.badRequest(`Invalid trip: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, { fields });
  return {
    timeTableTrainSetId: typeof id === 'number' ? id : null,
    departureStopId: text(valueAt(trip, 'departure', 'stop', 'stop_id')),
    arrivalStopId: text(valueAt(trip, 'arrival', 'stop', 'stop_id')),
    departureDate: text(valueAt(trip, 'departure', 'date')),
  };
}

const details: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/details',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `query TrainDetails($trip: TrainTripRefInput!) {
      trainDetails(trip: $trip) { meta { provider links { self } createdAt } data { ${TRAIN_DETAILS_FIELDS} } } }`,
    variables: { trip: tripRef(body) },
  }),
  reply: (data: {
    trainDetails: {
      meta: unknown;
      data: TrainTripData & { train: { cars: Array<{ prices: TrainPriceData[] } & JsonObject> } & JsonObject; bookingRequirements: unknown };
    };
  }) => {
    const { meta, data: d } = data.trainDetails;
    const { train, bookingRequirements, ...trip } = d;
    const body = {
      meta,
      data: {
        ...restTrainTrip(trip),
        train: { ...train, cars: train.cars.map((c) => ({ ...c, prices: c.prices.map(restTrainPrice) })) },
        bookingRequirements,
      },
    };
    return { body, headers: { 'cache-control': 'no-store' } };
  },
};

/** train-bus-admin.md POST /api/trip/train/details. */
export const trainDetailsRoutes: RestRoute[] = [details];
