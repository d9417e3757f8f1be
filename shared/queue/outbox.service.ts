import { EntityManager } from 'typeorm';
import type { Clock } from '../time/clock.port';
import { insertOutboxRow, upsertKeyedOutboxRow } from './outbox.repository';
import { currentRequestId } from '../context/request-scope.state';
import { currentTraceParent } from '../telemetry/tracing.service';

/** A job's own retry policy: `attempts` runs in all, exponential backoff starting at `backoffMs`. */
export interface OutboxRetry {
  attempts: number;
  backoffMs: number;
}

export interface OutboxJob<TPayload extends object> {
  queue: string;
  name: string;
  /** Ids only: never passenger personal data. */
  payload: TPayload;
  /** Run no earlier than this (a delayed job, e.g. an expiry). */
  notBefore?: Date;
  /**
   * For work that must exist at most once per entity: the BullMQ job id, derived from the entity. Writing the same id
   * again adds no row and no job; an earlier notBefore brings the job forward while it has not started (the earliest
   * time asked for wins), a running, retrying or finished job is left alone. Letters, digits, '.', '_' and '-' only:
   * BullMQ refuses ':' and integers.
   */
  jobId?: string;
  /** Default: the queue's (DEFAULT_JOB_OPTIONS). */
  retry?: OutboxRetry;
}

/** Not a number and not `outbox-…`, which the rows without an id of their own use. */
const JOB_ID = /^(?!\d+$)(?!outbox-)[A-Za-z0-9._-]{1,128}$/;

/** Writes post-commit work in the caller's transaction: it happens if and only if the commit does. */
export class Outbox {
  constructor(private readonly clock: Clock) {}

  async enqueue<TPayload extends object>(manager: EntityManager, job: OutboxJob<TPayload>): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('Outbox.enqueue must run inside the transaction that makes the change');
    }
    if (job.jobId !== undefined && !JOB_ID.test(job.jobId)) {
      throw new Error(
        `outbox job id "${job.jobId}" must be 1-128 letters, digits, '.', '_' or '-', not a number and not outbox-… (BullMQ refuses ':' and integers)`,
      );
    }
    const now = this.clock.now();
    const row = {
      queue: job.queue,
      jobName: job.name,
      payload: JSON.stringify(job.payload),
      availableAt: job.notBefore ?? now,
      createdAt: now,
      jobId: job.jobId ?? null,
      jobRetry: job.retry ? JSON.stringify(job.retry) : null,
      // The request (or the job run for one) being served: every job it causes carries its id.
      requestId: currentRequestId() ?? null,
      // And the span it runs in: the relay continues that trace into the job.
      traceParent: currentTraceParent(),
    };
    if (!job.jobId) {
      return insertOutboxRow(manager, row);
    }
    return upsertKeyedOutboxRow(manager, { ...row, jobId: job.jobId });
  }
}

/** The BullMQ job id of an outbox row without a job id of its own: the same row always becomes the same job. */
export function outboxJobId(outboxId: string): string {
  return `outbox-${outboxId}`;
}
