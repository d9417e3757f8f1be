import { isCalendarDate } from '../time/calendar-date.calculator';

/*
 * The one validator of a selected train's identifiers (OpenAPI `postTripTrainDetails` `trip`, `postTripTrainSeatReserve`
 * `outbound` and `return`; GraphQL `TrainTripRefInput`). A client sends back a whole search item (or details data) and
 * only these four identifiers are read; their problems are named by where they sit in that item (`trip.departure.date`),
 * so a REST client and a GraphQL client read the same field. The REST layer checks the details body with it before any
 * GraphQL runs, and the train subgraph checks the arguments of details and of a reservation with it. Whether that train
 * runs is the subgraph's to find out.
 */

/** The largest id GraphQL's Int carries. */
const ID_MAX = 2 ** 31 - 1;
/** An SGR stop id as the station list gives it; longer texts are refused with it. */
const SGR_STOP_ID = /^[A-Za-z0-9]+:SGR:\d+$/;
const STOP_ID_MAX_LENGTH = 64;

/** The identifiers as sent: every member unchecked. */
export interface TrainTripRefInput {
  timeTableTrainSetId?: unknown;
  departureStopId?: unknown;
  arrivalStopId?: unknown;
  departureDate?: unknown;
}

/** The identifiers read, each as given (trimmed) even when it has a problem: 0 or '' when absent. */
export interface TrainTripRef {
  timeTableTrainSetId: number;
  fromStopId: string;
  toStopId: string;
  date: string;
}

export interface TripRefProblem {
  field: string;
  message: string;
}

/** Every problem of one selected train's identifiers, each field under `prefix` (`trip`, `outbound`, `return`). */
export function checkTrainTripRef(input: TrainTripRefInput, prefix: string): { ref: TrainTripRef; problems: TripRefProblem[] } {
  const problems: TripRefProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field: `${prefix}.${field}`, message });
  const id = input.timeTableTrainSetId;
  if (id === undefined || id === null) add('trip.timeTableTrainSetId', 'is required (a number)');
  else if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > ID_MAX) add('trip.timeTableTrainSetId', 'must be a positive whole number');
  const stop = (value: unknown, field: string): string => {
    const stopId = typeof value === 'string' ? value.trim() : '';
    if (value !== undefined && value !== null && typeof value !== 'string') add(field, 'must be a string');
    else if (!stopId) add(field, 'is required');
    else if (stopId.length > STOP_ID_MAX_LENGTH || !SGR_STOP_ID.test(stopId)) add(field, 'must be an SGR stop_id of the form <STATION>:SGR:0');
    return stopId;
  };
  const fromStopId = stop(input.departureStopId, 'departure.stop.stop_id');
  const toStopId = stop(input.arrivalStopId, 'arrival.stop.stop_id');
  const date = typeof input.departureDate === 'string' ? input.departureDate.trim() : '';
  if (input.departureDate !== undefined && input.departureDate !== null && typeof input.departureDate !== 'string') add('departure.date', 'must be a string');
  else if (!date) add('departure.date', 'is required');
  else if (!isCalendarDate(date)) add('departure.date', 'must be a real date in YYYY-MM-DD form');
  return { ref: { timeTableTrainSetId: typeof id === 'number' ? id : 0, fromStopId, toStopId, date }, problems };
}

/** The details request: the selected train under `trip`, which must go somewhere (its two stops differ). */
export function checkTrainDetailsTrip(input: TrainTripRefInput): { ref: TrainTripRef } | { problems: TripRefProblem[] } {
  const { ref, problems } = checkTrainTripRef(input, 'trip');
  if (!problems.length && ref.fromStopId === ref.toStopId)
    problems.push({ field: 'trip.arrival.stop.stop_id', message: 'must differ from the departure stop' });
  return problems.length ? { problems } : { ref };
}
