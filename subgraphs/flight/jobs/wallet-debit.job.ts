import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import type { WalletDebitService } from '../reservations/wallet-debit.service';
import { FLIGHT_JOBS, ReservationJobPayload } from './flight.jobs';

/** Debits an issued agent reservation's wallet once (reservations/wallet-debit.service.ts). */
export function walletDebitJob(debits: WalletDebitService): JobDefinition<ReservationJobPayload> {
  return FLIGHT_JOBS.walletDebit.runs(({ reservationId }) => debits.debitReservation(reservationId));
}
