import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Clock } from '../time/clock.port';
import type { Logger } from '../logging/logger';
import { claimUnrelayedOutboxRows, markOutboxRowsRelayed } from './outbox.repository';
import { outboxJobId, OutboxRetry } from './outbox.service';
import { QueueRegistry } from './queue.registry';
import { withRequestId } from './job-request-id.codec';
import { inSpan, untraced } from '../telemetry/tracing.service';

export interface RelayOptions {
  batchSize?: number;
  /** Test failpoint: runs after the jobs reach Redis and before the rows are marked relayed. */
  afterPublish?: (ids: string[]) => Promise<void>;
}

/**
 * Moves committed outbox rows to BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * relays can run; the job id is the outbox id (or the row's own job id), so a relay that dies after
 * publishing and before marking makes the next relay publish the same job id again, which BullMQ ignores.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async relayOnce(options: RelayOptions = {}): Promise<number> {
    const batchSize = options.batchSize ?? 100;
    // The polling itself is not traced (a trace every few milliseconds); each row's publication continues its own trace.
    // READ COMMITTED: claiming rows takes no gap locks, so concurrent relays do not deadlock.
    return untraced(() =>
      this.dataSource.transaction('READ COMMITTED', async (m) => {
        const rows = await claimUnrelayedOutboxRows(m, batchSize);
        if (rows.length === 0) return 0;
        const now = this.clock.now().getTime();
        for (const row of rows) {
          const queue = this.queues.get(row.queue);
          const delay = Math.max(0, new Date(row.available_at).getTime() - now);
          const retry = row.job_retry ? (JSON.parse(row.job_retry) as OutboxRetry) : null;
          const jobId = row.job_id ?? outboxJobId(String(row.id));
          const publish = async () => {
            // Inside the publication span, the job data's traceparent is that span's: the job continues the trace.
            await queue.add(row.job_name, withRequestId(JSON.parse(row.payload) as object, row.request_id), {
              jobId,
              delay,
              ...(retry ? { attempts: retry.attempts, backoff: { type: 'exponential', delay: retry.backoffMs } } : {}),
            });
            if (row.job_id) await reschedule(queue, row.job_id, delay);
          };
          if (!row.trace_parent) await publish();
          else {
            const attributes = {
              'messaging.system': 'bullmq',
              'messaging.destination.name': row.queue,
              'messaging.message.id': jobId,
              'safiri.outbox.id': String(row.id),
              'safiri.job.name': row.job_name,
            };
            await inSpan(`outbox publish ${row.queue}`, { kind: 'producer', parent: row.trace_parent, attributes }, publish);
          }
        }
        const ids = rows.map((r) => String(r.id));
        await options.afterPublish?.(ids);
        await markOutboxRowsRelayed(m, ids, this.clock.now());
        this.logger.debug('outbox relayed', { count: rows.length });
        return rows.length;
      }),
    );
  }

  /** Polls until stopped; drains in batches while there is a backlog. */
  start(pollMs: number): void {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      try {
        while (!this.stopped && (await this.relayOnce()) > 0);
      } catch (error) {
        // Nothing is lost: unmarked rows are published again (same job id) on the next tick.
        this.logger.warn('outbox relay pass failed; will retry', { reason: (error as Error).message });
      }
      if (!this.stopped) this.timer = setTimeout(() => (this.running = tick()), pollMs);
    };
    this.running = tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * A keyed row brought forward (Outbox jobId) moves its job to the row's time while the job has not started yet; BullMQ
 * ignored the add. A job running, retrying or finished is left alone: at most one job per key, whatever the writers do.
 */
async function reschedule(queue: Queue, jobId: string, delay: number): Promise<void> {
  const job = await queue.getJob(jobId);
  if (!job || (await job.getState()) !== 'delayed' || job.attemptsStarted > 0) return;
  try {
    await job.changeDelay(delay);
  } catch {
    // Promoted or taken by a worker since the state was read: it runs now, which is what a move would have led to.
  }
}
