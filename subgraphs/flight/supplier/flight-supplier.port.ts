/**
 * The flight supplier (a GDS): search, price, sell, PNR, TST, issue, retrieve, cancel.
 * The default adapter is the deterministic simulator (gds-simulator.adapter.ts); a real GDS
 * adapter implements the same interface. Dates are local calendar dates (YYYY-MM-DD) and
 * times are local wall-clock date-times without zone (YYYY-MM-DDTHH:mm:ss), as GDSs give them.
 */

export type Cabin = 'ECONOMY' | 'PREMIUM_ECONOMY' | 'BUSINESS' | 'FIRST';
export type TravelerType = 'ADULT' | 'CHILD' | 'HELD_INFANT';

export interface SupplierSearchCriteria {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string | null;
  adults: number;
  children: number;
  infants: number;
  /** Each child's age, when the client gave them (a supplier that prices by age uses them; others price by band). */
  childAges?: number[] | null;
  /** Each infant's age, when given. */
  infantAges?: number[] | null;
  travelClass?: Cabin | null;
  includedAirlineCodes?: string[];
  excludedAirlineCodes?: string[];
  nonStop: boolean;
  max: number;
}

export interface SupplierSegment {
  /** Unique within the offer, e.g. "1", "2". */
  id: string;
  departure: { iataCode: string; terminal?: string | null; at: string };
  arrival: { iataCode: string; terminal?: string | null; at: string };
  carrierCode: string;
  number: string;
  aircraftCode: string;
  operatingCarrierCode: string;
  /** ISO 8601 duration, e.g. PT1H25M. */
  duration: string;
  numberOfStops: number;
  cabin: Cabin;
}

export interface SupplierItinerary {
  duration: string;
  segments: SupplierSegment[];
}

export interface SupplierTravelerPricing {
  /** "1", "2", ... in the order adults, children, infants. */
  travelerId: string;
  travelerType: TravelerType;
  fareOption: string;
  price: { currency: string; total: string; base: string };
  fareDetailsBySegment: Array<{ segmentId: string; cabin: Cabin; fareBasis: string; class: string; includedCheckedBags: { quantity: number } }>;
  /** The supplier's own id of this passenger, for suppliers that book by it (Duffel's `pas_…`); absent for the simulator. */
  supplierPassengerId?: string;
}

/** One bookable offer as the supplier prices it, in the supplier's currency. */
export interface SupplierOffer {
  /** Stable for the same flights and fares: the same search gives the same ids. */
  id: string;
  source: 'GDS';
  oneWay: boolean;
  instantTicketingRequired: boolean;
  nonHomogeneous: boolean;
  lastTicketingDate: string;
  numberOfBookableSeats: number;
  validatingAirlineCodes: string[];
  itineraries: SupplierItinerary[];
  price: { currency: string; total: string; base: string; taxes: Array<{ amount: string; code: string; countryCode: string }> };
  travelerPricings: SupplierTravelerPricing[];
  fareRules: { refundable: boolean; changeable: boolean };
  /**
   * When the supplier stops accepting this offer (ISO 8601 instant), for suppliers that say (Duffel's `expires_at`);
   * absent for the GDS simulator. The search should store offers until the earlier of its own TTL and this.
   */
  expiresAt?: string | null;
  /** The supplier says every traveler must give a travel document (Duffel's `passenger_identity_documents_required`). */
  documentsRequired?: boolean;
}

export type SupplierErrorCode =
  | 'SEARCH_UNAVAILABLE'
  | 'INVALID_RESPONSE'
  | 'CURRENCY_UNAVAILABLE'
  | 'SELL_UNAVAILABLE'
  | 'REPRICE_UNAVAILABLE'
  | 'RESERVATION_FAILED'
  | 'ISSUANCE_FAILED'
  | 'CANCEL_FAILED'
  | 'TIMEOUT';

