import type { Job } from 'bullmq';
import type { OutboxJob, OutboxRetry } from './outbox.service';
import type { JobDefinition } from './worker-host.service';

/** What may travel with an outbox row of a job besides its queue, name and payload. */
export interface JobTiming {
  notBefore?: Date;
  jobId?: string;
  retry?: OutboxRetry;
}

/**
 * One job of a module's queue, typed by its payload: the same handle writes the job (into the outbox, in the caller's
 * transaction) and defines what runs it (for the worker host), so a queue or job name is written once.
 */
export class JobHandle<TPayload extends object> {
  constructor(
    readonly queue: string,
    readonly name: string,
  ) {}

  /** The outbox job for `Outbox.enqueue`. Payloads carry ids only, never passenger data. */
  of(payload: TPayload, timing: JobTiming = {}): OutboxJob<TPayload> {
    return { queue: this.queue, name: this.name, payload, ...timing };
  }

  /** The worker's definition of this job: `process` should be a thin runner over a service. */
  runs(process: (payload: TPayload, job: Job<TPayload>) => Promise<unknown>, options: { repeatEveryMs?: number } = {}): JobDefinition<TPayload> {
    return { queue: this.queue, name: this.name, process, ...options };
  }
}

/** Marks a job name with its payload type, for `defineQueue`. */
export interface JobName<TPayload extends object> {
  readonly name: string;
  /** Never set: carries the payload type only. */
  readonly payload?: TPayload;
}

export function job<TPayload extends object>(name: string): JobName<TPayload> {
  return { name };
}

export type QueueJobs<TJobs extends Record<string, JobName<object>>> = {
  readonly [K in keyof TJobs]: TJobs[K] extends JobName<infer P> ? JobHandle<P> : never;
};

/** A module's queue and its jobs, each a typed handle: `defineQueue('train', { issuance: job<P>('train-issuance') })`. */
export function defineQueue<TJobs extends Record<string, JobName<object>>>(queue: string, jobs: TJobs): { queue: string; jobs: QueueJobs<TJobs> } {
  const names = Object.values(jobs).map((j) => j.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Error(`queue "${queue}" names the job "${repeated}" twice`);
  const handles = Object.fromEntries(Object.entries(jobs).map(([key, j]) => [key, new JobHandle(queue, j.name)]));
  return { queue, jobs: handles as QueueJobs<TJobs> };
}
