import type { FlightOfferPrice } from '../pricing/flight-pricing.calculator';
import type { NotificationPreferences } from '../../../shared/notifications/notification.types';
import type { BookingRequirements } from '../offers/booking-requirements.policy';
import type { SupplierBooking, SupplierOffer } from '../supplier/flight-supplier.port';
import type { OfferView } from '../offers/offer.view';

export type { ReservationStatus } from '../../../shared/api-contract/flight-reservation.contract';
import type { ReservationStatus } from '../../../shared/api-contract/flight-reservation.contract';

export type BookingChannel = 'CUSTOMER' | 'AGENT';

export interface RecordLocator {
  controlNumber: string;
  type: 'GDS' | 'AIRLINE';
  scope: 'PNR' | 'SEGMENT';
  firstObservedAt: string;
  lastObservedAt: string;
  companyId?: string | null;
  segmentReferences?: number[];
}

export interface AssociatedRecord {
  reference: string;
  creationDate: string;
  originSystemCode: string;
  flightOfferId: string;
}

export interface PricingRecord {
  reference: number;
  passengerReferences: number[];
  segmentReferences?: number[];
  tstReference?: number | null;
  status: 'PRICED' | 'TST_CREATED' | 'FAILED';
  supplierPrice: {
    currency: string;
    total: string;
    base?: string;
    taxes?: string;
    validatingCarrier?: string;
    fareBasis?: string[];
    bookingClasses?: string[];
    brands?: string[];
    taxDetails?: Array<{ amount: string; currency: string; code: string; countryCode: string }>;
    baggage?: string[];
    fareRestrictions?: string[];
  };
}

export interface TicketDocument {
  travelerId: string;
  passengerReference: number;
  status: 'EXPECTED' | 'ISSUED' | 'UNKNOWN';
  documentId?: string | null;
  pricingRecordReference?: number | null;
  segmentReferences?: number[];
  tstReference?: number | null;
  ticketNumber?: string | null;
  providerElement?: 'FA' | 'FH' | null;
  validatingCarrier?: string | null;
  issuedAt?: string | null;
}

/** One passenger on one itinerary: a return booking has two rows per passenger, one ticketId. */
export interface FlightTicketRow {
  uuid: string;
  ticketId: string;
  reservationId: string;
  bookingReference: string;
  paymentReference: string;
  travelerId: string;
  passengerReference: number;
  itineraryIndex: number;
  direction: 'OUTBOUND' | 'RETURN';
  departureDate: string;
  departureTime: string;
  fromCode: string;
  toCode: string;
  from: string;
  to: string;
  priceTotal: string;
  priceCurrency: string;
  providerSegmentReferences: number[];
  ticketNumber: string | null;
  documentId: string | null;
  documentStatus: 'EXPECTED' | 'ISSUED' | 'UNKNOWN';
  providerDocumentElement: 'FA' | 'FH' | null;
  validatingCarrier: string | null;
  tstReference: number | null;
  pricingRecordReference: number | null;
  coupons: Array<{ segmentReference: number; status: string; lastObservedAt: string }>;
  issuedAt: string | null;
  status: string;
}

/** The reservation as stored: the one record every flight endpoint reads and moves on. */
export interface FlightReservation {
  id: string;
  accountId: string;
  channel: BookingChannel;
  bookingUserType: 'CUSTOMER' | 'SERVICE_AGENT' | 'THIRD_PARTY_AGENT';
  offerReference: string;
  externalUserId: string | null;
  selectedOption: 'FLEXIBLE_FARE' | 'NON_REFUNDABLE_FARE';
  notifications: NotificationPreferences;
  status: ReservationStatus;
  bookingReference: string;
  paymentReference: string;
  pnr: string | null;
  language: 'en' | 'sw';
  displayCurrency: string;
  /** The current authoritative price (after any accepted change). */
  price: FlightOfferPrice;
  /** The price the offer was searched at: the "previousPrice" of the first price change. */
  originalPrice: FlightOfferPrice;
  priceVersion: string;
  priceChangeExpiresAt: Date | null;
  offerExpiresAt: Date;
  paymentDeadlineAt: Date | null;
  walletId: string | null;
  walletDebitTotal: string | null;
  walletCurrency: string | null;
  admittedAt: Date | null;
  authenticationContext: string;
  issuedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason?: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The offer as last priced by the supplier (the authoritative snapshot, then each reprice). */
  supplierOffer: SupplierOffer;
  /** The offer as the customer was shown it, replaced with each accepted reprice; null for reservations older than the column. */
  offerView: OfferView | null;
  requirements: BookingRequirements;
  /** Validated travelers (personal data: stays in MySQL, never in a job payload). */
  passengers: StoredPassenger[] | null;
  supplierBooking: SupplierBooking | null;
  pricingRecords: PricingRecord[] | null;
  documents: TicketDocument[] | null;
  lastError: string | null;
}

/** A validated traveler as the reservation keeps it. */
export interface StoredPassenger {
  travelerId: string;
  ageCategory: 'ADULT' | 'CHILD' | 'INFANT';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  gender: string | null;
  document: { type: string; number: string; expiryDate: string; issuedDate: string | null; issuingCountry: string; nationality: string } | null;
  nationality: string | null;
}
