import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** STARTED, then SENT, FAILED or SUPPRESSED; INTERRUPTED when its worker died before the outcome was known. */
export type AttemptStatus = 'STARTED' | 'SENT' | 'FAILED' | 'SUPPRESSED' | 'INTERRUPTED';

/** One try at sending a delivery: the history an operator reads when a message went wrong. */
@Entity({ name: 'notification_attempt' })
export class NotificationAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'char', length: 36 })
  deliveryId!: string;

  @Column({ type: 'int' })
  attempt!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: AttemptStatus;

  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ name: 'provider_message_id', type: 'varchar', length: 255, nullable: true })
  providerMessageId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt!: Date;

  @Column({ name: 'finished_at', type: 'datetime', precision: 3, nullable: true })
  finishedAt!: Date | null;
}
