import { randomBytes } from 'node:crypto';
import type { Principal } from '../../../shared/auth/token.service';
import { Role } from '../../../shared/auth/roles';
import { PlatformException } from '../../../shared/errors/app-error';
import type { FlightOfferPrice } from '../pricing/flight-pricing';
import type { SupplierTraveler } from '../supplier/flight-supplier.port';
import type { BookingChannel, FlightReservation, StoredPassenger } from './reservation.types';

/** The reserve flow's rules that need no service: who may reserve, and how a reservation reads to the supplier. */

export function authorize(principal: Principal, channel: BookingChannel): void {
  if (channel === 'AGENT' && principal.role !== Role.SERVICE_AGENT && principal.role !== Role.THIRD_PARTY_AGENT) {
    throw PlatformException.forbidden('Agent reservations need an agent account (permission level 222)');
  }
  if (channel === 'CUSTOMER' && principal.role !== Role.CUSTOMER) {
    throw PlatformException.forbidden('Customer reservations need a customer account; agents use /api/flight/reserve/agent');
  }
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
