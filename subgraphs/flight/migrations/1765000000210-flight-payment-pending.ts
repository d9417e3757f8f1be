import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The payment status poller finds PENDING charges by last change (shared/payments/provider-status.poller.ts). */
export class FlightPaymentPending1765000000210 implements MigrationInterface {
  name = 'FlightPaymentPending1765000000210';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_payment ADD KEY ix_flight_payment_status_updated (status, updated_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_payment DROP KEY ix_flight_payment_status_updated');
  }
}
