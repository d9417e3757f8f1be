import type { EntityManager } from 'typeorm';
import { nullableDate } from '../database/column-values.mapper';
import type { Queryable } from '../database/transactor.port';
import { assignmentsOf, updateWhileStatus } from '../database/guarded-update.repository';

export interface WebhookEndpointRow {
  seq: string;
  id: string;
  accountId: string;
  url: string;
  description: string | null;
  /** Subscribed event types. */
  events: string[];
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  /** Since when every attempt to it has failed (NULL after any success). */
  failingSince: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewWebhookEndpoint = Omit<WebhookEndpointRow, 'seq' | 'previousSecret' | 'previousSecretUntil' | 'failingSince' | 'disabledReason'>;
export type WebhookEndpointChange = Partial<
  Pick<
    WebhookEndpointRow,
    'url' | 'description' | 'events' | 'enabled' | 'secret' | 'previousSecret' | 'previousSecretUntil' | 'failingSince' | 'disabledReason'
  >
>;

const COLUMNS =
  'seq, id, account_id, url, description, events, enabled, secret, previous_secret, previous_secret_until, failing_since, disabled_reason, created_at, updated_at';

const COLUMN_OF: Record<keyof WebhookEndpointChange, string> = {
  url: 'url',
  description: 'description',
  events: 'events',
  enabled: 'enabled',
  secret: 'secret',
  previousSecret: 'previous_secret',
  previousSecretUntil: 'previous_secret_until',
  failingSince: 'failing_since',
  disabledReason: 'disabled_reason',
};

function endpointOf(r: Record<string, unknown>): WebhookEndpointRow {
  return {
    seq: String(r.seq),
    id: String(r.id),
    accountId: String(r.account_id),
    url: String(r.url),
    description: (r.description as string | null) ?? null,
    events: String(r.events).split(',').filter(Boolean),
    enabled: Number(r.enabled) === 1,
    secret: String(r.secret),
    previousSecret: (r.previous_secret as string | null) ?? null,
    previousSecretUntil: nullableDate(r.previous_secret_until as Date | null),
    failingSince: nullableDate(r.failing_since as Date | null),
    disabledReason: (r.disabled_reason as string | null) ?? null,
    createdAt: new Date(r.created_at as Date),
    updatedAt: new Date(r.updated_at as Date),
  };
}

/** SQL for webhook_endpoint: by id, by account in keyset pages (ix_webhook_endpoint_account), or all by seq for ADMIN. */
export class WebhookEndpointRepository {
  constructor(private readonly db: Queryable) {}

  async insert(row: NewWebhookEndpoint, m: Queryable = this.db): Promise<void> {
    await m.query(
      'INSERT INTO webhook_endpoint (id, account_id, url, description, events, enabled, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [row.id, row.accountId, row.url, row.description, row.events.join(','), row.enabled ? 1 : 0, row.secret, row.createdAt, row.updatedAt],
    );
  }

  async byId(id: string, m: Queryable = this.db): Promise<WebhookEndpointRow | null> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM webhook_endpoint WHERE id = ?`, [id])) as Array<Record<string, unknown>>;
    return rows[0] ? endpointOf(rows[0]) : null;
  }

  /** Locks the row for a change that reads it first (rotation, a failure's bookkeeping). */
  async lockById(m: EntityManager, id: string): Promise<WebhookEndpointRow | null> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM webhook_endpoint WHERE id = ? FOR UPDATE`, [id])) as Array<Record<string, unknown>>;
    return rows[0] ? endpointOf(rows[0]) : null;
  }

  /** Newest first; `accountId` null lists every account's (ADMIN). `beforeSeq` is the keyset cursor. */
  async page(accountId: string | null, beforeSeq: string | null, limit: number): Promise<WebhookEndpointRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (accountId !== null) {
      where.push('account_id = ?');
      params.push(accountId);
    }
    if (beforeSeq !== null) {
      where.push('seq < ?');
      params.push(beforeSeq);
    }
    const sql = `SELECT ${COLUMNS} FROM webhook_endpoint ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`;
    const rows = (await this.db.query(sql, [...params, limit])) as Array<Record<string, unknown>>;
    return rows.map(endpointOf);
  }

  async countOfAccount(accountId: string, m: Queryable = this.db): Promise<number> {
    const [row] = (await m.query('SELECT COUNT(*) AS n FROM webhook_endpoint WHERE account_id = ?', [accountId])) as Array<{ n: string | number }>;
    return Number(row.n);
  }

  /** The enabled endpoints of an account (at most MAX_ENDPOINTS_PER_ACCOUNT rows), for a fan-out. */
  async enabledOfAccount(accountId: string, m: Queryable = this.db): Promise<WebhookEndpointRow[]> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM webhook_endpoint WHERE account_id = ? AND enabled = 1 ORDER BY seq`, [accountId])) as Array<
      Record<string, unknown>
    >;
    return rows.map(endpointOf);
  }

  async update(id: string, change: WebhookEndpointChange, now: Date, m: Queryable = this.db): Promise<void> {
    const { sets, params } = assignmentsOf(change, COLUMN_OF, (key, value) =>
      key === 'events' ? (value as string[]).join(',') : key === 'enabled' ? (value ? 1 : 0) : value,
    );
    await updateWhileStatus(m, { table: 'webhook_endpoint', key: { column: 'id', value: id }, sets: ['updated_at = ?', ...sets], params: [now, ...params] });
  }

  async delete(id: string, m: Queryable = this.db): Promise<boolean> {
    const result = (await m.query('DELETE FROM webhook_endpoint WHERE id = ?', [id])) as { affectedRows: number };
    return result.affectedRows === 1;
  }
}
