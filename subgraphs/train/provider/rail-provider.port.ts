/**
 * The SGR rail provider: timetable, seat maps, holds, reservations with bills and control
 * numbers, payouts, issuance. The default adapter is a deterministic simulator
 * (rail-simulator.adapter.ts). Dates are railway-local calendar dates (YYYY-MM-DD, zone
 * Africa/Dar_es_Salaam) and times are local HH:mm; nothing goes through UTC.
 */

/** A station as the provider knows it: its partner id (the number holds use) and line position. */
export interface RailStation {
  /** `<CODE>:SGR:0`, the stop_id clients search with. */
  stopId: string;
  code: string;
  partnerId: number;
  name: string;
}

export interface RailStopTime {
  stopId: string;
  stopSequence: number;
  /** HH:mm local; null at the first stop. */
  arrivalTime: string | null;
  /** HH:mm local; null at the last stop. */
  departureTime: string | null;
  /** Days after the trip's service date (0 same day) for services that cross midnight. */
  dayOffset: number;
}

export type CarClass = 'ECONOMY' | 'BUSINESS' | 'ROYAL_CLASS';

/** A car's availability for one station pair (seats sold on an overlapping segment are taken). */
export interface RailCarAvailability {
  carId: number;
  orderNo: number;
  typeId: number;
  typeName: string;
  carClass: CarClass;
  capacity: number;
  standardSeatCapacity: number;
  disabledSeatCapacity: number;
  emptySeats: number;
  emptyStandardSeats: number;
  emptyDisabledSeats: number;
  hasSeat: boolean;
}

/** One train running on one service date, seen between the searched stations. */
export interface RailTrip {
  tripId: number;
  /** E.g. "Dar es Salaam - Dodoma Express". */
  name: string;
  /** E.g. "ETR-101". */
  number: string;
  kind: 'EXPRESS' | 'ORDINARY';
  trainSetId: number;
  timeTableId: number;
  timeTableTrainSetId: number;
  routeId: number;
  routeName: string;
  serviceDate: string;
  headsign: string;
  departure: { stopId: string; date: string; time: string };
  arrival: { stopId: string; date: string; time: string };
  /** Whole-trip stop times; null when the provider's enrichment is unavailable. */
  stopTimes: RailStopTime[] | null;
  cars: RailCarAvailability[];
  /** Adult fare (ticket type 4, no luggage) in TZS for this station pair and the cheapest class, as the operator prices it. */
  fareFrom: string;
}

export type SeatCellType = 'SEAT' | 'DISABLED_SEAT' | 'AISLE' | 'WC' | 'LUGGAGE' | 'BED';

export interface RailSeatCell {
  /** Provider seat id: the number a hold names; unique within the train. */
  seatId: number;
  label: string;
  positionY: number;
  positionX: number;
  type: SeatCellType;
  carClass: CarClass;
  orientation: 'UP' | 'DOWN' | 'LEFT' | 'RIGHT';
  /** Free on every segment between the searched stations and not held. */
  available: boolean;
}

export interface RailFare {
  ticketTypeId: number;
  ticketTypeCode: 'ADULT' | 'CHILD';
  ticketTypeName: string;
  carClass: CarClass;
  /** Operator fare in TZS (a decimal string). */
  amount: string;
}

export interface RailLuggageOption {
  id: number;
  name: string;
  description: string;
  weightKg: number;
  /** TZS. */
  price: string;
  isActive: boolean;
  configurationItemId: number;
}

export interface RailNationalityOption {
  id: number;
  code: string;
  title: string;
}

export interface RailTripDetails {
  trip: RailTrip;
  train: { id: number; typeId: number; type: string; name: string; number: number };
  cars: Array<RailCarAvailability & { rowCount: number; columnCount: number; isActive: boolean; isDisabled: boolean; seats: RailSeatCell[] }>;
  fares: RailFare[];
  luggageOptions: RailLuggageOption[];
  nationalityOptions: RailNationalityOption[];
}

export type RailErrorCode =
  | 'PROVIDER_UNAVAILABLE'
  | 'TRIP_NOT_FOUND'
  | 'SEAT_ALREADY_BOOKED'
  | 'HOLD_NOT_FOUND'
  | 'PROVIDER_REJECTED'
  | 'WORKFLOW_START_UNCONFIRMED'
  | 'PAYOUT_REJECTED'
  | 'TIMEOUT';

/** A provider refusal or failure; `code` is the provider's own when it rejects a request. */
export class RailProviderError extends Error {
  constructor(
    readonly code: RailErrorCode,
    message: string,
    readonly retryable: boolean,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'RailProviderError';
  }
}

/** The read side used by search and details; the booking side is added to this interface. */
export interface RailProvider {
  stations(): RailStation[];
  /** The railway's current date (Africa/Dar_es_Salaam). */
  serviceDate(now: Date): string;
  /** Trains on `date` that call at `from` then `to`; [] for a date without trains. Throws RailProviderError PROVIDER_UNAVAILABLE / TIMEOUT. */
  searchTrips(input: { fromStopId: string; toStopId: string; date: string }): Promise<RailTrip[]>;
  /** Seat maps, fares and options of one trip between two stations. Throws TRIP_NOT_FOUND. */
  tripDetails(input: { timeTableTrainSetId: number; fromStopId: string; toStopId: string; date: string }): Promise<RailTripDetails>;
}
