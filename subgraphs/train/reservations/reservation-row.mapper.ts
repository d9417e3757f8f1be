import type { TrainReservation, TrainReservationStatus, TrainTicketRow, TrainTicketStatus } from './reservation.types';
import { nullableDate } from '../../../shared/database/column-values.mapper';

/** Train reservation and ticket rows as mysql2 gives them, and how they become the service's objects. */
export const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
export const date = nullableDate;
export const decimal = (value: string | null): string | null => (value === null || value === undefined ? null : String(value).replace(/\.00$/, ''));
export const bool = (value: unknown): boolean | null => (value === null || value === undefined ? null : Number(value) === 1);

/** A train_reservation row as mysql2 gives it: JSON columns parsed or as text (by server), DATETIME as Date, DECIMAL as a string. */
export interface TrainReservationRow {
  id: string;
  account_id: string;
  booking_user_type: TrainReservation['bookingUserType'];
  idempotency_key: string;
  request_fingerprint: string;
  status: TrainReservationStatus;
  attempt: number;
  journey_type: TrainReservation['journeyType'];
  ticket_purchase: number;
  notifications: unknown;
  outbound: unknown;
  return_journey: unknown;
  passengers: unknown;
  issuer_device_info: unknown;
  authentication_context: string;
  language: TrainReservation['language'];
  pricing_context: TrainReservation['pricingContext'];
  payment_reference: string;
  pnr: string | null;
  workflow_id: string | null;
  workflow_start_confirmed: number | null;
  bill_id: string | null;
  control_number: string | null;
  bill_amount: string | null;
  bill_currency: string | null;
  payment_required: string | null;
  payment_currency: string | null;
  reserved_at: Date | null;
  internal_expires_at: Date | null;
  expires_at: Date | null;
  provider_expires_at: Date | null;
  last_error: string | null;
  needs_attention_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A train_ticket row as mysql2 gives it (travel_date, a DATE, as its string). */
export interface TrainTicketDbRow {
  train_ticket_uuid: string;
  reservation_id: string;
  passenger_index: number;
  journey: TrainTicketRow['journey'];
  passenger_name: string;
  passenger_phone: string;
  ticket_number: string;
  hold_key: string;
  time_table_train_set_id: number;
  travel_date: string;
  from_stop_id: string;
  to_stop_id: string;
  car_id: number;
  car_number: number | null;
  car_type_id: number;
  car_class: TrainTicketRow['carClass'];
  seat_id: number;
  seat_label: string;
  ticket_type_id: number;
  luggage_id: number;
  fare_amount: string;
  price_total: string;
  price_currency: string;
  price: unknown;
  status: TrainTicketStatus;
  authentication_context: string;
  created_at: Date;
  updated_at: Date;
}

export function toReservation(row: TrainReservationRow): TrainReservation {
  return {
    id: row.id,
    accountId: row.account_id,
    bookingUserType: row.booking_user_type,
    idempotencyKey: row.idempotency_key,
    requestFingerprint: row.request_fingerprint,
    status: row.status,
    attempt: Number(row.attempt),
    journeyType: row.journey_type,
    ticketPurchase: Number(row.ticket_purchase) === 1,
    notifications: json(row.notifications)!,
    outbound: json(row.outbound)!,
    returnJourney: json(row.return_journey),
    passengers: json(row.passengers)!,
    issuerDeviceInfo: json(row.issuer_device_info),
    authenticationContext: row.authentication_context,
    language: row.language,
    pricingContext: row.pricing_context,
    paymentReference: row.payment_reference,
    pnr: row.pnr,
    workflowId: row.workflow_id,
    workflowStartConfirmed: bool(row.workflow_start_confirmed),
    billId: row.bill_id,
    controlNumber: row.control_number,
    billAmount: decimal(row.bill_amount),
    billCurrency: row.bill_currency,
    paymentRequired: decimal(row.payment_required),
    paymentCurrency: row.payment_currency,
    reservedAt: date(row.reserved_at),
    internalExpiresAt: date(row.internal_expires_at),
    expiresAt: date(row.expires_at),
    providerExpiresAt: date(row.provider_expires_at),
    lastError: row.last_error,
    needsAttentionAt: date(row.needs_attention_at),
    cancelledAt: date(row.cancelled_at),
    cancelReason: row.cancel_reason,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}

export function toTicket(row: TrainTicketDbRow): TrainTicketRow {
  return {
    trainTicketUuid: row.train_ticket_uuid,
    reservationId: row.reservation_id,
    passengerIndex: Number(row.passenger_index),
    journey: row.journey,
    passengerName: row.passenger_name,
    passengerPhone: row.passenger_phone,
    ticketNumber: row.ticket_number,
    holdKey: row.hold_key,
    timeTableTrainSetId: Number(row.time_table_train_set_id),
    // DATE columns come back as strings (dateStrings), never through a UTC Date.
    travelDate: String(row.travel_date).slice(0, 10),
    fromStopId: row.from_stop_id,
    toStopId: row.to_stop_id,
    carId: Number(row.car_id),
    carNumber: row.car_number === null || row.car_number === undefined ? null : Number(row.car_number),
    carTypeId: Number(row.car_type_id),
    carClass: row.car_class,
    seatId: Number(row.seat_id),
    seatLabel: row.seat_label,
    ticketTypeId: Number(row.ticket_type_id),
    luggageId: Number(row.luggage_id),
    fareAmount: decimal(row.fare_amount)!,
    priceTotal: decimal(row.price_total)!,
    priceCurrency: row.price_currency,
    price: json(row.price),
    status: row.status,
    authenticationContext: row.authentication_context,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}
