import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notification log read in keyset pages at any volume (issue 23). Each delivery keeps its request's time
 * (requested_at), so the log's order and its status and channel filters read one index each; a request notes
 * whether it has deliveries, so the requests that are log entries of their own (unplanned, no recipient, failed,
 * suppressed before planning) are found by status without reading the others. Newest-first reads by time and by
 * booking reference get indexes that serve that order.
 */
export class NotificationLogKeyset1764400000200 implements MigrationInterface {
  name = 'NotificationLogKeyset1764400000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE notification_delivery ADD COLUMN requested_at DATETIME(3) NULL AFTER notification_id');
    await q.query('UPDATE notification_delivery d JOIN notification n ON n.id = d.notification_id SET d.requested_at = n.created_at');
    await q.query('ALTER TABLE notification ADD COLUMN has_deliveries TINYINT(1) NOT NULL DEFAULT 0 AFTER status');
    await q.query('UPDATE notification n SET has_deliveries = 1 WHERE EXISTS (SELECT 1 FROM notification_delivery d WHERE d.notification_id = n.id)');
    await q.query(`ALTER TABLE notification_delivery
      ADD INDEX ix_delivery_log_status (status, requested_at, notification_id),
      ADD INDEX ix_delivery_log_channel (channel, requested_at, notification_id)`);
    await q.query(`ALTER TABLE notification
      ADD INDEX ix_notification_created (created_at),
      ADD INDEX ix_notification_own_status (status, has_deliveries, created_at),
      ADD INDEX ix_notification_reference_created (booking_reference, created_at),
      DROP INDEX ix_notification_reference`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification
      ADD INDEX ix_notification_reference (booking_reference),
      DROP INDEX ix_notification_created, DROP INDEX ix_notification_own_status, DROP INDEX ix_notification_reference_created,
      DROP COLUMN has_deliveries`);
    await q.query(`ALTER TABLE notification_delivery DROP INDEX ix_delivery_log_status, DROP INDEX ix_delivery_log_channel, DROP COLUMN requested_at`);
  }
}
