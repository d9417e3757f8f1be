import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RECOMPUTE_HELD_TOTAL } from '../../../shared/database/migrations/1764000000100-wallet-holds';

/**
 * Admitted agent purchases not yet debited become wallet holds, so the one admission rule counts them; and
 * recovery_attempts bounds how often the recovery job retries a reservation whose issuance stopped half way.
 */
export class FlightWalletHolds1764000000110 implements MigrationInterface {
  name = 'FlightWalletHolds1764000000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE flight_reservation ADD COLUMN recovery_attempts INT NOT NULL DEFAULT 0, ADD KEY ix_flight_reservation_recovery (status, updated_at)',
    );
    await q.query(`INSERT INTO wallet_hold (wallet_id, business_key, amount, status, note, created_at)
      SELECT r.wallet_id, CONCAT('flight-reservation:', r.id), r.wallet_debit_total, 'HELD', CONCAT('flight ', r.booking_reference), r.admitted_at
      FROM flight_reservation r
      WHERE r.admitted_at IS NOT NULL AND r.wallet_id IS NOT NULL AND r.wallet_debit_total IS NOT NULL
        AND r.status NOT IN ('CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED')
        AND NOT EXISTS (SELECT 1 FROM wallet_entry e WHERE e.wallet_id = r.wallet_id AND e.business_key = CONCAT('flight-reservation:', r.id))
        AND NOT EXISTS (SELECT 1 FROM wallet_hold h WHERE h.wallet_id = r.wallet_id AND h.business_key = CONCAT('flight-reservation:', r.id))`);
    await q.query(RECOMPUTE_HELD_TOTAL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM wallet_hold WHERE business_key LIKE 'flight-reservation:%'");
    await q.query('ALTER TABLE flight_reservation DROP KEY ix_flight_reservation_recovery, DROP COLUMN recovery_attempts');
    await q.query(RECOMPUTE_HELD_TOTAL);
  }
}
