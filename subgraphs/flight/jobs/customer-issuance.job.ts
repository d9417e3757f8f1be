import type { Platform } from '../../../shared/platform/platform';
import type { JobDefinition } from '../../../shared/queue/worker-host';
import { FlightException } from '../errors/flight.exception';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';
import { CUSTOMER_ISSUANCE_JOB } from '../reservations/customer-issuance.service';
import type { IssuanceService } from '../reservations/issuance.service';
import { FLIGHT_QUEUE, ReservationJobPayload } from '../reservations/reservation-follow-ups';
import type { ReservationRepository } from '../reservations/reservation.repository';

/**
 * Issues a paid customer reservation after the issue signal. Idempotent: an issued reservation
 * is left alone, and the supplier never tickets a traveler twice. An unfinished issuance
 * (partial, supplier timeout, another caller holding the lease) throws so BullMQ retries with
 * backoff; a definite airline refusal is not retried (the reservation is back at TST_CREATED
 * with last_error, for direct issuance or a refund).
 */
export function customerIssuanceJob(
  platform: Platform,
  reservations: ReservationRepository,
  issuance: IssuanceService,
  payments: FlightPaymentRepository,
): JobDefinition<ReservationJobPayload> {
  return {
    queue: FLIGHT_QUEUE,
    name: CUSTOMER_ISSUANCE_JOB,
    async process({ reservationId }) {
      const r = await reservations.byId(reservationId);
      if (!r) return { skipped: true, reason: 'unknown reservation' };
      if (r.status === 'ISSUED') return { issued: true, duplicate: true };
      if (r.status !== 'ISSUING' && r.status !== 'PARTIALLY_ISSUED') return { skipped: true, status: r.status };
      // The gate is checked again here: the job only ever issues against a confirmed, matching payment.
      if (!(await payments.confirmedFor(r))) {
        await reservations.update(
          r.id,
          { status: 'TST_CREATED', lastError: 'customer issuance stopped: no confirmed payment matches' },
          platform.clock.now(),
          undefined,
          ['ISSUING'],
        );
        platform.logger.warn('flight customer issuance without a matching payment', { reservationId });
        return { skipped: true, reason: 'payment not confirmed' };
      }
      try {
        const outcome = await issuance.issue(r);
        if (!outcome.complete) throw new Error(`flight ${r.bookingReference} is not fully issued yet (${outcome.reservation.status}); retrying`);
        return { issued: true };
      } catch (error) {
        if (error instanceof FlightException && error.errorCode === 'FLIGHT_ISSUANCE_FAILED') {
          platform.logger.error('flight customer issuance refused by the airline', {
            reservationId,
            bookingReference: r.bookingReference,
            reason: error.errorMessage,
          });
          return { issued: false, failed: true };
        }
        throw error;
      }
    },
  };
}
