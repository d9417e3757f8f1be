import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MessageType } from '../notification.types';

/** PENDING until the worker plans it; PLANNED, SUPPRESSED, NO_RECIPIENT or FAILED after. */
export type NotificationStatus = 'PENDING' | 'PLANNED' | 'SUPPRESSED' | 'NO_RECIPIENT' | 'FAILED';

/** A request to notify about one booking event. Holds ids and choices only, no addresses. */
@Entity({ name: 'notification' })
export class NotificationEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  /** One automatic message per booking event: a replayed booking step cannot notify twice. */
  @Column({ name: 'dedupe_key', type: 'varchar', length: 191 })
  dedupeKey!: string;

  @Column({ name: 'booking_kind', type: 'varchar', length: 32 })
  bookingKind!: string;

  @Column({ name: 'booking_id', type: 'varchar', length: 64 })
  bookingId!: string;

  @Column({ name: 'booking_reference', type: 'varchar', length: 64, nullable: true })
  bookingReference!: string | null;

  @Column({ name: 'message_type', type: 'varchar', length: 32 })
  messageType!: MessageType;

  @Column({ name: 'trigger_kind', type: 'varchar', length: 16 })
  trigger!: 'AUTOMATIC' | 'MANUAL';

  /** Comma-separated channel override; null means the message type's default channels. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  channels!: string | null;

  /** Comma-separated recipient keys; null means everyone the rules allow. */
  @Column({ name: 'recipient_keys', type: 'varchar', length: 1000, nullable: true })
  recipientKeys!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: NotificationStatus;

  /** Deliveries were planned: they are the request's log entries; without them the request is an entry itself. */
  @Column({ name: 'has_deliveries', type: 'boolean', default: false })
  hasDeliveries!: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  reason!: string | null;

  @Column({ name: 'not_before', type: 'datetime', precision: 3 })
  notBefore!: Date;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'planned_at', type: 'datetime', precision: 3, nullable: true })
  plannedAt!: Date | null;
}
