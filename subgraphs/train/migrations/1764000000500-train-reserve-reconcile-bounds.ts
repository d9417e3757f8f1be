import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The end state of a reservation whose background reconciliation gave up: it stays PENDING (the provider outcome is
 * still unknown) with needs_attention_at set, so an operator can find it and the client is told support must look.
 */
export class TrainReserveReconcileBounds1764000000500 implements MigrationInterface {
  name = 'TrainReserveReconcileBounds1764000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE train_reservation
      ADD COLUMN needs_attention_at DATETIME(3) NULL,
      ADD KEY ix_train_reservation_needs_attention (needs_attention_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_reservation DROP INDEX ix_train_reservation_needs_attention, DROP COLUMN needs_attention_at');
  }
}
