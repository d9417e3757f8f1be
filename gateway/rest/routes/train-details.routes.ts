import { z } from 'zod';
import type { JsonObject, RestRoute } from '../rest-route.types';
import { isJsonObject, valueAt } from '../rest-input.reader';
import { type InputProblem, problemsOfCheck } from '../rest.contract';
import { checkTrainDetailsTrip, type TrainTripRefInput } from '../../../shared/api-contract/train-trip-ref.validator';
import { TRAIN_DETAILS } from '../schemas/train.schemas';
import { NO_STORE_HEADER, restTrainPrice, restTrainTrip, TRAIN_HEADERS, withoutTopLevelNulls, type TrainPriceData, type TrainTripData } from './train.routes';

/**
 * The search item as details reads it: only its identifiers, checked by the validator the subgraph runs on them
 * (shared/api-contract/train-trip-ref.validator.ts); everything else is reloaded from the provider. The document is
 * written here: REST takes the whole item, which GraphQL's TrainTripRefInput (the four identifiers) does not describe.
 */
const SelectedSearchItem = z
  .looseObject({
    trip: z
      .looseObject({
        timeTableTrainSetId: z
          .number()
          .int()
          .optional()
          .meta({ minimum: 1, maximum: 2 ** 31 - 1 }),
      })
      .optional(),
    departure: z
      .looseObject({ date: z.string().optional().meta({ format: 'date' }), stop: z.looseObject({ stop_id: z.string().optional() }).optional() })
      .optional(),
    arrival: z.looseObject({ stop: z.looseObject({ stop_id: z.string().optional() }).optional() }).optional(),
  })
  .meta({
    description:
      'The full selected search item (a data[] item of the search, or a details data). Only trip.timeTableTrainSetId, departure.stop.stop_id, ' +
      'arrival.stop.stop_id and departure.date are read; the rest is reloaded from the provider, so a changed price or name changes nothing.',
  });

/** The search item's identifiers as sent, nothing else: the subgraph reloads the rest from the provider. */
function tripRef(item: unknown): TrainTripRefInput {
  return {
    timeTableTrainSetId: valueAt(item, 'trip', 'timeTableTrainSetId'),
    departureStopId: valueAt(item, 'departure', 'stop', 'stop_id'),
    arrivalStopId: valueAt(item, 'arrival', 'stop', 'stop_id'),
    departureDate: valueAt(item, 'departure', 'date'),
  };
}

/** `trip` must be the item (an object); its identifiers are the trip-ref validator's, as the subgraph checks them. */
function detailsProblems(body: unknown): InputProblem[] {
  const trip = valueAt(body, 'trip');
  if (!isJsonObject(trip)) return [{ field: 'trip', message: trip === undefined ? 'is required (object)' : 'must be an object' }];
  return problemsOfCheck(checkTrainDetailsTrip(tripRef(trip)));
}

const details: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/details',
  auth: true,
  jsonBody: true,
  operation: ({ body }) => ({
    query: `query TrainDetails($trip: TrainTripRefInput!) { trainDetails(trip: $trip) { ${TRAIN_DETAILS.selection} } }`,
    variables: { trip: tripRef(valueAt(body, 'trip')) },
  }),
  reply: (data: {
    trainDetails: { meta: unknown; data: TrainTripData & { train: { cars: Array<{ prices: TrainPriceData[] } & JsonObject> } & JsonObject } };
  }) => {
    const { meta, data: d } = data.trainDetails;
    // The train's fields as a search item's, then its cars' prices keyed by currency; a price without a luggage option
    // (no "none" option at the provider) leaves luggageTypeId and luggageTypeName out.
    const cars = d.train.cars.map((c) => ({ ...c, prices: c.prices.map((p) => withoutTopLevelNulls(restTrainPrice(p))) }));
    return { body: { meta, data: { ...restTrainTrip(d), train: { ...d.train, cars } } }, headers: { 'cache-control': 'no-store' } };
  },
  contract: {
    summary: 'Read a train: cabins, seat maps, fares and booking requirements',
    tag: 'Train',
    headers: TRAIN_HEADERS,
    body: z.object({ trip: SelectedSearchItem }).meta({ id: 'TrainDetailsBody' }),
    validate: ({ body }) => detailsProblems(body),
    responses: { 200: { description: 'The selected train reloaded from the provider.', schema: TRAIN_DETAILS.schema, headers: NO_STORE_HEADER } },
    errors: {
      400: 'BAD_REQUEST: trip missing, or an identifier missing or malformed (data.fields[] names trip.trip.timeTableTrainSetId, trip.departure.stop.stop_id, …).',
      404: 'SGR_TRIP_NOT_FOUND: no such train on that date between these stations; search again.',
      503: 'SGR_PROVIDER_UNAVAILABLE: the booking system is temporarily unavailable (data.retryable).',
    },
  },
};

/** POST /api/trip/train/details (OpenAPI `postTripTrainDetails`). */
export const trainDetailsRoutes: RestRoute[] = [details];
