import { isLastAttempt, type JobDefinition } from '../../../shared/queue/worker-host.service';
import type { RailProvider } from '../provider/rail-provider.port';
import { TRAIN_JOBS, type TrainReservationJobPayload } from './train.jobs';
import type { SeatHoldRepository } from '../holds/seat-hold.repository';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import { lastErrorOf, PROCESSING_LEASE_MS, providerKeyOf, TrainReservationStore } from '../reservations/reservation.store';

/**
 * Reconciles a reservation whose provider answer was lost (docs/decisions.md "Reserve reconciliation bounds"), scheduled by the
 * reserve endpoint (one job per provider key, reconcileJobIdOf), so nothing stays PENDING when the client never
 * retries. Under the same processing lease as the endpoint it asks the provider again with the same key: what was
 * made is stored exactly as a direct answer (tickets, window, holds, follow-ups), a definite refusal makes it FAILED.
 * A busy lease or another lost answer throws, so BullMQ retries with backoff (SGR_RECONCILE_ATTEMPTS,
 * SGR_RECONCILE_BACKOFF_MS); it never queues reconciliation itself. After the last attempt the reservation stays
 * PENDING with needs_attention_at set and an error is logged for an operator.
 * Anything but PENDING (a client retry reconciled first) is skipped; a later client retry gets the stored answer.
 */
export function trainReserveReconcileJob(
  ports: ConstructorParameters<typeof TrainReservationStore>[0],
  provider: RailProvider,
  reservations: TrainReservationRepository,
  holds: SeatHoldRepository,
): JobDefinition<TrainReservationJobPayload> {
  const booking = new TrainReservationStore(ports, provider, reservations, holds);
  return TRAIN_JOBS.reserveReconcile.runs(async ({ reservationId }, job) => {
    const found = await reservations.byId(reservationId);
    if (found?.status !== 'PENDING') return { skipped: true, status: found?.status ?? null };
    const lastAttempt = isLastAttempt(job);
    try {
      if (!(await reservations.claim(reservationId, ports.clock.now(), PROCESSING_LEASE_MS))) {
        throw new Error('another request is talking to the provider for this reservation');
      }
      try {
        const r = (await reservations.byId(reservationId))!;
        if (r.status !== 'PENDING') return { skipped: true, status: r.status };
        const outcome = await booking.book(r);
        if (outcome.kind === 'REFUSED') {
          ports.logger.info('train reservation reconciled: the provider refused it', {
            reservationId,
            code: outcome.error.providerCode ?? outcome.error.code,
          });
          return { reconciled: true, status: 'FAILED' };
        }
        if (outcome.kind === 'UNKNOWN') {
          await reservations.update(reservationId, { lastError: lastErrorOf(outcome.error) }, ports.clock.now());
          throw outcome.error;
        }
        const done = await booking.store(r, outcome.made, await booking.seatLabelsOf(r));
        ports.logger.info('train reservation reconciled in the background', { reservationId, pnr: done.pnr, status: done.status });
        return { reconciled: true, status: done.status, pnr: done.pnr };
      } finally {
        await reservations.release(reservationId);
      }
    } catch (error) {
      if (lastAttempt) {
        // The seats may be booked at the provider while we show nothing: someone has to look. Only a PENDING one is
        // flagged: a client retry may have settled it meanwhile.
        const flagged = await reservations.update(reservationId, { needsAttentionAt: ports.clock.now() }, ports.clock.now(), undefined, ['PENDING']);
        ports.logger.error('train reservation left PENDING and needs attention: reconciliation gave up; check the provider for its idempotency key', {
          reservationId,
          paymentReference: found.paymentReference,
          providerIdempotencyKey: providerKeyOf(found),
          needsAttention: flagged,
          attempts: job?.attemptsMade === undefined ? null : job.attemptsMade + 1,
          reason: (error as Error).message,
        });
      }
      throw error;
    }
  });
}
