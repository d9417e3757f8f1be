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
    readonly connection: Redis,
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

  /**
   * The queues that exist in Redis under this prefix, by name: BullMQ writes a queue's `meta` hash with its first job.
   * For operators (dashboard, CLI), who must also see queues that no process of theirs has opened.
   */
  async existingNames(): Promise<string[]> {
    const names = new Set<string>();
    const pattern = `${this.prefix}:*:meta`;
    let cursor = '0';
    do {
      const [next, keys] = await this.connection.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      for (const key of keys) names.add(key.slice(this.prefix.length + 1, -':meta'.length));
      cursor = next;
    } while (cursor !== '0');
    return [...names].sort();
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
