import type { EntityManager } from 'typeorm';
import type { Platform } from '../../../shared/platform/platform';
import type { FlightReservation } from './reservation.types';
import { bookingLedgerKey } from '../../../shared/wallet/ledger-key';

export const FLIGHT_BOOKING_KIND = 'flight';
export const FLIGHT_QUEUE = 'flight';
export const RESERVATION_EXPIRY_JOB = 'reservation-expiry';
export const WALLET_DEBIT_JOB = 'wallet-debit';

export interface ReservationJobPayload {
  reservationId: string;
}

/**
 * What a new payable reservation sets in motion, written in its own transaction: the release at
 * the payment deadline, the reservation message and the one unpaid reminder (the notification
 * rules drop both for third-party agent bookings).
 */
export async function scheduleReservationFollowUps(platform: Platform, m: EntityManager, r: FlightReservation): Promise<void> {
  const payload: ReservationJobPayload = { reservationId: r.id };
  await platform.outbox.enqueue(m, { queue: FLIGHT_QUEUE, name: RESERVATION_EXPIRY_JOB, payload, notBefore: r.paymentDeadlineAt! });
  await platform.notifications.request(m, { bookingKind: FLIGHT_BOOKING_KIND, bookingId: r.id, messageType: 'RESERVATION' });
  await platform.notifications.scheduleUnpaidReminder(m, {
    bookingKind: FLIGHT_BOOKING_KIND,
    bookingId: r.id,
    bookingUserType: r.bookingUserType,
    paymentDeadline: r.paymentDeadlineAt!,
  });
}

/** The wallet ledger's scope of flight reservations: an agent booking's admission hold and its one debit share a key. */
export const FLIGHT_LEDGER_SCOPE = 'flight-reservation';
export const flightWalletKey = (reservationId: string): string => bookingLedgerKey(FLIGHT_LEDGER_SCOPE, reservationId);
