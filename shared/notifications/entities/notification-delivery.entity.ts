import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NotificationChannel } from '../notification.types';

/**
 * PENDING → SENDING → SENT; RETRYING between transient failures; FAILED when permanent or out
 * of attempts; SUPPRESSED when the rules say no at send time; UNCERTAIN when a send over a
 * channel that cannot deduplicate was interrupted and is therefore not repeated.
 */
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SENT', 'FAILED', 'SUPPRESSED', 'UNCERTAIN'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['SENT', 'FAILED', 'SUPPRESSED', 'UNCERTAIN'];

/** One message to one recipient on one channel; its id is the idempotency key given to the provider. */
@Entity({ name: 'notification_delivery' })
export class NotificationDeliveryEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'notification_id', type: 'char', length: 36 })
  notificationId!: string;

  /** Its request's created_at: the log's order and its status and channel filters read it from one index. */
  @Column({ name: 'requested_at', type: 'datetime', precision: 3, nullable: true })
  requestedAt!: Date | null;

  @Column({ type: 'varchar', length: 16 })
  channel!: NotificationChannel;

  @Column({ name: 'recipient_key', type: 'varchar', length: 64 })
  recipientKey!: string;

  @Column({ name: 'recipient_masked', type: 'varchar', length: 200 })
  recipientMasked!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: DeliveryStatus;

  @Column({ type: 'int' })
  attempts!: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  provider!: string | null;

  @Column({ name: 'provider_message_id', type: 'varchar', length: 255, nullable: true })
  providerMessageId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  /** While SENDING: until when the claiming worker owns the send. */
  @Column({ name: 'lease_until', type: 'datetime', precision: 3, nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;

  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true })
  sentAt!: Date | null;
}