/** A supplier refusal or failure. `retryable` says whether the same call may succeed later. */
export class SupplierError extends Error {
  constructor(
    readonly code: SupplierErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}

/* ------------------------------------------------------------------ booking operations */

export interface SupplierTravelerDocument {
  type: 'PASSPORT' | 'IDENTITY_CARD';
  number: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  /** ISO 3166-1 alpha-2 */
  issuingCountry: string;
  /** ISO 3166-1 alpha-2 */
  nationality: string;
}

export interface SupplierTraveler {
  /** The offer's travelerPricings[].travelerId this traveler fills. */
  travelerId: string;
  type: TravelerType;
  firstName: string;
  lastName: string;
  dateOfBirth?: string | null;
  gender?: 'MALE' | 'FEMALE' | null;
  email: string;
  /** E.164, e.g. +255712345678. */
  phone: string;
  document?: SupplierTravelerDocument | null;
}

/** A traveler field the airline asks for, named as on SupplierTraveler. */
export type SupplierTravelerField =
  'dateOfBirth' | 'gender' | 'document.type' | 'document.number' | 'document.expiryDate' | 'document.issuingCountry' | 'document.nationality';

export interface SupplierRequiredField {
  travelerId: string;
  field: SupplierTravelerField;
  message: string;
}

export interface SupplierRecordLocator {
  controlNumber: string;
  /** GDS: the PNR itself; AIRLINE: the operating carrier's own locator for its segments. */
  type: 'GDS' | 'AIRLINE';
  scope: 'PNR' | 'SEGMENT';
  /** The carrier code for AIRLINE locators. */
  companyId?: string;
  segmentReferences: number[];
}

export interface SupplierAssociatedRecord {
  reference: string;
  /** YYYY-MM-DDTHH:mm:ss.sssZ */
  creationDate: string;
  /** "GDS" for the PNR, else the carrier code. */
  originSystemCode: string;
  flightOfferId: string;
}

export type SupplierSegmentStatus = 'CONFIRMED' | 'CANCELLED';

export interface SupplierBookedSegment {
  /** PNR segment element number (1, 2, ... across itineraries); pricing records, tickets and coupons point at it. */
  reference: number;
  itineraryIndex: number;
  /** The offer segment this was sold from. */
  segmentId: string;
  carrierCode: string;
  number: string;
  departure: { iataCode: string; terminal?: string | null; at: string };
  arrival: { iataCode: string; terminal?: string | null; at: string };
  cabin: Cabin;
  bookingClass: string;
  status: SupplierSegmentStatus;
}

export interface SupplierBookedTraveler extends SupplierTraveler {
  /** PNR passenger element number (1, 2, ...). */
  passengerReference: number;
}

export interface SupplierPricingRecord {
  reference: number;
  passengerReferences: number[];
  segmentReferences: number[];
  /** Absent when the record FAILED. */
  tstReference?: number;
  travelerType: TravelerType;
  /** Totals for all passengers of the record together (the sum over records is the booking total). */
  supplierPrice: {
    currency: string;
    total: string;
    base: string;
    taxes: string;
    taxDetails: Array<{ amount: string; currency: string; code: string; countryCode: string }>;
    validatingCarrier: string;
    fareBasis: string[];
    bookingClasses: string[];
    /** Per segment, e.g. "1PC". */
    baggage: string[];
  };
  status: 'PRICED' | 'TST_CREATED' | 'FAILED';
}

export interface SupplierCoupon {
  segmentReference: number;
  /** OPEN: usable; issued coupons stay OPEN until flown, voided or refunded. */
  status: string;
}

export interface SupplierTicketDocument {
  travelerId: string;
  passengerReference: number;
  status: 'ISSUED' | 'EXPECTED' | 'UNKNOWN';
  /** 13 digits: the validating carrier's 3-digit prefix and a 10-digit serial. Present once ISSUED. */
  ticketNumber?: string;
  documentId?: string;
  providerElement?: 'FA' | 'FH';
  validatingCarrier: string;
  issuedAt?: string;
  /** Null for a supplier without pricing records (Duffel: the order itself holds the price). */
  pricingRecordReference: number | null;
  tstReference?: number;
  segmentReferences: number[];
  coupons: SupplierCoupon[];
}

export type SupplierBookingStatus = 'CONFIRMED' | 'CANCELLED';

export interface SupplierBooking {
  /** The GDS record locator: 6 characters A-Z0-9. */
  pnr: string;
  status: SupplierBookingStatus;
  /** The offer as sold (its price is the price of the booking). */
  offer: SupplierOffer;
  recordLocators: SupplierRecordLocator[];
  associatedRecords: SupplierAssociatedRecord[];
  segments: SupplierBookedSegment[];
  travelers: SupplierBookedTraveler[];
  /** Empty until createPricingRecords. */
  pricingRecords: SupplierPricingRecord[];
  /** One per traveler once issuance started; empty before. */
  documents: SupplierTicketDocument[];
  createdAt: string;
  cancelledAt: string | null;
}

export type SupplierBookingResult =
  | { kind: 'BOOKED'; booking: SupplierBooking }
  /** Nothing was booked: resend the same travelers with these fields filled (the same idempotencyKey may be reused). */
  | { kind: 'ADDITIONAL_INFORMATION_REQUIRED'; fields: SupplierRequiredField[] };

export interface SupplierCancellation {
  /** The segments are cancelled and their seats released. */
  cancelled: boolean;
  /** Tickets were issued: the money comes back only through a refund, a separate process. */
  refundRequired: boolean;
  /** The airline has taken the refund in hand and will settle it later. */
  refundPending: boolean;
  /**
   * What the supplier gives back, for suppliers that quote it (Duffel's cancellation `refund_amount`/`refund_currency`,
   * `refund_to` e.g. balance, voucher, airline_credits); absent for the simulator, null when the supplier quoted none.
   */
  refund?: { amount: string; currency: string; to: string } | null;
}

/** Only the last names matter to reprice (they carry the sandbox triggers); full travelers may be passed. */
export type SupplierRepriceTraveler = Pick<SupplierTraveler, 'lastName'>;

export interface FlightSupplier {
  /** Throws SupplierError SEARCH_UNAVAILABLE (retryable or not), TIMEOUT, INVALID_RESPONSE or CURRENCY_UNAVAILABLE. Dates outside the schedule give []. */
  search(criteria: SupplierSearchCriteria): Promise<SupplierOffer[]>;
  /** Re-prices an offer right before selling: the same offer (same id) with the current price and seats, or SupplierError REPRICE_UNAVAILABLE. */
  reprice(offer: SupplierOffer, travelers?: ReadonlyArray<SupplierRepriceTraveler>): Promise<SupplierOffer>;
  /**
   * Sells the seats and creates the PNR. Throws SELL_UNAVAILABLE, RESERVATION_FAILED, or TIMEOUT (the PNR may
   * exist: repeat with the same idempotencyKey to get it). A repeated idempotencyKey returns the booking it made.
   */
  createBooking(input: { offer: SupplierOffer; travelers: SupplierTraveler[]; idempotencyKey: string }): Promise<SupplierBookingResult>;
  /** Creates the TST (stored fare) for the PNR: one pricing record per passenger type. Repeating returns the same records. */
  createPricingRecords(pnr: string): Promise<SupplierPricingRecord[]>;
  /**
   * Issues tickets; answers one document per traveler: ISSUED, or EXPECTED/UNKNOWN when issuance is partial.
   * A traveler is never ticketed twice, so repeating the call (same or new key) completes or re-reads the issuance.
   * Throws ISSUANCE_FAILED, or TIMEOUT (tickets may be issued: retrieve or repeat).
   */
  issueTickets(pnr: string, idempotencyKey: string): Promise<SupplierTicketDocument[]>;
  retrieve(pnr: string): Promise<SupplierBooking | null>;
  /** Cancels every segment of the PNR; repeating is idempotent. Throws CANCEL_FAILED. */
  cancel(pnr: string): Promise<SupplierCancellation>;
}
