import type { EntityManager } from 'typeorm';
import type { Platform } from '../../../shared/platform/platform';
import type { FlightReservation } from './reservation.types';

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

/** The wallet ledger's business key of a reservation: its admission hold and its one debit share it. */
/** The ledger key of an agent booking's hold and debit: one per reservation. */
export const FLIGHT_WALLET_KEY_PREFIX = 'flight-reservation:';
export const flightWalletKey = (reservationId: string): string => `${FLIGHT_WALLET_KEY_PREFIX}${reservationId}`;
