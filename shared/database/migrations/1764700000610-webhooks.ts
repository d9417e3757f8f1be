import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/decisions.md "Webhooks"): an account's endpoints, the events written in the transaction of the change
 * they report, and one delivery per (event, target). `seq` gives every list a keyset order; the secrets are kept
 * because signing needs them (they are never answered after creation or rotation).
 */
export class Webhooks1764700000610 implements MigrationInterface {
  name = 'Webhooks1764700000610';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_endpoint (
      seq BIGINT NOT NULL AUTO_INCREMENT,
      id VARCHAR(40) NOT NULL,
      account_id CHAR(36) NOT NULL,
      url VARCHAR(2048) NOT NULL,
      description VARCHAR(255) NULL,
      events VARCHAR(1024) NOT NULL,
      enabled TINYINT(1) NOT NULL DEFAULT 1,
      secret VARCHAR(80) NOT NULL,
      previous_secret VARCHAR(80) NULL,
      previous_secret_until DATETIME(3) NULL,
      failing_since DATETIME(3) NULL,
      disabled_reason VARCHAR(255) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (seq),
      UNIQUE KEY uq_webhook_endpoint_id (id),
      KEY ix_webhook_endpoint_account (account_id, seq)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE webhook_event (
      id VARCHAR(40) NOT NULL PRIMARY KEY,
      type VARCHAR(64) NOT NULL,
      account_id CHAR(36) NOT NULL,
      api_version VARCHAR(16) NOT NULL,
      data MEDIUMTEXT NOT NULL,
      endpoint_id VARCHAR(40) NULL,
      callback_url VARCHAR(2048) NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_webhook_event_created (created_at)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE webhook_delivery (
      seq BIGINT NOT NULL AUTO_INCREMENT,
      id VARCHAR(40) NOT NULL,
      event_id VARCHAR(40) NOT NULL,
      target VARCHAR(48) NOT NULL,
      endpoint_id VARCHAR(40) NULL,
      account_id CHAR(36) NOT NULL,
      status VARCHAR(16) NOT NULL,
      round INT NOT NULL DEFAULT 0,
      attempts INT NOT NULL DEFAULT 0,
      last_status_code INT NULL,
      last_latency_ms INT NULL,
      last_error VARCHAR(500) NULL,
      lease_until DATETIME(3) NULL,
      first_attempt_at DATETIME(3) NULL,
      next_attempt_at DATETIME(3) NULL,
      delivered_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (seq),
      UNIQUE KEY uq_webhook_delivery_id (id),
      UNIQUE KEY uq_webhook_delivery_target (event_id, target),
      KEY ix_webhook_delivery_endpoint (endpoint_id, seq),
      KEY ix_webhook_delivery_created (created_at)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_delivery');
    await q.query('DROP TABLE webhook_event');
    await q.query('DROP TABLE webhook_endpoint');
  }
}
