import { EntityManager } from 'typeorm';
import type { Clock } from '../time/clock';
import { OutboxMessageEntity } from './entities/outbox-message.entity';

export interface OutboxJob<TPayload extends object> {
  queue: string;
  name: string;
  /** Ids only: never passenger personal data. */
  payload: TPayload;
  /** Run no earlier than this (a delayed job, e.g. an expiry). */
  notBefore?: Date;
}

/** Writes post-commit work in the caller's transaction: it happens if and only if the commit does. */
export class Outbox {
  constructor(private readonly clock: Clock) {}

  async enqueue<TPayload extends object>(manager: EntityManager, job: OutboxJob<TPayload>): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('Outbox.enqueue must run inside the transaction that makes the change');
    }
    const now = this.clock.now();
    const result = await manager.insert(OutboxMessageEntity, {
      queue: job.queue,
      jobName: job.name,
      payload: JSON.stringify(job.payload),
      availableAt: job.notBefore ?? now,
      createdAt: now,
      relayedAt: null,
    });
    return String(result.identifiers[0].id);
  }
}

/** The BullMQ job id of an outbox row: the same row always becomes the same job. */
export function outboxJobId(outboxId: string): string {
  return `outbox-${outboxId}`;
}
