import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer payments and issuance (docs/payments.md):
 * - flight_payment.method: the payment method the customer chose (CARD, MOBILE_MONEY, ...), so
 *   a repeated start of the same method finds its pending request instead of charging twice.
 * - flight_issuance_workflow: the one running customer issuance of a reservation; its
 *   workflow_id (the outbox job id) is what a repeated issue signal answers again.
 * - flight_payment_recovery: cancelled-payment recoveries keyed by the approved
 *   reconciliationOperationId (a repeat is idempotent) and the audit of what was moved: the
 *   payment's previous reservation, payment reference and status.
 */
export class PaymentRecovery1763800000330 implements MigrationInterface {
  name = 'PaymentRecovery1763800000330';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_payment ADD COLUMN method VARCHAR(24) NULL AFTER provider');
    await q.query(`CREATE TABLE flight_issuance_workflow (
      reservation_id CHAR(36) NOT NULL PRIMARY KEY,
      workflow_id VARCHAR(64) NOT NULL,
      payment_id CHAR(36) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE flight_payment_recovery (
      reconciliation_operation_id CHAR(36) NOT NULL PRIMARY KEY,
      payment_id CHAR(36) NOT NULL,
      source_reservation_id CHAR(36) NOT NULL,
      source_ticket_id VARCHAR(40) NOT NULL,
      replacement_reservation_id CHAR(36) NOT NULL,
      replacement_ticket_id VARCHAR(40) NOT NULL,
      previous_payment_reference VARCHAR(32) NOT NULL,
      previous_payment_status VARCHAR(16) NOT NULL,
      state VARCHAR(16) NOT NULL,
      applied_by CHAR(36) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_recovery_payment (payment_id),
      KEY ix_recovery_replacement (replacement_reservation_id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE flight_payment_recovery');
    await q.query('DROP TABLE flight_issuance_workflow');
    await q.query('ALTER TABLE flight_payment DROP COLUMN method');
  }
}
