import type { Job } from 'bullmq';
import { loadConfig } from '../shared/config/platform.config';
import { QueueRegistry } from '../shared/queue/queue.registry';
import { createRedis } from '../shared/redis/redis.client';
import { parseFlags, required, runCli, UsageError } from './cli-support.kit';

const USAGE = `usage: npm run queues -- <command> [options]
  list                               every queue under QUEUE_PREFIX with its job counts
  failed --queue Q [--limit 20]      the newest failed jobs of Q (limit 1 to 200) and why they failed
  completed --queue Q [--limit 20]   the newest completed jobs of Q (limit 1 to 200) and what they returned
  retry --queue Q --job ID           runs failed job ID of Q again (its attempts start over)
  retry-all-failed --queue Q         runs every failed job of Q again
  --help, -h                         this text`;

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;

const [command, ...args] = process.argv.slice(2);
let flags: Record<string, string> = {};

const validate = () => {
  const known: Record<string, string[]> = {
    list: [],
    failed: ['queue', 'limit'],
    completed: ['queue', 'limit'],
    retry: ['queue', 'job'],
    'retry-all-failed': ['queue'],
  };
  if (!command || !Object.hasOwn(known, command)) throw new UsageError(command ? `unknown command "${command}"` : 'a command is required');
  flags = parseFlags(args, known[command]);
  if (command !== 'list') required(flags, 'queue');
  if (command === 'retry') required(flags, 'job');
  if (flags.limit !== undefined && !/^(?:[1-9]\d?|1\d\d|200)$/.test(flags.limit)) throw new UsageError('--limit must be from 1 to 200');
};

/** What an operator needs to decide about a failed job; the payload holds ids only (no passenger data). */
function failedJob(job: Job) {
  return {
    id: job.id,
    name: job.name,
    data: job.data as unknown,
    failedReason: job.failedReason,
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    createdAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

/** What a finished job did: its return value (e.g. the rows each kind of the retention purge removed). */
function completedJob(job: Job) {
  return {
    id: job.id,
    name: job.name,
    returnValue: job.returnvalue as unknown,
    createdAt: new Date(job.timestamp).toISOString(),
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

/** The queue named by --queue, refused when no such queue exists under the prefix (a typo would show nothing). */
async function existingQueue(queues: QueueRegistry) {
  const names = await queues.existingNames();
  if (!names.includes(flags.queue)) {
    throw new Error(`no queue "${flags.queue}" under prefix "${queues.prefix}" (queues: ${names.join(', ') || 'none'})`);
  }
  return queues.get(flags.queue);
}

/** Queues live in Redis only: this CLI needs no database. */
void runCli(
  USAGE,
  {
    open: async () => {
      const config = loadConfig();
      // Give up after a few reconnects instead of waiting forever for a Redis that is down.
      const redis = createRedis(config.redisUrl, 'queue', { retryStrategy: (times) => (times > 3 ? null : 200) });
      return new QueueRegistry(redis, config.queuePrefix);
    },
    close: async (queues) => {
      await queues.close();
      queues.connection.disconnect();
    },
  },
  async (queues) => {
    if (command === 'list') {
      const names = await queues.existingNames();
      const list = await Promise.all(
        names.map(async (name) => {
          const queue = queues.get(name);
          const [counts, paused] = await Promise.all([queue.getJobCounts(...STATES), queue.isPaused()]);
          return { name, paused, counts };
        }),
      );
      return { action: 'queues-listed', prefix: queues.prefix, queues: list };
    }
    const queue = await existingQueue(queues);
    if (command === 'failed') {
      const limit = Number(flags.limit ?? 20);
      const [total, jobs] = await Promise.all([queue.getFailedCount(), queue.getFailed(0, limit - 1)]);
      return { action: 'failed-jobs', queue: queue.name, total, jobs: jobs.map(failedJob) };
    }
    if (command === 'completed') {
      const limit = Number(flags.limit ?? 20);
      const [total, jobs] = await Promise.all([queue.getCompletedCount(), queue.getCompleted(0, limit - 1)]);
      return { action: 'completed-jobs', queue: queue.name, total, jobs: jobs.map(completedJob) };
    }
    if (command === 'retry') {
      const job = await queue.getJob(flags.job);
      if (!job) throw new Error(`no job "${flags.job}" in queue "${queue.name}"`);
      const state = await job.getState();
      if (state !== 'failed') throw new Error(`job "${flags.job}" of queue "${queue.name}" is ${state}, not failed: only a failed job is retried`);
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return { action: 'job-retried', queue: queue.name, jobId: job.id, name: job.name };
    }
    const failedBefore = await queue.getFailedCount();
    await queue.retryJobs({ state: 'failed', count: 1000 });
    return { action: 'failed-jobs-retried', queue: queue.name, retried: failedBefore };
  },
  validate,
);
