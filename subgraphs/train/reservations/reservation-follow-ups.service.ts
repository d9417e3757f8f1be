import type { EntityManager } from 'typeorm';
import type { TrainPorts } from '../train-ports.type';
import { TRAIN_JOBS } from '../jobs/train.jobs';
import type { TrainReservation } from './reservation.types';
import { bookingLedgerKey } from '../../../shared/wallet/ledger-key.codec';

export const TRAIN_BOOKING_KIND = 'train';

/**
 * What a new reservation sets in motion, written in the transaction that stores it:
 * - customer bookings: the release at the payment deadline (agent bookings are claimed by issuance, so our
 *   window does not cancel them; the provider's bill expiry still bounds them);
 * - a confirmed reservation: the RESERVATION message and, for customers, the one unpaid reminder. The shared
 *   rules drop both for third-party agent bookings (rule 8). A reservation whose workflow start is unconfirmed
 *   gets no customer message: the client was told to contact support instead.
 */
export async function scheduleTrainReservationFollowUps(
  ports: Pick<TrainPorts, 'outbox' | 'notifications'>,
  m: EntityManager,
  r: TrainReservation,
): Promise<void> {
  if (r.bookingUserType === 'CUSTOMER') {
    await ports.outbox.enqueue(m, TRAIN_JOBS.reservationExpiry.of({ reservationId: r.id }, { notBefore: r.expiresAt! }));
  }
  if (r.status !== 'RESERVED') return;
  await ports.notifications.request(m, { bookingKind: TRAIN_BOOKING_KIND, bookingId: r.id, messageType: 'RESERVATION' });
  if (r.bookingUserType === 'CUSTOMER') {
    await ports.notifications.scheduleUnpaidReminder(m, {
      bookingKind: TRAIN_BOOKING_KIND,
      bookingId: r.id,
      bookingUserType: r.bookingUserType,
      paymentDeadline: r.expiresAt!,
    });
  }
}

/** The wallet ledger's business key of a reservation: its admission hold and its one debit share it. */
export const trainWalletKey = (reservationId: string): string => bookingLedgerKey('train-reservation', reservationId);
