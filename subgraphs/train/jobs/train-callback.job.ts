import type { TrainPorts } from '../train-ports.type';
import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import { TRAIN_JOBS, type TrainIssuanceJobPayload } from './train.jobs';
import { CallbackRefused, sendCallback } from '../issuance/callback.client';
import type { TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import { issuanceCallbackPayload, issuanceView } from '../issuance/train-issuance.view';
import type { TrainReservationRepository } from '../reservations/reservation.repository';

/**
 * POSTs the issuance status (the GET …/issuance body, without payable) to the agent's callbackUrl once issuance reached a final
 * state. Non-2xx answers and network errors throw, so BullMQ retries with backoff. A host resolving to a private,
 * loopback or link-local address is refused without any request (CallbackRefused → REFUSED, not retried) unless
 * SGR_CALLBACK_ALLOW_PRIVATE (tests). Delivered once: a repeat after DELIVERED does nothing.
 */
export function trainCallbackJob(
  ports: Pick<TrainPorts, 'clock' | 'logger' | 'config'>,
  reservations: TrainReservationRepository,
  issuances: TrainIssuanceRepository,
): JobDefinition<TrainIssuanceJobPayload> {
  return TRAIN_JOBS.issuanceCallback.runs(async ({ reservationId }) => {
    const issuance = await issuances.byReservation(reservationId);
    const r = await reservations.byId(reservationId);
    if (!issuance || !r || !issuance.callbackUrl) return { skipped: true };
    if (issuance.callbackStatus === 'DELIVERED' || issuance.callbackStatus === 'REFUSED') return { skipped: true, callbackStatus: issuance.callbackStatus };
    await issuances.update(reservationId, { callbackAttempts: issuance.callbackAttempts + 1 }, ports.clock.now());
    try {
      const payload = issuanceCallbackPayload(issuanceView(r, issuance));
      const sent = await sendCallback(issuance.callbackUrl, payload, { allowPrivate: ports.config.callbackAllowPrivate });
      await issuances.update(reservationId, { callbackStatus: 'DELIVERED', callbackDeliveredAt: ports.clock.now() }, ports.clock.now());
      ports.logger.info('train issuance callback delivered', { reservationId, status: sent.status });
      return { delivered: true, status: sent.status };
    } catch (error) {
      if (error instanceof CallbackRefused) {
        await issuances.update(reservationId, { callbackStatus: 'REFUSED', lastError: error.message.slice(0, 500) }, ports.clock.now());
        ports.logger.warn('train issuance callback refused', { reservationId, reason: error.message });
        return { delivered: false, refused: true };
      }
      throw error;
    }
  });
}
