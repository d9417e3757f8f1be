import { formatAmount, parseAmount } from '../../../shared/money/money.calculator';
import type { FlightReservation, FlightTicketRow, ReservationStatus } from './reservation.types';
import { nullableDate } from '../../../shared/database/column-values.mapper';

/** Reservation fields stored as JSON text, by column. */
export const JSON_COLUMNS = {
  notifications: 'notifications',
  price: 'price',
  supplierOffer: 'supplier_offer',
  offerView: 'offer_view',
  requirements: 'requirements',
  passengers: 'passengers',
  supplierBooking: 'supplier_booking',
  pricingRecords: 'pricing_records',
  documents: 'documents',
} as const;

export const PLAIN_COLUMNS = {
  status: 'status',
  pnr: 'pnr',
  priceVersion: 'price_version',
  priceChangeExpiresAt: 'price_change_expires_at',
  paymentDeadlineAt: 'payment_deadline_at',
  walletId: 'wallet_id',
  walletCurrency: 'wallet_currency',
  walletDebitTotal: 'wallet_debit_total',
  admittedAt: 'admitted_at',
  issuedAt: 'issued_at',
  cancelledAt: 'cancelled_at',
  lastError: 'last_error',
  externalUserId: 'external_user_id',
  selectedOption: 'selected_option',
} as const;

export const json = <T>(value: string | null): T | null => (value === null || value === undefined ? null : (JSON.parse(value) as T));
export const date = nullableDate;

/** A flight_reservation row as mysql2 gives it: JSON documents as text, DATETIME as Date, DECIMAL as a string. */
export interface FlightReservationRow {
  id: string;
  account_id: string;
  channel: FlightReservation['channel'];
  booking_user_type: FlightReservation['bookingUserType'];
  offer_reference: string;
  external_user_id: string | null;
  selected_option: FlightReservation['selectedOption'];
  notifications: string;
  status: ReservationStatus;
  booking_reference: string;
  payment_reference: string;
  pnr: string | null;
  language: FlightReservation['language'];
  display_currency: string;
  supplier_offer: string;
  offer_view: string | null;
  price: string;
  original_price: string;
  price_version: string;
  price_change_expires_at: Date | null;
  requirements: string;
  passengers: string | null;
  supplier_booking: string | null;
  pricing_records: string | null;
  documents: string | null;
  offer_expires_at: Date;
  payment_deadline_at: Date | null;
  wallet_id: string | null;
  wallet_currency: string | null;
  wallet_debit_total: string | null;
  admitted_at: Date | null;
  authentication_context: string;
  last_error: string | null;
  issued_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A flight_ticket row with its reservation's booking and payment references (every ticket query joins them). */
export interface FlightTicketDbRow {
  uuid: string;
  ticket_id: string;
  reservation_id: string;
  booking_reference: string;
  payment_reference: string;
  traveler_id: string;
  passenger_reference: number;
  itinerary_index: number;
  direction: FlightTicketRow['direction'];
  departure_date: string;
  departure_time: string;
  from_code: string;
  to_code: string;
  from_name: string;
  to_name: string;
  price_total: string;
  price_currency: string;
  provider_segment_references: string;
  ticket_number: string | null;
  document_id: string | null;
  document_status: FlightTicketRow['documentStatus'];
  provider_document_element: FlightTicketRow['providerDocumentElement'];
  validating_carrier: string | null;
  tst_reference: number | null;
  pricing_record_reference: number | null;
  coupons: string;
  issued_at: Date | null;
  status: string;
}

export function toReservation(row: FlightReservationRow): FlightReservation {
  return {
    id: row.id,
    accountId: row.account_id,
    channel: row.channel,
    bookingUserType: row.booking_user_type,
    offerReference: row.offer_reference,
    externalUserId: row.external_user_id,
    selectedOption: row.selected_option,
    notifications: json(row.notifications) ?? {},
    status: row.status,
    bookingReference: row.booking_reference,
    paymentReference: row.payment_reference,
    pnr: row.pnr,
    language: row.language,
    displayCurrency: row.display_currency,
    price: json(row.price)!,
    originalPrice: json(row.original_price)!,
    priceVersion: row.price_version,
    priceChangeExpiresAt: date(row.price_change_expires_at),
    offerExpiresAt: date(row.offer_expires_at)!,
    paymentDeadlineAt: date(row.payment_deadline_at),
    walletId: row.wallet_id,
    walletCurrency: row.wallet_currency,
    walletDebitTotal: row.wallet_debit_total,
    admittedAt: date(row.admitted_at),
    authenticationContext: row.authentication_context,
    issuedAt: date(row.issued_at),
    cancelledAt: date(row.cancelled_at),
    cancelReason: row.cancel_reason,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    supplierOffer: json(row.supplier_offer)!,
    offerView: json(row.offer_view),
    requirements: json(row.requirements)!,
    passengers: json(row.passengers),
    supplierBooking: json(row.supplier_booking),
    pricingRecords: json(row.pricing_records),
    documents: json(row.documents),
    lastError: row.last_error,
  };
}

export function toTicket(row: FlightTicketDbRow): FlightTicketRow {
  return {
    uuid: row.uuid,
    ticketId: row.ticket_id,
    reservationId: row.reservation_id,
    bookingReference: row.booking_reference,
    paymentReference: row.payment_reference,
    travelerId: row.traveler_id,
    passengerReference: Number(row.passenger_reference),
    itineraryIndex: Number(row.itinerary_index),
    direction: row.direction,
    departureDate: row.departure_date,
    departureTime: row.departure_time,
    fromCode: row.from_code,
    toCode: row.to_code,
    from: row.from_name,
    to: row.to_name,
    // DECIMAL(20,4) reads back as "171.0000": the API writes amounts with the currency's own decimals.
    priceTotal: formatAmount(parseAmount(row.price_total), row.price_currency),
    priceCurrency: row.price_currency,
    providerSegmentReferences: JSON.parse(row.provider_segment_references),
    ticketNumber: row.ticket_number,
    documentId: row.document_id,
    documentStatus: row.document_status,
    providerDocumentElement: row.provider_document_element,
    validatingCarrier: row.validating_carrier,
    tstReference: row.tst_reference === null ? null : Number(row.tst_reference),
    pricingRecordReference: row.pricing_record_reference === null ? null : Number(row.pricing_record_reference),
    coupons: JSON.parse(row.coupons),
    issuedAt: row.issued_at ? new Date(row.issued_at).toISOString() : null,
    status: row.status,
  };
}
