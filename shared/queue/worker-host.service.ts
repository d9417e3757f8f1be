import { Job, Worker } from 'bullmq';
import type { RedisClient } from '../redis/redis.client';
import type { Logger } from '../logging/logger';
import type { QueueRegistry } from './queue.registry';
import { runInJobScope } from '../context/request-scope.state';
import { splitRequestId } from './job-request-id.codec';
import { inSpan } from '../telemetry/tracing.service';

/** A typed job: the payload carries ids only; the processor loads what it needs and is idempotent. */
export interface JobDefinition<TPayload extends object = object> {
  queue: string;
  name: string;
  /** A recurring job (an empty payload) run this often by one worker of all the processes. */
  repeatEveryMs?: number;
  process(payload: TPayload, job: Job<TPayload>): Promise<unknown>;
}

/**
 * Whether this run is the job's last try, so a failure now is final. Jobs run directly (tests, scripts) have no
 * BullMQ job and count as a single, last attempt.
 */
export function isLastAttempt(job: Pick<Job, 'attemptsMade' | 'opts'> | undefined): boolean {
  return (job?.attemptsMade ?? 0) + 1 >= (job?.opts?.attempts ?? 1);
}

/** Runs BullMQ workers for the registered jobs, one Worker per queue, dispatching by job name. */
export class WorkerHost {
  private readonly workers: Worker[] = [];

  constructor(
    private readonly connection: RedisClient,
    private readonly prefix: string,
    private readonly logger: Logger,
    /** A job whose worker stops renewing its lock this long is stalled and handed to another worker. */
    private readonly lockDurationMs = 30_000,
  ) {}

  start(definitions: JobDefinition[], concurrency = 4): void {
    const byQueue = new Map<string, Map<string, JobDefinition>>();
    for (const def of definitions) {
      const names = byQueue.get(def.queue) ?? new Map();
      if (names.has(def.name)) throw new Error(`job ${def.queue}/${def.name} is registered twice`);
      names.set(def.name, def);
      byQueue.set(def.queue, names);
    }
    for (const [queue, names] of byQueue) {
      const worker = new Worker(
        queue,
        async (job) => {
          const def = names.get(job.name);
          if (!def) throw new Error(`no processor for job ${queue}/${job.name}`);
          // Every line the processor logs, and every job it causes, carries the id of the request behind the job.
          const { requestId, traceParent, payload } = splitRequestId(job.data);
          // With tracing on, the run is a consumer span continuing the trace of whatever queued the job (a job no
          // traced work queued, a recurring sweep, starts a trace of its own).
          const attributes = {
            'messaging.system': 'bullmq',
            'messaging.destination.name': queue,
            'messaging.message.id': job.id ?? '',
            'safiri.job.name': job.name,
            'safiri.job.attempt': job.attemptsMade + 1,
          };
          return inSpan(`process ${queue}`, { kind: 'consumer', parent: traceParent ?? null, attributes }, () =>
            runInJobScope(requestId, { queue, name: job.name, id: job.id }, () => def.process(payload, job)),
          );
        },
        {
          connection: this.connection,
          prefix: this.prefix,
          concurrency,
          lockDuration: this.lockDurationMs,
          stalledInterval: this.lockDurationMs,
        },
      );
      worker.on('failed', (job, error) =>
        this.logger.warn('job failed', {
          queue,
          job: job?.name,
          jobId: job?.id,
          requestId: splitRequestId(job?.data).requestId,
          attempt: job?.attemptsMade,
          reason: error.message,
        }),
      );
      worker.on('error', (error) => this.logger.error('worker error', { queue, reason: error.message }));
      this.workers.push(worker);
    }
  }

  /**
   * Registers the recurring jobs. The scheduler id is the job name, so however many processes register it,
   * BullMQ makes one job per interval and one worker runs it (leader-safe without a leader). Each run keeps one
   * end state: the last 50 completed and failed runs are kept for an operator.
   */
  async schedule(definitions: JobDefinition[], queues: QueueRegistry): Promise<void> {
    for (const def of definitions.filter((d) => d.repeatEveryMs)) {
      await queues.get(def.queue).upsertJobScheduler(
        def.name,
        { every: def.repeatEveryMs! },
        {
          name: def.name,
          data: {},
          opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } },
        },
      );
    }
  }

  get queueNames(): string[] {
    return this.workers.map((w) => w.name);
  }

  /** Lets active jobs finish, then stops (BullMQ's graceful shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    this.workers.length = 0;
  }
}
