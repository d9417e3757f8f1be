/*
 * REST answers as the end-to-end tests read them: only the members some test reads are declared, and nothing
 * checks a body against these types at run time (the assertions do that). Tests pick the shape with
 * FlightClient.call<T> or `json<T>`.
 */

/** One field a 400 or 422 names. */
export interface FieldProblem {
  field: string;
  message: string;
  travelerId?: string;
  passengerIndex?: number | null;
}

/** The details of an error answer (its `data` or `error`): the fields it names, and whatever else the code carries. */
export interface ErrorDetails {
  fields: FieldProblem[];
  [detail: string]: unknown;
}

/** An error answer (shared/errors/app-error.exception.ts ErrorBody). */
export interface ErrorAnswer {
  errorCode: string;
  errorMessage: string;
  status: number;
  data: ErrorDetails;
  error: ErrorDetails;
}

/** A price of a REST flight offer: otherCurrencies keyed by currency code. */
export interface RestOfferPrice {
  currency: string;
  total: string;
  grandTotal: string;
  bookingFeeTotal: string;
  bookingFees: Array<{ type: string; recipient: string; [field: string]: unknown }>;
  walletDebitTotal?: string;
  walletCurrency?: string;
  /** Agents only. */
  walletSettlement?: { currency: string; debitTotal: string; rounding?: unknown };
  otherCurrencies: Record<string, Record<string, unknown>>;
  [field: string]: unknown;
}

/** An offer of POST /api/flight/search. */
export interface RestFlightOffer {
  id: string;
  offerReference: string;
  expiresAt: string;
  price: RestOfferPrice;
  itineraries: Array<{ segments: Array<{ departure: { iataCode: string }; arrival: { iataCode: string }; [field: string]: unknown }> }>;
  travelerPricings: Array<{ fareDetailsBySegment: Array<Record<string, unknown>>; [field: string]: unknown }>;
  [field: string]: unknown;
}

/** A station of the train search and details (stop-list form). */
export interface RestTrainStop {
  stop_id: string;
  partners: Array<{ provider: string; service: string; id: number; name: string }>;
  [field: string]: unknown;
}

/** A train price: the trip's, or one of a car's prices (which add ticket type and luggage). */
export interface RestTrainPrice {
  total: string;
  grandTotal: string;
  bookingFeeTotal: string;
  currency: string;
  pricingContext: string;
  fees: Array<{ type: string; amount: string; recipient: string }>;
  otherCurrencies: Record<string, Record<string, unknown>>;
  ticketTypeId?: number;
  luggageTypeId?: number;
  [field: string]: unknown;
}

/** A train of GET /api/trip/train/search: what a client selects and sends back to the details. */
export interface RestTrainTrip {
  trip: { number: string; name: string; timeTableTrainSetId: number; [field: string]: unknown };
  departure: { date: string; dateTime: string; stop: RestTrainStop; [field: string]: unknown };
  arrival: { date: string; dateTime: string; stop: RestTrainStop; [field: string]: unknown };
  price: RestTrainPrice;
  cars: Array<{ carId: number; orderNo: number; typeName: string; capacity: number; [field: string]: unknown }>;
  carTypes: unknown[];
  /** Null when the provider could not enrich the calls. */
  stopTimes: Array<Record<string, unknown>> | null;
  [field: string]: unknown;
}

/** A seat-grid cell of a car in the details. */
export interface RestTrainSeat {
  id: string;
  label: string;
  type: string;
  class: string;
  orientation: string;
  positionX: number;
  positionY: number;
  available: boolean;
}

/** A car of the details' train, with its seat grid and prices. */
export interface RestTrainCar {
  id: number;
  carId: number;
  carTypeId: number;
  carClass?: string;
  capacity: number;
  standardCapacity: number;
  disabledCapacity: number;
  emptySeats: number;
  rowCount: number;
  columnCount: number;
  seats: RestTrainSeat[];
  prices: RestTrainPrice[];
  [field: string]: unknown;
}

/** The data of POST /api/trip/train/details: the trip reloaded, the train and the booking requirements. */
export interface RestTrainDetails extends RestTrainTrip {
  train: { cars: RestTrainCar[]; [field: string]: unknown };
  bookingRequirements: {
    travelerRequirements: Record<string, unknown>;
    nationalityOptions: Array<{ id: number; code: string; title: string; price: number }>;
    luggageOptions: Array<{ id: number; price: number; [field: string]: unknown }>;
    ticketTypeOptions: Array<{ id: number; code: string; title: string; price: number }>;
  };
}

