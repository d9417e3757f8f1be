import { JobsOptions, Queue } from 'bullmq';
import type Redis from 'ioredis';

/** Retries with exponential backoff; completed jobs are kept a week so outbox job ids stay deduplicated. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** One BullMQ Queue per name, all under QUEUE_PREFIX so two stacks can share one Redis. */
export class QueueRegistry {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly connection: Redis,
    readonly prefix: string,
  ) {}

  get(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
