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

export interface RailTicketTypeOption {
  /** 4 adult, 3 child. */
  id: number;
  code: 'ADULT' | 'CHILD';
  title: string;
}

export interface RailTripDetails {
  trip: RailTrip;
  train: { id: number; typeId: number; type: string; name: string; number: number };
  cars: Array<RailCarAvailability & { rowCount: number; columnCount: number; isActive: boolean; isDisabled: boolean; seats: RailSeatCell[] }>;
  fares: RailFare[];
  luggageOptions: RailLuggageOption[];
  nationalityOptions: RailNationalityOption[];
  ticketTypeOptions: RailTicketTypeOption[];
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

/** Extra facts of a refusal: the seat of a SEAT_ALREADY_BOOKED, the stage of a PAYOUT_REJECTED. */
export interface RailErrorDetails {
  seatId?: number;
  /** The seat's label, e.g. "12A" (the spec's `error.name`). */
  seatName?: string;
  /** Where a payout failed: VALIDATION (amount, bill state) or PAYOUT (the operator's bank). */
  stage?: 'VALIDATION' | 'PAYOUT';
}

/** A provider refusal or failure; `providerCode` is the provider's own code when it rejects a request. */
export class RailProviderError extends Error {
  constructor(
    readonly code: RailErrorCode,
    message: string,
    readonly retryable: boolean,
    readonly providerCode?: string,
    readonly details: RailErrorDetails = {},
  ) {
    super(message);
    this.name = 'RailProviderError';
  }
}

export interface RailHoldInput {
  timeTableTrainSetId: number;
  /** The searched date: the train's departure date at the `from` station (as passed to searchTrips). */
  date: string;
  fromPartnerId: number;
  toPartnerId: number;
  carId: number;
  seatId: number;
  /** Default 5 (no luggage). */
  luggageId?: number;
  /** The caller's own key for a retry-safe hold: repeating it for the same seat returns the same hold. */
  holdKey?: string;
}

export interface RailHold {
  key: string;
  status: 'HELD';
  /** When the provider lets the seat go unless it is reserved (ISO, UTC). */
  expiresAt: string;
}

export interface RailReservationPassenger {
  name: string;
  /** Tanzanian national format without the leading zero: 9 digits, e.g. 712345678. */
  phone: string;
  /** 4 adult, 3 child. */
  ticketTypeId: number;
  nationalityTypeId: number;
  /** '' when not given. */
  identityNo: string;
  gender?: 'Male' | 'Female';
  email?: string;
  isDisabledPassenger?: boolean;
}

export interface RailReserveInput {
  /** One ticket per hold, in this order; a return journey gives a passenger two holds. */
  holds: Array<{ key: string; passengerIndex: number }>;
  passengers: RailReservationPassenger[];
  /** Repeating a reservation with the same key returns the reservation it made instead of another. */
  idempotencyKey: string;
}

export interface RailBill {
  id: string;
  /** The government payment control number (12 digits, starting 99). */
  controlNumber: string;
  /** TZS decimal string: the sum of the tickets. */
  amount: string;
  currency: 'TZS';
  /** Provider bill expiry (ISO, UTC); the reservation is unpaid until then. */
  expireDate: string;
}

export type RailReservationStatus = 'RESERVED' | 'PAID' | 'ISSUED' | 'CANCELLED';

export interface RailTicket {
  ticketNumber: string;
  holdKey: string;
  passengerIndex: number;
  passengerName: string;
  timeTableTrainSetId: number;
  /** The train's service date. */
  serviceDate: string;
  carId: number;
  seatId: number;
  carClass: CarClass;
  ticketTypeId: number;
  luggageId: number;
  /** TZS fare plus luggage. */
  amount: string;
  status: 'RESERVED' | 'ISSUED' | 'CANCELLED';
}

export interface RailReservation {
  pnr: string;
  status: RailReservationStatus;
  ticketNumbers: string[];
  tickets: RailTicket[];
  bill: RailBill;
  workflowId: string;
  /** False when the provider made the reservation but could not confirm its workflow started (trigger NOWORKFLOW). */
  workflowStartConfirmed: boolean;
  payoutReference: string | null;
}

export interface RailPayoutResult {
  pnr: string;
  status: 'PAID';
  reference: string;
}

export interface RailIssueResult {
  pnr: string;
  tickets: Array<{ ticketNumber: string; status: 'ISSUED' }>;
}

/** The SGR provider: the read side (search, details) and the booking side (holds to issuance). */
export interface RailProvider {
  stations(): RailStation[];
  /** The railway's current date (Africa/Dar_es_Salaam). */
  serviceDate(now: Date): string;
  /** Trains leaving `from` on `date` (local departure date there) that then call at `to`; [] for a date without trains. Throws RailProviderError PROVIDER_UNAVAILABLE / TIMEOUT. */
  searchTrips(input: { fromStopId: string; toStopId: string; date: string }): Promise<RailTrip[]>;
  /**
   * Whether searchTrips would answer any train, without seats or fares: what the look-ahead asks of
   * each later date. Throws as searchTrips does.
   */
  hasTrips(input: { fromStopId: string; toStopId: string; date: string }): Promise<boolean>;
  /** Seat maps, fares and options of one trip between two stations. Throws TRIP_NOT_FOUND. */
  tripDetails(input: { timeTableTrainSetId: number; fromStopId: string; toStopId: string; date: string }): Promise<RailTripDetails>;

  /** Holds one seat between two stations. Throws SEAT_ALREADY_BOOKED (details.seatId, seatName), TRIP_NOT_FOUND, PROVIDER_REJECTED. */
  holdSeat(input: RailHoldInput): Promise<RailHold>;
  /** Lets a held seat go; repeating is harmless. Throws HOLD_NOT_FOUND for an unknown key, PROVIDER_REJECTED once reserved. */
  releaseHold(key: string): Promise<{ key: string; status: 'RELEASED' }>;
  /**
   * Turns held seats into a reservation with a bill and control number. Throws PROVIDER_REJECTED (with the
   * provider's code) for a refused passenger, HOLD_NOT_FOUND for a hold that expired, was released or is used.
   */
  reserve(input: RailReserveInput): Promise<RailReservation>;
  /** The provider's current view of a reservation, null when unknown. */
  retrieveReservation(pnr: string): Promise<RailReservation | null>;
  /** Cancels an unpaid reservation and frees its seats; idempotent. Throws PROVIDER_REJECTED once paid. */
  cancelReservation(pnr: string): Promise<{ pnr: string; status: 'CANCELLED' }>;
  /** Pays the bill from the operator account; idempotent. Throws PAYOUT_REJECTED (details.stage, providerCode, retryable). */
  payout(input: { pnr: string; amount: string }): Promise<RailPayoutResult>;
  /** Issues a paid reservation's tickets; idempotent. Throws PROVIDER_REJECTED when unpaid or cancelled. */
  issue(pnr: string): Promise<RailIssueResult>;
}
