import type { TrainPorts } from '../train-ports.type';
import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import { TRAIN_JOBS } from './train.jobs';
import type { TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import type { TrainIssuanceWorkflow } from '../issuance/train-issuance.workflow';

const BATCH = 50;

/**
 * Finishes admitted train issuances that stopped half way (docs/decisions.md "Recovery without the client"):
 * an issuance still ISSUING and untouched past RECOVERY_STALE_SECONDS (its job's worker died, or its retries ran
 * out on a transient failure) is run again by the same TrainIssuanceWorkflow the train-issuance job runs (payout and issue are
 * idempotent at the provider; the debit is one ledger key per reservation). Each is tried at most
 * RECOVERY_MAX_ATTEMPTS times, the last of which makes a retryable payout rejection final.
 */
export function trainIssuanceRecoveryJob(
  ports: Pick<TrainPorts, 'clock' | 'logger' | 'recovery'>,
  issuances: TrainIssuanceRepository,
  workflow: TrainIssuanceWorkflow,
): JobDefinition<object> {
  const { intervalSeconds, staleSeconds, maxAttempts } = ports.recovery;
  const log = ports.logger.child({ job: TRAIN_JOBS.issuanceRecovery.name });
  return TRAIN_JOBS.issuanceRecovery.runs(
    async () => {
      const now = ports.clock.now();
      let recovered = 0;
      for (const issuance of await issuances.stalled(new Date(now.getTime() - staleSeconds * 1000), maxAttempts, BATCH)) {
        const attempt = await issuances.noteRecoveryAttempt(issuance.reservationId, now);
        try {
          const outcome = await workflow.run(issuance.reservationId, attempt >= maxAttempts);
          recovered++;
          log.info('train issuance recovered', { reservationId: issuance.reservationId, paymentReference: issuance.paymentReference, attempt, outcome });
        } catch (error) {
          const level = attempt >= maxAttempts ? 'error' : 'warn';
          log[level](attempt >= maxAttempts ? 'train issuance needs attention: recovery gave up' : 'train issuance recovery failed', {
            reservationId: issuance.reservationId,
            paymentReference: issuance.paymentReference,
            attempt,
            reason: (error as Error).message,
          });
        }
      }
      return { recovered };
    },
    { repeatEveryMs: intervalSeconds * 1000 },
  );
}
