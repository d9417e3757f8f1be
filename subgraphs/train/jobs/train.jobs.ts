import { defineQueue, job } from '../../../shared/queue/job-handle.factory';

/** Ids only: passenger data stays in MySQL. */
export interface TrainReservationJobPayload {
  reservationId: string;
}

/** Ids only: passenger data stays in MySQL. */
export interface TrainIssuanceJobPayload {
  reservationId: string;
}

/**
 * The train queue and its jobs: every enqueue and every worker definition in the train module goes through these
 * handles. The names are what rows already in the outbox and BullMQ carry, so they never change.
 */
export const TRAIN_QUEUE = defineQueue('train', {
  reservationExpiry: job<TrainReservationJobPayload>('train-reservation-expiry'),
  reserveReconcile: job<TrainReservationJobPayload>('train-reserve-reconcile'),
  issuance: job<TrainIssuanceJobPayload>('train-issuance'),
  issuanceRecovery: job<object>('train-issuance-recovery'),
  /** Repeatable: asks a real payment provider about PENDING charges whose callback is late. */
  paymentStatusPoll: job<object>('train-payment-status-poll'),
});

export const TRAIN_JOBS = TRAIN_QUEUE.jobs;
