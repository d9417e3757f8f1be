/*
 * The one validator of a seat hold and a release (OpenAPI `postTripTrainSeatHold`, `getTripTrainSeatRelease`; GraphQL
 * `holdTrainSeat`, `releaseTrainSeat`). The REST layer checks a request with it before any GraphQL runs and the train
 * subgraph checks the mutation's arguments with it, so both answer one 400 BAD_REQUEST listing the same fields with
 * the same words. What needs data (the train exists that day, the seat is free, the hold is yours) is the subgraph's.
 */

/** The largest id GraphQL's Int carries, and so the largest a hold may name. */
export const TRAIN_ID_MAX = 2 ** 31 - 1;
/** The luggage option of a hold that names none: no luggage. */
export const NO_LUGGAGE = 5;
/** The longest hold key a release takes. */
export const HOLD_KEY_MAX_LENGTH = 200;

/** A hold request as sent: every member unchecked. The seat may be a number or the numeric string details gives. */
export interface TrainSeatHoldInput {
  departureStopPartnerId?: unknown;
  arrivalStopPartnerId?: unknown;
  timeTableTrainSetId?: unknown;
  carId?: unknown;
  seat?: unknown;
  luggageId?: unknown;
}

export interface TrainSeatHoldRequest {
  departureStopPartnerId: number;
  arrivalStopPartnerId: number;
  timeTableTrainSetId: number;
  carId: number;
  seat: number;
  luggageId: number;
}

export interface HoldProblem {
  field: string;
  message: string;
}

/** A seat id as details gives it (seats[].id): a whole number of at most ten digits, as text. */
export const SEAT_ID_PATTERN = '^[1-9]\\d{0,9}$';
const SEAT_ID = new RegExp(SEAT_ID_PATTERN);
const IDS = ['departureStopPartnerId', 'arrivalStopPartnerId', 'timeTableTrainSetId', 'carId'] as const;

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= TRAIN_ID_MAX;

/** Every problem of a hold request at once, in member order; or the hold, the seat as a number and the luggage defaulted. */
export function checkTrainSeatHold(input: TrainSeatHoldInput): { hold: TrainSeatHoldRequest } | { problems: HoldProblem[] } {
  const problems: HoldProblem[] = [];
  const id = (field: keyof TrainSeatHoldInput, value: unknown): number => {
    if (value === undefined || value === null) problems.push({ field, message: 'is required (number)' });
    else if (typeof value !== 'number') problems.push({ field, message: 'must be a number' });
    else if (!isId(value)) problems.push({ field, message: 'must be a positive whole number' });
    return value as number;
  };
  const [departureStopPartnerId, arrivalStopPartnerId, timeTableTrainSetId, carId] = IDS.map((field) => id(field, input[field]));
  const seat = typeof input.seat === 'string' ? seatOf(input.seat, problems) : id('seat', input.seat);
  const luggageId = input.luggageId === undefined || input.luggageId === null ? NO_LUGGAGE : id('luggageId', input.luggageId);
  if (!problems.length && departureStopPartnerId === arrivalStopPartnerId)
    problems.push({ field: 'arrivalStopPartnerId', message: 'must differ from departureStopPartnerId' });
  if (problems.length) return { problems };
  return { hold: { departureStopPartnerId, arrivalStopPartnerId, timeTableTrainSetId, carId, seat, luggageId } };
}

/** The seat id as details gives it (seats[].id, a numeric string); only a well-formed id is compared, so a bad one is named once. */
function seatOf(text: string, problems: HoldProblem[]): number {
  if (SEAT_ID.test(text) && Number(text) <= TRAIN_ID_MAX) return Number(text);
  problems.push({ field: 'seat', message: 'must be a seat id (a whole number)' });
  return 0;
}

/** The hold key of a release: given, not blank, bounded; answered trimmed. */
export function checkTrainHoldKey(key: unknown): { key: string } | { problems: HoldProblem[] } {
  if (key === undefined || key === null) return { problems: [{ field: 'key', message: 'is required (string)' }] };
  const text = typeof key === 'string' ? key.trim() : '';
  if (typeof key !== 'string') return { problems: [{ field: 'key', message: 'must be a string' }] };
  if (!text) return { problems: [{ field: 'key', message: 'is required' }] };
  if (text.length > HOLD_KEY_MAX_LENGTH) return { problems: [{ field: 'key', message: `must be at most ${HOLD_KEY_MAX_LENGTH} characters` }] };
  return { key: text };
}
