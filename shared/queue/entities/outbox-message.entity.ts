import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Work to do after a commit, written in the caller's transaction and relayed to BullMQ. */
@Entity({ name: 'outbox_message' })
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  queue!: string;

  @Column({ name: 'job_name', type: 'varchar', length: 64 })
  jobName!: string;

  @Column({ type: 'longtext' })
  payload!: string;

  @Column({ name: 'available_at', type: 'datetime', precision: 3 })
  availableAt!: Date;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'relayed_at', type: 'datetime', precision: 3, nullable: true })
  relayedAt!: Date | null;

  /** A caller-chosen BullMQ job id (OutboxJob.jobId); null: the job id is `outbox-<id>`. */
  @Column({ name: 'job_id', type: 'varchar', length: 128, nullable: true })
  jobId!: string | null;

  /** The job's own retry policy as JSON (OutboxRetry); null: the queue's defaults. */
  @Column({ name: 'job_retry', type: 'varchar', length: 255, nullable: true })
  jobRetry!: string | null;

  /** The request that wrote the row (x-request-id); its job carries it to the worker's log lines. */
  @Column({ name: 'request_id', type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;

  /** The W3C traceparent of the span that wrote the row (null: tracing off); the relay continues that trace. */
  @Column({ name: 'trace_parent', type: 'varchar', length: 128, nullable: true })
  traceParent!: string | null;
}
