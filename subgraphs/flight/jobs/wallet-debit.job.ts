import type { Platform } from '../../../shared/platform/platform';
import type { JobDefinition } from '../../../shared/queue/worker-host';
import { FLIGHT_QUEUE, flightWalletKey, ReservationJobPayload, WALLET_DEBIT_JOB } from '../reservations/reservation-follow-ups';
import type { ReservationRepository } from '../reservations/reservation.repository';
import type { FlightReservation } from '../reservations/reservation.types';

/**
 * Takes the frozen walletDebitTotal after issuance. The ledger's business key is the
 * reservation, so a retried or duplicated job (or the recovery job) debits once; the debit
 * captures the hold the purchase admitted under the same key (flightWalletKey).
 */
export function walletDebitJob(platform: Platform, reservations: ReservationRepository): JobDefinition<ReservationJobPayload> {
  return {
    queue: FLIGHT_QUEUE,
    name: WALLET_DEBIT_JOB,
    async process({ reservationId }) {
      const r = await reservations.byId(reservationId);
      if (!r || r.status !== 'ISSUED' || !r.walletId || !r.walletDebitTotal) return { skipped: true };
      return debitIssued(platform, r);
    },
  };
}

export async function debitIssued(platform: Platform, r: FlightReservation): Promise<{ entryId: string; duplicate: boolean }> {
  const result = await platform.ledger.debit(r.walletId!, {
    businessKey: flightWalletKey(r.id),
    amount: r.walletDebitTotal!,
    note: `flight ${r.bookingReference}`,
  });
  platform.logger.info('flight wallet debit', {
    reservationId: r.id,
    bookingReference: r.bookingReference,
    duplicate: result.duplicate,
    balanceAfter: result.balanceAfter,
  });
  return { entryId: result.entryId, duplicate: result.duplicate };
}
