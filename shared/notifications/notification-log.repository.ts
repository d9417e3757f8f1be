import type { DataSource } from 'typeorm';
import { SqlConditions } from '../database/sql-conditions.builder';
import type { MessageType, NotificationChannel } from './notification.types';
import type { DeliveryStatus } from './entities/notification-delivery.entity';
import type { NotificationStatus } from './entities/notification.entity';

/*
 * SQL of the notification log. Entries are newest first by (request time, request id, delivery id): a request's
 * deliveries are its entries, and a request without deliveries is an entry of its own. Every read walks one index
 * in that order from a position (keyset), so a page costs the same on the first page and the thousandth.
 */

/** Where a page starts after: the last entry of the previous page (deliveryId '' for a request's own entry). */
export interface LogPosition {
  at: Date;
  notificationId: string;
  deliveryId: string;
}

export interface NotificationRow {
  id: string;
  booking_kind: string;
  booking_reference: string | null;
  message_type: MessageType;
  trigger_kind: string;
  status: NotificationStatus;
  has_deliveries: number;
  reason: string | null;
  created_at: Date;
  not_before: Date;
}

export interface DeliveryRow {
  id: string;
  notification_id: string;
  channel: NotificationChannel;
  recipient_key: string;
  recipient_masked: string;
  status: DeliveryStatus;
  error: string | null;
  provider: string | null;
  provider_message_id: string | null;
  attempts: number;
  updated_at: Date;
  sent_at: Date | null;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  status: string;
  provider: string;
  provider_message_id: string | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

export interface RequestFilter {
  bookingReference?: string | null;
  messageType?: MessageType | null;
}

export interface DeliveryFilter {
  status?: DeliveryStatus | null;
  channel?: NotificationChannel | null;
}

const NOTIFICATION_COLUMNS =
  'n.id, n.booking_kind, n.booking_reference, n.message_type, n.trigger_kind, n.status, n.has_deliveries, n.reason, n.created_at, n.not_before';
const DELIVERY_COLUMNS =
  'd.id, d.notification_id, d.channel, d.recipient_key, d.recipient_masked, d.status, d.error, d.provider, d.provider_message_id, d.attempts, d.updated_at, d.sent_at';

function requestConditions(filter: RequestFilter): SqlConditions {
  const c = new SqlConditions();
  if (filter.bookingReference) c.add('n.booking_reference = ?', filter.bookingReference);
  if (filter.messageType) c.add('n.message_type = ?', filter.messageType);
  return c;
}

export class NotificationLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Requests newest first after (at, notificationId) (exclusive), through their time or booking-reference index. */
  async requests(filter: RequestFilter, after: Pick<LogPosition, 'at' | 'notificationId'> | null, limit: number): Promise<NotificationRow[]> {
    const c = requestConditions(filter);
    if (after) c.add('(n.created_at < ? OR (n.created_at = ? AND n.id < ?))', after.at, after.at, after.notificationId);
    return this.dataSource.query(`SELECT ${NOTIFICATION_COLUMNS} FROM notification n ${c.where} ORDER BY n.created_at DESC, n.id DESC LIMIT ?`, [
      ...c.params,
      limit,
    ]);
  }

