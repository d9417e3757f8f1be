import type { JobDefinition } from '../queue/worker-host.service';
import type { Metrics } from './metrics.registry';

/** The same jobs, each run timed and each failure counted by queue and job name. */
export function instrumentJobs(definitions: JobDefinition[], metrics: Metrics): JobDefinition[] {
  return definitions.map((def) => ({
    queue: def.queue,
    name: def.name,
    repeatEveryMs: def.repeatEveryMs,
    process: async (payload, job) => {
      const end = metrics.jobDuration.startTimer({ queue: def.queue, job: def.name });
      try {
        const result = await def.process(payload, job);
        end({ outcome: 'completed' });
        return result;
      } catch (error) {
        end({ outcome: 'failed' });
        metrics.jobFailures.inc({ queue: def.queue, job: def.name });
        throw error;
      }
    },
  }));
}
