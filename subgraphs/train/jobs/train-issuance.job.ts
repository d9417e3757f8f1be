import { isLastAttempt, type JobDefinition } from '../../../shared/queue/worker-host.service';
import type { TrainIssuanceWorkflow } from '../issuance/train-issuance.workflow';
import { TRAIN_JOBS, type TrainIssuanceJobPayload } from './train.jobs';

/**
 * Runs one admitted issuance (TrainIssuanceWorkflow: payout, issue at the provider, record issued). A retryable
 * failure throws, so BullMQ retries with backoff; the last attempt makes a retryable payout rejection final.
 */
export function trainIssuanceJob(workflow: TrainIssuanceWorkflow): JobDefinition<TrainIssuanceJobPayload> {
  return TRAIN_JOBS.issuance.runs(({ reservationId }, job) => workflow.run(reservationId, isLastAttempt(job)));
}