  async requestsById(ids: string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${NOTIFICATION_COLUMNS} FROM notification n WHERE n.id IN (?)`, [ids]);
  }

  /** The deliveries of these requests that match the filter; with `below`, only that request's deliveries after it. */
  async deliveriesOf(notificationIds: string[], filter: DeliveryFilter, below?: { notificationId: string; deliveryId: string }): Promise<DeliveryRow[]> {
    if (notificationIds.length === 0) return [];
    const c = new SqlConditions().add('d.notification_id IN (?)', notificationIds);
    if (filter.status) c.add('d.status = ?', filter.status);
    if (filter.channel) c.add('d.channel = ?', filter.channel);
    if (below) c.add('(d.notification_id <> ? OR d.id < ?)', below.notificationId, below.deliveryId);
    return this.dataSource.query(`SELECT ${DELIVERY_COLUMNS} FROM notification_delivery d ${c.where}`, c.params);
  }

  /**
   * Deliveries matching a status or channel (and the request's message type), newest first after `after`, through
   * the (status | channel, requested_at, notification_id) index; each with its request.
   */
  async deliveries(
    filter: DeliveryFilter & Pick<RequestFilter, 'messageType'>,
    after: LogPosition | null,
    limit: number,
  ): Promise<Array<DeliveryRow & { request: NotificationRow }>> {
    const c = new SqlConditions();
    if (filter.status) c.add('d.status = ?', filter.status);
    if (filter.channel) c.add('d.channel = ?', filter.channel);
    if (filter.messageType) c.add('n.message_type = ?', filter.messageType);
    if (after) {
      c.add(
        '(d.requested_at < ? OR (d.requested_at = ? AND (d.notification_id < ? OR (d.notification_id = ? AND d.id < ?))))',
        after.at,
        after.at,
        after.notificationId,
        after.notificationId,
        after.deliveryId,
      );
    }
    const rows = await this.dataSource.query<Array<Record<string, unknown>>>(
      `SELECT ${DELIVERY_COLUMNS}, ${NOTIFICATION_COLUMNS.replace(/n\.(\w+)/g, 'n.$1 AS n_$1')}
         FROM notification_delivery d JOIN notification n ON n.id = d.notification_id ${c.where}
        ORDER BY d.requested_at DESC, d.notification_id DESC, d.id DESC LIMIT ?`,
      [...c.params, limit],
    );
    return rows.map((row) => {
      const request = {} as Record<string, unknown>;
      const delivery = {} as Record<string, unknown>;
      for (const [key, value] of Object.entries(row)) {
        if (key.startsWith('n_')) request[key.slice(2)] = value;
        else delivery[key] = value;
      }
      return { ...(delivery as unknown as DeliveryRow), request: request as unknown as NotificationRow };
    });
  }

  /** Requests without deliveries in one of these statuses (each its own log entry), newest first after `after`. */
  async ownEntries(statuses: NotificationStatus[], filter: RequestFilter, after: LogPosition | null, limit: number): Promise<NotificationRow[]> {
    if (statuses.length === 0) return [];
    const c = requestConditions(filter).add('n.status IN (?)', statuses).add('n.has_deliveries = 0');
    if (after) c.add('(n.created_at < ? OR (n.created_at = ? AND n.id < ?))', after.at, after.at, after.notificationId);
    return this.dataSource.query(`SELECT ${NOTIFICATION_COLUMNS} FROM notification n ${c.where} ORDER BY n.created_at DESC, n.id DESC LIMIT ?`, [
      ...c.params,
      limit,
    ]);
  }

  /** Entries of requests matching the filter (a delivery each, or the request without deliveries), counted up to `cap`. */
  async countRequestEntries(filter: RequestFilter, cap: number): Promise<number> {
    const c = requestConditions(filter);
    const [{ n }] = await this.dataSource.query<Array<{ n: string }>>(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM notification n LEFT JOIN notification_delivery d ON d.notification_id = n.id ${c.where} LIMIT ?) entries`,
      [...c.params, cap],
    );
    return Number(n);
  }

  /** Deliveries matching a status or channel (and message type), counted up to `cap`. */
  async countDeliveries(filter: DeliveryFilter & Pick<RequestFilter, 'messageType'>, cap: number): Promise<number> {
    const c = new SqlConditions();
    if (filter.status) c.add('d.status = ?', filter.status);
    if (filter.channel) c.add('d.channel = ?', filter.channel);
    if (filter.messageType) c.add('n.message_type = ?', filter.messageType);
    const join = filter.messageType ? 'JOIN notification n ON n.id = d.notification_id' : '';
    const [{ n }] = await this.dataSource.query<Array<{ n: string }>>(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM notification_delivery d ${join} ${c.where} LIMIT ?) entries`,
      [...c.params, cap],
    );
    return Number(n);
  }

  /** Requests without deliveries in one of these statuses, counted up to `cap`. */
  async countOwnEntries(statuses: NotificationStatus[], filter: RequestFilter, cap: number): Promise<number> {
    if (statuses.length === 0) return 0;
    const c = requestConditions(filter).add('n.status IN (?)', statuses).add('n.has_deliveries = 0');
    const [{ n }] = await this.dataSource.query<Array<{ n: string }>>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM notification n ${c.where} LIMIT ?) entries`, [
      ...c.params,
      cap,
    ]);
    return Number(n);
  }

  async attemptsOf(deliveryIds: string[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT delivery_id, attempt, status, provider, provider_message_id, error, started_at, finished_at
         FROM notification_attempt WHERE delivery_id IN (?) ORDER BY delivery_id, attempt`,
      [deliveryIds],
    );
  }

  /** Each request's own status and its deliveries (for callers that wait on them). */
  async progress(notificationIds: string[]): Promise<{ notifications: Array<Pick<NotificationRow, 'id' | 'status' | 'reason'>>; deliveries: DeliveryRow[] }> {
    const notifications = await this.dataSource.query<Array<Pick<NotificationRow, 'id' | 'status' | 'reason'>>>(
      'SELECT id, status, reason FROM notification WHERE id IN (?)',
      [notificationIds],
    );
    const deliveries = await this.dataSource.query<DeliveryRow[]>(`SELECT ${DELIVERY_COLUMNS} FROM notification_delivery d WHERE d.notification_id IN (?)`, [
      notificationIds,
    ]);
    return { notifications, deliveries };
  }
}
