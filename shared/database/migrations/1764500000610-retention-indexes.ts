import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the retention purge of shared/ tables needs to find its rows through an index (docs/decisions.md
 * "Retention"): revoked tokens by revocation time; tokens by last use (last_used_at, new: written at most once a day
 * by verification; NULL until a new token's first recorded use, its issue time counting till then); settled wallet
 * holds by settlement time. Notifications are found by creation time through ix_notification_created, which the
 * notification log's keyset pages added before (1764400000200).
 */
export class RetentionIndexes1764500000610 implements MigrationInterface {
  name = 'RetentionIndexes1764500000610';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE access_token ADD COLUMN last_used_at DATETIME(3) NULL AFTER issued_at,
      ADD KEY ix_access_token_last_used (last_used_at, issued_at),
      ADD KEY ix_access_token_revoked (revoked_at)`);
    // Tokens issued before now count as used now: one in daily use must not lapse at the upgrade because its uses were
    // never recorded. In batches (through the new index's NULL range), so no statement locks the whole table.
    for (;;) {
      const result = (await q.query('UPDATE access_token SET last_used_at = UTC_TIMESTAMP(3) WHERE last_used_at IS NULL LIMIT 10000')) as {
        affectedRows: number;
      };
      if (!result.affectedRows) break;
    }
    await q.query('ALTER TABLE wallet_hold ADD KEY ix_wallet_hold_settled (settled_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wallet_hold DROP KEY ix_wallet_hold_settled');
    await q.query('ALTER TABLE access_token DROP KEY ix_access_token_revoked, DROP KEY ix_access_token_last_used, DROP COLUMN last_used_at');
  }
}
