import type { RecoveryConfig } from '../../../shared/config/platform.config';
import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import type { IssuanceRecoveryService } from '../reservations/issuance-recovery.service';
import { FLIGHT_JOBS } from './flight.jobs';

/** The job name, read from its handle by bench/scale. */
export const FLIGHT_ISSUANCE_RECOVERY_JOB = FLIGHT_JOBS.issuanceRecovery.name;

/** Repeats every RECOVERY_INTERVAL_SECONDS: finishes what a crash left half done (reservations/issuance-recovery.service.ts). */
export function flightIssuanceRecoveryJob(recovery: IssuanceRecoveryService, pace: Pick<RecoveryConfig, 'intervalSeconds'>): JobDefinition<object> {
  return FLIGHT_JOBS.issuanceRecovery.runs(() => recovery.run(), { repeatEveryMs: pace.intervalSeconds * 1000 });
}
