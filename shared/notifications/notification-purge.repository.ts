import type { DataSource } from 'typeorm';
import { FINAL_DELIVERY_STATUSES } from './entities/notification-delivery.entity';
import type { TimeKeyPosition } from '../retention/retention.types';

/** A notification old enough to be looked at by the purge. */
export interface PurgeCandidate {
  id: string;
  bookingKind: string;
  bookingId: string;
  createdAt: Date;
}

const FINAL = FINAL_DELIVERY_STATUSES.map((s) => `'${s}'`).join(', ');
const list = (n: number): string => Array<string>(n).fill('?').join(', ');

/** SQL of the notification log's retention: finds settled notifications and deletes them with their deliveries and attempts. */
export class NotificationPurgeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` notifications created before `cutoff`, after `after` in (created_at, id) order on
   * ix_notification_created, each with whether it is settled: planned or closed (not PENDING), and every delivery in
   * a final state, unchanged since before `cutoff`. `scanned` is how many were read (the keyset moves past them all).
   */
  async candidates(
    cutoff: Date,
    limit: number,
    after: TimeKeyPosition | null,
  ): Promise<{ settled: PurgeCandidate[]; scanned: number; last: TimeKeyPosition | null }> {
    const keyset = after ? 'AND (created_at > ? OR (created_at = ? AND id > ?))' : '';
    const rows: Array<{ id: string; booking_kind: string; booking_id: string; status: string; created_at: Date }> = await this.dataSource.query(
      `SELECT id, booking_kind, booking_id, status, created_at FROM notification
        WHERE created_at < ? ${keyset} ORDER BY created_at, id LIMIT ?`,
      [cutoff, ...(after ? [after.at, after.at, after.key] : []), limit],
    );
    if (rows.length === 0) return { settled: [], scanned: 0, last: null };
    const lastRow = rows[rows.length - 1];
    const last = { at: new Date(lastRow.created_at), key: lastRow.id };
    const closed = rows.filter((r) => r.status !== 'PENDING');
    if (closed.length === 0) return { settled: [], scanned: rows.length, last };
    // By the (notification_id, ...) unique key: the ones with a delivery still open or recently changed.
    const open: Array<{ notification_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT notification_id FROM notification_delivery
        WHERE notification_id IN (${list(closed.length)}) AND (status NOT IN (${FINAL}) OR updated_at >= ?)`,
      [...closed.map((r) => r.id), cutoff],
    );
    const busy = new Set(open.map((o) => o.notification_id));
    const settled = closed
      .filter((r) => !busy.has(r.id))
      .map((r) => ({ id: r.id, bookingKind: r.booking_kind, bookingId: r.booking_id, createdAt: new Date(r.created_at) }));
    return { settled, scanned: rows.length, last };
  }

  /**
   * Deletes these notifications with their deliveries and attempts, in one short READ COMMITTED transaction (by
   * primary and unique keys: no gap locks). What decided they were settled is checked again under the deliveries' row
   * locks: a notification with a delivery not final, or changed since `cutoff`, stays whole.
   */
  async deleteSettled(ids: string[], cutoff: Date): Promise<{ notifications: number; deliveries: number; attempts: number }> {
    if (ids.length === 0) return { notifications: 0, deliveries: 0, attempts: 0 };
    return this.dataSource.transaction('READ COMMITTED', async (m) => {
      const deliveries: Array<{ id: string; notification_id: string; status: string; updated_at: Date }> = await m.query(
        `SELECT id, notification_id, status, updated_at FROM notification_delivery WHERE notification_id IN (${list(ids.length)}) FOR UPDATE`,
        ids,
      );
      const open = new Set(
        deliveries
          .filter((d) => !(FINAL_DELIVERY_STATUSES as readonly string[]).includes(d.status) || new Date(d.updated_at) >= cutoff)
          .map((d) => d.notification_id),
      );
      const settled = ids.filter((id) => !open.has(id));
      if (settled.length === 0) return { notifications: 0, deliveries: 0, attempts: 0 };
      const deliveryIds = deliveries.filter((d) => !open.has(d.notification_id)).map((d) => d.id);
      const affected = async (sql: string, params: unknown[]) => ((await m.query(sql, params)) as { affectedRows: number }).affectedRows;
      const attempts = deliveryIds.length
        ? await affected(`DELETE FROM notification_attempt WHERE delivery_id IN (${list(deliveryIds.length)})`, deliveryIds)
        : 0;
      const removedDeliveries = deliveryIds.length
        ? await affected(`DELETE FROM notification_delivery WHERE id IN (${list(deliveryIds.length)})`, deliveryIds)
        : 0;
      const notifications = await affected(`DELETE FROM notification WHERE id IN (${list(settled.length)}) AND status <> 'PENDING' AND created_at < ?`, [
        ...settled,
        cutoff,
      ]);
      return { notifications, deliveries: removedDeliveries, attempts };
    });
  }
}
