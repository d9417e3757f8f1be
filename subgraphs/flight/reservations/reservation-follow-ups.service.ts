import type { EntityManager } from 'typeorm';
import type { FlightReservation } from './reservation.types';
import { bookingLedgerKey } from '../../../shared/wallet/ledger-key.codec';
import type { FlightPorts } from '../flight.port';
import { FLIGHT_JOBS } from '../jobs/flight.jobs';

export const FLIGHT_BOOKING_KIND = 'flight';
/** The job names, read from their handles (jobs/flight.jobs.ts) by bench/scale. */
export const RESERVATION_EXPIRY_JOB = FLIGHT_JOBS.reservationExpiry.name;
export const WALLET_DEBIT_JOB = FLIGHT_JOBS.walletDebit.name;

/**
 * What a new payable reservation sets in motion, written in its own transaction: the release at
 * the payment deadline, the reservation message and the one unpaid reminder (the notification
 * rules drop both for third-party agent bookings).
 */
export async function scheduleReservationFollowUps(
  ports: Pick<FlightPorts, 'outbox' | 'notifications'>,
  m: EntityManager,
  r: FlightReservation,
): Promise<void> {
  await ports.outbox.enqueue(m, FLIGHT_JOBS.reservationExpiry.of({ reservationId: r.id }, { notBefore: r.paymentDeadlineAt! }));
  await ports.notifications.request(m, { bookingKind: FLIGHT_BOOKING_KIND, bookingId: r.id, messageType: 'RESERVATION' });
  await ports.notifications.scheduleUnpaidReminder(m, {
    bookingKind: FLIGHT_BOOKING_KIND,
    bookingId: r.id,
    bookingUserType: r.bookingUserType,
    paymentDeadline: r.paymentDeadlineAt!,
  });
}

/** The wallet ledger's scope of flight reservations: an agent booking's admission hold and its one debit share a key. */
export const FLIGHT_LEDGER_SCOPE = 'flight-reservation';
export const flightWalletKey = (reservationId: string): string => bookingLedgerKey(FLIGHT_LEDGER_SCOPE, reservationId);
