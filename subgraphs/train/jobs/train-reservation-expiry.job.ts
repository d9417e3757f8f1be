import type { TrainPorts } from '../train-ports.type';
import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import { RailProviderError, type RailProvider } from '../provider/rail-provider.port';
import { TRAIN_BOOKING_KIND } from '../reservations/reservation-follow-ups.service';
import { TRAIN_JOBS, type TrainReservationJobPayload } from './train.jobs';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainReservationStatus } from '../reservations/reservation.types';
import type { TrainPaymentSettlement } from '../payments/train-payment-settlement.service';
import { TrainEvents } from '../webhooks/train-events';

/** Unpaid states the window may end; CANCELLING is a cancellation this job started and must finish. */
const CANCELLABLE: TrainReservationStatus[] = ['RESERVED', 'WORKFLOW_UNCONFIRMED', 'CANCELLING'];

/**
 * Ends an unpaid customer reservation when its payment window closes (docs/decisions.md "Train (SGR)",
 * payment window): the payment evidence is checked under the reservation's row lock and the row moves to
 * CANCELLING in that same transaction, so a payment confirmation (which locks the row and accepts only
 * RESERVED) either lands first and keeps the booking, or finds it cancelling. Then the provider cancels
 * (idempotent; seats are freed), and the tickets become CANCELLED with the customer told and train.reservation.expired
 * recorded, in the transaction guarded by CANCELLING. Agent bookings
 * are not ended by our window: issuance claims them. Safe to run twice; a crash mid-way resumes.
 */
export function trainReservationExpiryJob(
  ports: Pick<TrainPorts, 'clock' | 'transactor' | 'logger' | 'notifications' | 'webhooks'>,
  provider: RailProvider,
  reservations: TrainReservationRepository,
  settlement: TrainPaymentSettlement,
): JobDefinition<TrainReservationJobPayload> {
  return TRAIN_JOBS.reservationExpiry.runs(async ({ reservationId }) => {
    const now = ports.clock.now();
    const decision = await ports.transactor.transaction(async (m) => {
      const r = await reservations.byId(reservationId, m, true);
      if (!r || !CANCELLABLE.includes(r.status)) return { cancel: false as const, reason: `status ${r?.status ?? 'unknown'}` };
      if (r.bookingUserType !== 'CUSTOMER') return { cancel: false as const, reason: 'agent booking' };
      if (r.status !== 'CANCELLING') {
        if (!r.expiresAt || r.expiresAt.getTime() > now.getTime()) return { cancel: false as const, reason: 'deadline not reached' };
        // A confirmed payment the settlement has not attached yet (a crash in between) is attached now.
        if (await settlement.paidByEvidence(r, m)) return { cancel: false as const, reason: 'payment confirmed' };
        await reservations.update(r.id, { status: 'CANCELLING' }, now, m, ['RESERVED', 'WORKFLOW_UNCONFIRMED']);
      }
      return { cancel: true as const, pnr: r.pnr, paymentReference: r.paymentReference };
    });
    if (!decision.cancel) return { cancelled: false, reason: decision.reason };

    if (decision.pnr) {
      try {
        await provider.cancelReservation(decision.pnr);
      } catch (error) {
        // Paid at the provider after all: keep the booking for the payment flow to settle, never cancel it here.
        if (error instanceof RailProviderError && error.code === 'PROVIDER_REJECTED') {
          await reservations.update(
            reservationId,
            { status: 'RESERVED', lastError: `cancel refused: ${error.message}`.slice(0, 500) },
            ports.clock.now(),
            undefined,
            ['CANCELLING'],
          );
          ports.logger.warn('train reservation not cancelled: the provider refused', { reservationId, code: error.providerCode });
          return { cancelled: false, reason: 'provider refused' };
        }
        throw error; // transient: BullMQ retries, and CANCELLING resumes here
      }
    }
    const cancelled = await ports.transactor.transaction(async (m) => {
      const at = ports.clock.now();
      const moved = await reservations.update(reservationId, { status: 'CANCELLED', cancelledAt: at, cancelReason: 'PAYMENT_WINDOW_ENDED' }, at, m, [
        'CANCELLING',
      ]);
      if (!moved) return false;
      await reservations.setTicketStatus(reservationId, 'CANCELLED', at, m);
      await ports.notifications.request(m, { bookingKind: TRAIN_BOOKING_KIND, bookingId: reservationId, messageType: 'RESERVATION_CANCELLATION' });
      const r = (await reservations.byId(reservationId, m))!;
      await new TrainEvents(ports).expired(m, r, await reservations.ticketsOf(reservationId, m), at);
      return true;
    });
    ports.logger.info('train reservation cancelled at the end of its payment window', {
      reservationId,
      paymentReference: decision.paymentReference,
      cancelled,
    });
    return { cancelled };
  });
}
