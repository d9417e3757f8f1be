import { defineQueue, job } from '../../../shared/queue/job-handle.factory';

/** The payload of every flight job that acts on one reservation: its id only, never passenger data. */
export interface ReservationJobPayload {
  reservationId: string;
}

/**
 * The flight queue and its jobs, each a typed handle: every enqueue (`FLIGHT_JOBS.x.of(payload)`) and every worker
 * definition (`FLIGHT_JOBS.x.runs(...)`) goes through these, so a queue or job name is written once. The names are
 * those rows already in the outbox and BullMQ carry: never rename one.
 */
export const FLIGHT_QUEUE_JOBS = defineQueue('flight', {
  /** Releases an unpaid reservation at its payment deadline. */
  reservationExpiry: job<ReservationJobPayload>('reservation-expiry'),
  /** Takes an issued agent reservation's frozen debit from its wallet. */
  walletDebit: job<ReservationJobPayload>('wallet-debit'),
  /** Issues a paid customer reservation after the issue signal. */
  customerIssuance: job<ReservationJobPayload>('customer-issuance'),
  /** Repeatable: finishes issuances and debits a crash left half done. */
  issuanceRecovery: job<object>('issuance-recovery'),
  /** Repeatable: asks a real payment provider about PENDING charges whose callback is late. */
  paymentStatusPoll: job<object>('flight-payment-status-poll'),
});

export const FLIGHT_QUEUE = FLIGHT_QUEUE_JOBS.queue;
export const FLIGHT_JOBS = FLIGHT_QUEUE_JOBS.jobs;
