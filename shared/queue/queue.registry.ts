import { JobsOptions, Queue } from 'bullmq';
import { scanKeys, type RedisClient } from '../redis/redis.client';

/** Retries with exponential backoff; completed jobs are kept a week so outbox job ids stay deduplicated. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** More queues than the platform defines by far: a listing stops there. */
const MAX_LISTED_QUEUES = 1000;

/** A prefix's braces and other glob characters match themselves in a SCAN pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** One BullMQ Queue per name, all under QUEUE_PREFIX so two stacks can share one Redis. */
export class QueueRegistry {
  private readonly queues = new Map<string, Queue>();

  constructor(
    readonly connection: RedisClient,
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
   * For operators (dashboard, CLI), who must also see queues that no process of theirs has opened; on a Redis Cluster
   * every primary is scanned (a hash-tag prefix puts them all on one, but which one the client cannot know beforehand).
   */
  async existingNames(): Promise<string[]> {
    const names = new Set<string>();
    for (const key of await scanKeys(this.connection, `${escapeGlob(this.prefix)}:*:meta`, MAX_LISTED_QUEUES)) {
      names.add(key.slice(this.prefix.length + 1, -':meta'.length));
    }
    return [...names].sort();
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