/** The data of a seat hold or release (a release answers key and status only). */
export interface RestHold {
  hold: { key: string; status: string; expiresAt: string };
}

/** The data of POST /api/trip/train/seat/reserve (TRAIN_RESERVATION_FIELDS). */
export interface RestTrainReservation {
  provider: string;
  journeyType: string;
  reservation: { pnr: string; ticketNumbers: string[]; passengerCount: number; segmentCount: number };
  bill: { id: string; expireDate: string; paymentRequired: string; controlNumber: string };
  paymentReference: string;
  paymentWindow: { expiresInMinutes: number; internalExpiresAt: string; expiresAt: string; providerExpiresAt: string };
  paymentItems: Array<{ identifier: string; journey: string; passengerName: string; price: string; trainTicketUuid: string }>;
  trainTicketUuids: string[];
}

/** The body of the train issuance status and of an issue request (TRAIN_ISSUANCE_FIELDS): its members at the top level, no `data`. */
export interface RestTrainIssuance {
  paymentReference: string;
  funding: { source: string; status: string; walletDebited: boolean; duplicatePaymentRequiresReview: boolean };
  payout: { status: string };
  /** The instants are absent (never null) while the reservation is not stored complete. */
  issuance: { status: string; internalExpiresAt?: string; providerExpiresAt?: string };
  /** Only when issuance failed. */
  failure?: { stage: string; code: string; retryable: boolean; action: string };
  /** Only on the status read. */
  payable?: { baseAmount: string; baseCurrency: string; paymentRequired: string; quotes: Array<{ amount: string; currency: string; exchangeRate: string }> };
}

/** The data of a train payment deposit or confirmation (TRAIN_PAYMENT). */
export interface RestTrainPayment {
  paymentId: string;
  paymentReference: string;
  operation: string;
  method: string;
  status: string;
  amount: string;
  currency: string;
  quoteAmount: string;
  processingFee: string;
  rail: string | null;
  payerCountry: string | null;
  provider: string;
  providerReference: string | null;
  paysReservation: boolean;
  declineReason: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

/** A ticket summary of a flight reservation answer. */
export interface RestTicketSummary {
  ticketId: string;
  bookingReference: string;
  paymentReference: string;
  price: unknown;
  passengerSummary: { fullName: string };
  [field: string]: unknown;
}

/** The reservation of POST /api/flight/reserve/agent (AGENT_RESERVATION). */
export interface RestAgentReservation {
  id: string;
  reservationId: string;
  bookingReference: string;
  paymentReference: string;
  status: string;
  priceVersion: string;
  paymentTimeLimitInSeconds: number;
  ticketIds: string[];
  pricingRecords: Array<Record<string, unknown>>;
  documents: Array<Record<string, unknown>>;
  recordLocators: Array<{ type: string; [field: string]: unknown }>;
  [field: string]: unknown;
}

/** POST /api/flight/reserve/agent (201). */
export interface RestAgentReservationAnswer {
  reservation: RestAgentReservation;
  tickets: RestTicketSummary[];
}

/** POST /api/flight/reserve (201): tickets[] are flight tickets, flightOffers[] full offers. */
export interface RestCustomerReservationAnswer {
  tickets: RestFlightTicket[];
  flightReservation: {
    id: string;
    reservationId: string;
    status: string;
    flightOffers: RestFlightOffer[];
    [field: string]: unknown;
  };
}

/** The issuance of a purchase or an issue signal (ISSUANCE). */
export interface RestFlightIssuance {
  reservationId: string;
  status: string;
  documents: Array<{ status: string; ticketNumber: string | null; [field: string]: unknown }>;
  [field: string]: unknown;
}

/** An item of GET /api/flight/tickets, and of the customer reservation's tickets[]. */
export interface RestFlightTicket {
  ticketId: string;
  bookingReference: string;
  paymentReference: string;
  price: { total: string; currency: string };
  status: string;
  direction: string;
  issuanceStatus: string;
  coupons: Array<{ segmentReference: number; status: string; lastObservedAt: string }>;
  [field: string]: unknown;
}

/** A GraphQL answer over HTTP. `data` is null when the whole operation failed: tests read `errors` first then. */
export interface GraphQLAnswer<T> {
  data: T;
  errors?: Array<{ message: string; extensions: Record<string, unknown> }>;
}
