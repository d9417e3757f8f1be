import type { DataSource } from 'typeorm';
import { AccessTokenEntity } from './entities/access-token.entity';
import type { AccountStatus } from './entities/account.entity';
import type { Role } from './roles.types';

/** Which tokens a purge step looks at, in order: revoked ones, idle ones, those of retired keys. */
const PURGE_STEPS = ['revoked', 'idle', 'retired-key'] as const;
type PurgeStep = (typeof PURGE_STEPS)[number];

export interface AccessTokenPurgeBatch {
  removed: number;
  /** The step the next batch runs (its position in PURGE_STEPS); null when every step is done. */
  nextStep: number | null;
}

/** What verifying a token needs to know of it, its account and its signing key, in one row. */
export interface TokenVerificationRow {
  email: string;
  role: Role;
  permission_level: number | null;
  status: AccountStatus;
  revoked_at: Date | null;
  retired_at: Date | null;
  kid: string;
  last_used_at: Date | null;
  issued_at: Date;
}

/** SQL for access_token (with the account and signing key a verification joins: all three are shared/auth's). */
export class AccessTokenRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(token: { jti: string; accountId: string; kid: string; issuedAt: Date }): Promise<void> {
    await this.dataSource.getRepository(AccessTokenEntity).insert({ ...token, revokedAt: null });
  }

  /** The token's row with its account's state and its key's retirement, by primary key and two joins on keys. */
  async verificationOf(jti: string, accountId: string): Promise<TokenVerificationRow | undefined> {
    const rows: TokenVerificationRow[] = await this.dataSource.query(
      `SELECT a.email, a.role, a.permission_level, a.status, t.revoked_at, k.retired_at, t.kid, t.last_used_at, t.issued_at
           FROM access_token t
           JOIN account a ON a.id = t.account_id
           JOIN signing_key k ON k.kid = t.kid
          WHERE t.jti = ? AND t.account_id = ?`,
      [jti, accountId],
    );
    return rows[0];
  }

  /** Revokes every live token of the account; how many. */
  async revokeAll(accountId: string, now: Date): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(AccessTokenEntity)
      .set({ revokedAt: now })
      .where('account_id = :accountId AND revoked_at IS NULL', { accountId })
      .execute();
    return result.affected ?? 0;
  }

  /**
   * Records that a token was used now, unless a use at or after `staleBefore` is recorded already: at most one
   * write per token per touch interval, whatever the request rate.
   */
  async touch(jti: string, now: Date, staleBefore: Date): Promise<void> {
    await this.dataSource.query('UPDATE access_token SET last_used_at = ? WHERE jti = ? AND COALESCE(last_used_at, issued_at) < ?', [now, jti, staleBefore]);
  }

  /**
   * One batch of the token purge, at `step` (an index into the steps: revoked, idle, retired key). Tokens that stopped
   * working before `cutoff` go: revoked before it; last used (or, never used since last_used_at exists, issued)
   * before `idleCutoff` (null: tokens never lapse, the step is skipped); signed by a key retired before it. Each
   * candidate is found through an index and the condition checked again in the DELETE.
   */
  async purgeBatch(step: number, cutoff: Date, idleCutoff: Date | null, limit: number): Promise<AccessTokenPurgeBatch> {
    const name: PurgeStep = PURGE_STEPS[step];
    let found: { jtis: string[]; recheck: string; params: unknown[] };
    if (name === 'revoked') {
      found = {
        jtis: await this.jtis('SELECT jti FROM access_token WHERE revoked_at < ? LIMIT ?', [cutoff, limit]),
        recheck: 'revoked_at < ?',
        params: [cutoff],
      };
    } else if (name === 'idle') {
      if (idleCutoff === null) return { removed: 0, nextStep: step + 1 };
      // Two ranges of ix_access_token_last_used (last_used_at, issued_at): used before the cutoff, or never used since
      // last_used_at was added and issued before it.
      const idle = '(last_used_at < ? OR (last_used_at IS NULL AND issued_at < ?))';
      found = {
        jtis: await this.jtis(`SELECT jti FROM access_token WHERE ${idle} LIMIT ?`, [idleCutoff, idleCutoff, limit]),
        recheck: idle,
        params: [idleCutoff, idleCutoff],
      };
    } else {
      // signing_key holds a handful of rows (one per rotation): read whole; the tokens by the key index.
      const kids: Array<{ kid: string }> = await this.dataSource.query('SELECT kid FROM signing_key WHERE retired_at < ?', [cutoff]);
      if (kids.length === 0) return { removed: 0, nextStep: null };
      const inKids = `kid IN (${kids.map(() => '?').join(', ')})`;
      const params = kids.map((k) => k.kid);
      found = { jtis: await this.jtis(`SELECT jti FROM access_token WHERE ${inKids} LIMIT ?`, [...params, limit]), recheck: inKids, params };
    }
    const removed = found.jtis.length === 0 ? 0 : await this.deleteWhere(found.jtis, found.recheck, found.params);
    const more = found.jtis.length === limit;
    return { removed, nextStep: more ? step : step + 1 < PURGE_STEPS.length ? step + 1 : null };
  }

  private async jtis(sql: string, params: unknown[]): Promise<string[]> {
    const rows: Array<{ jti: string }> = await this.dataSource.query(sql, params);
    return rows.map((r) => r.jti);
  }

  /** READ COMMITTED and by primary key: no gap locks, so logins inserting tokens never wait on the purge. */
  private async deleteWhere(jtis: string[], recheck: string, params: unknown[]): Promise<number> {
    return this.dataSource.transaction('READ COMMITTED', async (m) => {
      const result: { affectedRows: number } = await m.query(`DELETE FROM access_token WHERE jti IN (${jtis.map(() => '?').join(', ')}) AND ${recheck}`, [
        ...jtis,
        ...params,
      ]);
      return result.affectedRows;
    });
  }
}
