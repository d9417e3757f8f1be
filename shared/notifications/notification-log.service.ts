import type { DataSource } from 'typeorm';
import type { MessageType, NotificationChannel } from './notification.types';
import type { DeliveryStatus } from './entities/notification-delivery.entity';
import type { NotificationStatus } from './entities/notification.entity';

/** A delivery's status, or the request's own when it produced no deliveries. */
export const NOTIFICATION_LOG_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SENT', 'FAILED', 'SUPPRESSED', 'UNCERTAIN', 'NO_RECIPIENT'] as const;
export type NotificationLogStatus = (typeof NOTIFICATION_LOG_STATUSES)[number];

export interface NotificationLogFilter {
  bookingReference?: string | null;
  messageType?: MessageType | null;
  status?: NotificationLogStatus | null;
  channel?: NotificationChannel | null;
  limit: number;
  offset: number;
}

export interface NotificationAttemptRecord {
  attempt: number;
  status: string;
  provider: string;
  providerMessageId: string | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface NotificationLogRecord {
  notificationId: string;
  deliveryId: string | null;
  bookingKind: string;
  bookingReference: string | null;
  messageType: MessageType;
  trigger: string;
  channel: NotificationChannel | null;
  recipient: string | null;
  status: NotificationLogStatus;
  /** The suppression reason or the last error. */
  detail: string | null;
  provider: string | null;
  providerMessageId: string | null;
  attemptCount: number;
  requestedAt: Date;
  sendAfter: Date;
  updatedAt: Date | null;
  sentAt: Date | null;
  attempts: NotificationAttemptRecord[];
}

export interface NotificationProgressRow {
  id: string;
  status: NotificationStatus;
  reason: string | null;
}

export interface DeliveryProgressRow {
  notification_id: string;
  recipient_key: string;
  recipient_masked: string;
  status: DeliveryStatus;
  error: string | null;
}

/** Reads the notification log for operators: newest first, one row per delivery. */
export class NotificationLogService {
  constructor(private readonly dataSource: DataSource) {}

  /** Where these requests stand: each request's own status and each of its deliveries (for callers that wait on them). */
  async progress(notificationIds: string[]): Promise<{ notifications: NotificationProgressRow[]; deliveries: DeliveryProgressRow[] }> {
    const notifications = await this.dataSource.query<NotificationProgressRow[]>('SELECT id, status, reason FROM notification WHERE id IN (?)', [
      notificationIds,
    ]);
    const deliveries = await this.dataSource.query<DeliveryProgressRow[]>(
      'SELECT notification_id, recipient_key, recipient_masked, status, error FROM notification_delivery WHERE notification_id IN (?)',
      [notificationIds],
    );
    return { notifications, deliveries };
  }

  async find(filter: NotificationLogFilter): Promise<{ total: number; records: NotificationLogRecord[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.bookingReference) {
      where.push('n.booking_reference = ?');
      params.push(filter.bookingReference);
    }
    if (filter.messageType) {
      where.push('n.message_type = ?');
      params.push(filter.messageType);
    }
    if (filter.channel) {
      where.push('d.channel = ?');
      params.push(filter.channel);
    }
    if (filter.status) {
      // A planned request's own status is not a log status: its deliveries speak for it.
      where.push(`COALESCE(d.status, CASE n.status WHEN 'PLANNED' THEN 'PENDING' ELSE n.status END) = ?`);
      params.push(filter.status);
    }
    const from = `FROM notification n LEFT JOIN notification_delivery d ON d.notification_id = n.id${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const [{ total }] = await this.dataSource.query(`SELECT COUNT(*) AS total ${from}`, params);
    const rows: RawRow[] = await this.dataSource.query(
      `SELECT n.id AS notification_id, n.booking_kind, n.booking_reference, n.message_type, n.trigger_kind,
              n.status AS notification_status, n.reason, n.created_at, n.not_before,
              d.id AS delivery_id, d.channel, d.recipient_masked, d.status AS delivery_status, d.error, d.provider,
              d.provider_message_id, d.attempts, d.updated_at, d.sent_at
         ${from}
        ORDER BY n.created_at DESC, n.id, d.channel, d.recipient_key
        LIMIT ? OFFSET ?`,
      [...params, filter.limit, filter.offset],
    );
    const deliveryIds = rows.map((r) => r.delivery_id).filter((id): id is string => !!id);
    const attempts = await this.attemptsOf(deliveryIds);
    return { total: Number(total), records: rows.map((r) => toRecord(r, attempts.get(r.delivery_id ?? '') ?? [])) };
  }

  private async attemptsOf(deliveryIds: string[]): Promise<Map<string, NotificationAttemptRecord[]>> {
    const byDelivery = new Map<string, NotificationAttemptRecord[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows: AttemptRow[] = await this.dataSource.query(
      `SELECT delivery_id, attempt, status, provider, provider_message_id, error, started_at, finished_at
         FROM notification_attempt WHERE delivery_id IN (?) ORDER BY delivery_id, attempt`,
      [deliveryIds],
    );
    for (const row of rows) {
      const list = byDelivery.get(row.delivery_id) ?? [];
      list.push({
        attempt: Number(row.attempt),
        status: row.status,
        provider: row.provider,
        providerMessageId: row.provider_message_id,
        error: row.error,
        startedAt: new Date(row.started_at),
        finishedAt: row.finished_at ? new Date(row.finished_at) : null,
      });
      byDelivery.set(row.delivery_id, list);
    }
    return byDelivery;
  }
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  status: string;
  provider: string;
  provider_message_id: string | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

interface RawRow {
  notification_id: string;
  booking_kind: string;
  booking_reference: string | null;
  message_type: MessageType;
  trigger_kind: string;
  notification_status: string;
  reason: string | null;
  created_at: Date;
  not_before: Date;
  delivery_id: string | null;
  channel: NotificationChannel | null;
  recipient_masked: string | null;
  delivery_status: NotificationLogStatus | null;
  error: string | null;
  provider: string | null;
  provider_message_id: string | null;
  attempts: number | null;
  updated_at: Date | null;
  sent_at: Date | null;
}

function toRecord(row: RawRow, attempts: NotificationAttemptRecord[]): NotificationLogRecord {
  const requestStatus = row.notification_status === 'PLANNED' ? 'PENDING' : row.notification_status;
  return {
    notificationId: row.notification_id,
    deliveryId: row.delivery_id,
    bookingKind: row.booking_kind,
    bookingReference: row.booking_reference,
    messageType: row.message_type,
    trigger: row.trigger_kind,
    channel: row.channel,
    recipient: row.recipient_masked,
    status: row.delivery_status ?? (requestStatus as NotificationLogStatus),
    detail: row.delivery_id ? row.error : row.reason,
    provider: row.provider,
    providerMessageId: row.provider_message_id,
    attemptCount: Number(row.attempts ?? 0),
    requestedAt: new Date(row.created_at),
    sendAfter: new Date(row.not_before),
    updatedAt: row.updated_at ? new Date(row.updated_at) : null,
    sentAt: row.sent_at ? new Date(row.sent_at) : null,
    attempts,
  };
}
