import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notification log: one row per request to notify, one per (channel, recipient) delivery,
 * one per send attempt. Addresses are stored masked; the worker reloads them from the booking.
 */
export class Notifications1763800000200 implements MigrationInterface {
  name = 'Notifications1763800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE notification (
      id CHAR(36) NOT NULL PRIMARY KEY,
      dedupe_key VARCHAR(191) NOT NULL,
      booking_kind VARCHAR(32) NOT NULL,
      booking_id VARCHAR(64) NOT NULL,
      booking_reference VARCHAR(64) NULL,
      message_type VARCHAR(32) NOT NULL,
      trigger_kind VARCHAR(16) NOT NULL,
      channels VARCHAR(64) NULL,
      recipient_keys VARCHAR(1000) NULL,
      status VARCHAR(16) NOT NULL,
      reason VARCHAR(64) NULL,
      not_before DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      planned_at DATETIME(3) NULL,
      UNIQUE KEY uq_notification_dedupe (dedupe_key),
      KEY ix_notification_booking (booking_kind, booking_id),
      KEY ix_notification_reference (booking_reference),
      KEY ix_notification_type_created (message_type, created_at)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE notification_delivery (
      id CHAR(36) NOT NULL PRIMARY KEY,
      notification_id CHAR(36) NOT NULL,
      channel VARCHAR(16) NOT NULL,
      recipient_key VARCHAR(64) NOT NULL,
      recipient_masked VARCHAR(200) NOT NULL,
      status VARCHAR(16) NOT NULL,
      attempts INT NOT NULL DEFAULT 0,
      provider VARCHAR(16) NULL,
      provider_message_id VARCHAR(255) NULL,
      error VARCHAR(500) NULL,
      lease_until DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      sent_at DATETIME(3) NULL,
      UNIQUE KEY uq_delivery_target (notification_id, channel, recipient_key),
      KEY ix_delivery_status (status, updated_at),
      CONSTRAINT fk_delivery_notification FOREIGN KEY (notification_id) REFERENCES notification (id)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE notification_attempt (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      delivery_id CHAR(36) NOT NULL,
      attempt INT NOT NULL,
      status VARCHAR(16) NOT NULL,
      provider VARCHAR(16) NOT NULL,
      provider_message_id VARCHAR(255) NULL,
      error VARCHAR(500) NULL,
      started_at DATETIME(3) NOT NULL,
      finished_at DATETIME(3) NULL,
      UNIQUE KEY uq_attempt (delivery_id, attempt),
      CONSTRAINT fk_attempt_delivery FOREIGN KEY (delivery_id) REFERENCES notification_delivery (id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['notification_attempt', 'notification_delivery', 'notification']) await q.query(`DROP TABLE ${table}`);
  }
}
