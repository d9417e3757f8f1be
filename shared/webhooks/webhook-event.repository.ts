import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from './webhook-event.catalogue';
import type { Queryable } from '../database/transactor.port';

export interface WebhookEventRow {
  id: string;
  type: WebhookEventType;
  accountId: string;
  apiVersion: string;
  /** The envelope's data, as JSON text. */
  data: string;
  endpointId: string | null;
  callbackUrl: string | null;
  createdAt: Date;
}

/** SQL for webhook_event: written once in the transaction of a change, read by key. */
export class WebhookEventRepository {
  async insert(m: EntityManager, row: WebhookEventRow): Promise<void> {
    await m.query(
      'INSERT INTO webhook_event (id, type, account_id, api_version, data, endpoint_id, callback_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [row.id, row.type, row.accountId, row.apiVersion, row.data, row.endpointId, row.callbackUrl, row.createdAt],
    );
  }

  async byId(q: Queryable, id: string): Promise<WebhookEventRow | null> {
    const rows = (await q.query('SELECT id, type, account_id, api_version, data, endpoint_id, callback_url, created_at FROM webhook_event WHERE id = ?', [
      id,
    ])) as Array<Record<string, unknown>>;
    const r = rows[0];
    if (!r) return null;
    return {
      id: String(r.id),
      type: r.type as WebhookEventType,
      accountId: String(r.account_id),
      apiVersion: String(r.api_version),
      data: String(r.data),
      endpointId: (r.endpoint_id as string | null) ?? null,
      callbackUrl: (r.callback_url as string | null) ?? null,
      createdAt: new Date(r.created_at as Date),
    };
  }
}
