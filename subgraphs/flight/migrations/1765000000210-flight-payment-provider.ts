import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A real payment provider's charges: the status poller finds PENDING ones by last change
 * (shared/payments/provider-status.poller.ts), and a hosted checkout's link is kept for the payer.
 */
export class FlightPaymentProvider1765000000210 implements MigrationInterface {
  name = 'FlightPaymentProvider1765000000210';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_payment ADD COLUMN checkout_url VARCHAR(2048) NULL, ADD KEY ix_flight_payment_status_updated (status, updated_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_payment DROP KEY ix_flight_payment_status_updated, DROP COLUMN checkout_url');
  }
}
