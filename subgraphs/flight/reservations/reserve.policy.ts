import { randomBytes } from 'node:crypto';
import type { Principal } from '../../../shared/auth/token.service';
import { Role } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import type { FlightOfferPrice } from '../pricing/flight-pricing.calculator';
import type { SupplierTraveler } from '../supplier/flight-supplier.port';
import type { BookingChannel, FlightReservation, StoredPassenger } from './reservation.types';
import type { NotificationPreferences } from '../../../shared/notifications/notification.types';
import {
  checkReservationRequest,
  type ReservationRequest,
  type ReservationRequestInput,
  reservationProblemsMessage,
} from '../../../shared/api-contract/flight-reservation.validator';
import { FlightException } from '../errors/flight.exception';

/** The reserve flow's rules that need no service: who may reserve, what a retry may not change, and how a reservation reads to the supplier. */

export function authorize(principal: Principal, channel: BookingChannel): void {
  if (channel === 'AGENT' && principal.role !== Role.SERVICE_AGENT && principal.role !== Role.THIRD_PARTY_AGENT) {
    throw PlatformException.forbidden('Agent reservations need an agent account (permission level 222)');
  }
  if (channel === 'CUSTOMER' && principal.role !== Role.CUSTOMER) {
    throw PlatformException.forbidden('Customer reservations need a customer account; agents use /api/flight/reserve/agent');
  }
}

/** The request's own members, checked by the one reservation validator: a 400 listing every problem. */
export function reservationRequest(input: ReservationRequestInput, externalUserId: string | null | undefined): ReservationRequest {
  const checked = checkReservationRequest(input, externalUserId);
  if ('problems' in checked) throw FlightException.invalidRequest(reservationProblemsMessage(checked.problems), checked.problems);
  return checked.request;
}

/** Rule 1 of /reserve/agent: a retry must not change the external user, the option or the notification settings. */
export function retryConflict(
  existing: { externalUserId: string | null; selectedOption: string; notifications: NotificationPreferences },
  request: ReservationRequest,
): string | null {
  if ((existing.externalUserId ?? null) !== request.externalUserId) return 'X-External-User-Id differs from the first attempt for this offer';
  if (existing.selectedOption !== request.selectedOption) return 'selectedOption differs from the first attempt for this offer';
  const before = existing.notifications;
  for (const key of ['ticketPurchase', 'allOtherTripNotification', 'serviceAccountCreation'] as const) {
    if ((before[key] !== false) !== request.notifications[key]) return `notifications.${key} differs from the first attempt for this offer`;
  }
  return null;
}

export function roleOf(r: FlightReservation): Role {
  return r.bookingUserType === 'CUSTOMER' ? Role.CUSTOMER : r.bookingUserType === 'THIRD_PARTY_AGENT' ? Role.THIRD_PARTY_AGENT : Role.SERVICE_AGENT;
}

export function priceChangeData(
  reservationId: string,
  previous: FlightOfferPrice,
  current: FlightOfferPrice,
  priceVersion: string,
  expiresAt: Date,
  channel: BookingChannel,
) {
  const summary = (p: FlightOfferPrice) =>
    channel === 'AGENT' && p.walletSettlement
      ? { grandTotal: p.grandTotal, currency: p.currency, walletDebitTotal: p.walletSettlement.debitTotal, walletCurrency: p.walletSettlement.currency }
      : { grandTotal: p.grandTotal, currency: p.currency };
  return { reservationId, previousPrice: summary(previous), currentPrice: summary(current), priceVersion, expiresAt: expiresAt.toISOString() };
}

/** The supplier's field names for what it asks at booking time, as the reservation request names them. */
const SUPPLIER_FIELD_NAMES: Record<string, string> = {
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  'document.type': 'documentType',
  'document.number': 'passportNumber',
  'document.expiryDate': 'passportExpiryDate',
  'document.issuingCountry': 'documentIssuingCountry',
  'document.nationality': 'nationality',
};

/** A field the supplier asks for, by the reservation request's name for it. */
export function supplierFieldName(field: string): string {
  return SUPPLIER_FIELD_NAMES[field] ?? field;
}

export function toSupplierTraveler(p: StoredPassenger): SupplierTraveler {
  return {
    travelerId: p.travelerId,
    type: p.ageCategory === 'INFANT' ? 'HELD_INFANT' : p.ageCategory,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth ?? undefined,
    gender: p.gender === 'MALE' || p.gender === 'FEMALE' ? p.gender : undefined,
    email: p.email,
    phone: p.phone,
    document: p.document
      ? {
          type: p.document.type,
          number: p.document.number,
          expiryDate: p.document.expiryDate,
          issuingCountry: p.document.issuingCountry,
          nationality: p.document.nationality,
        }
      : undefined,
  } as SupplierTraveler;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Short human references without look-alike characters (no 0/O, 1/I). */
export function reference(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
}
