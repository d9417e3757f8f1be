import type { EntityManager } from 'typeorm';
import { nullableDate } from '../database/column-values.mapper';
import type { Queryable } from '../database/transactor.port';
import { assignmentsOf, updateWhileStatus } from '../database/guarded-update.repository';

export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'DELIVERED', 'FAILED', 'REFUSED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** A delivery in one of these is over until someone redelivers it. */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['DELIVERED', 'FAILED', 'REFUSED'];

export interface WebhookDeliveryRow {
  seq: string;
  id: string;
  eventId: string;
  /** The endpoint id, or `callback` for an event's one-off callbackUrl. */
  target: string;
  endpointId: string | null;
  accountId: string;
  status: DeliveryStatus;
  round: number;
  attempts: number;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  leaseUntil: Date | null;
  firstAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A delivery with the type of its event, as the deliveries list shows it. */
export interface WebhookDeliveryListed extends WebhookDeliveryRow {
  eventType: string;
}

export type NewWebhookDelivery = Pick<WebhookDeliveryRow, 'id' | 'eventId' | 'target' | 'endpointId' | 'accountId' | 'createdAt'>;
export type WebhookDeliveryChange = Partial<
  Pick<
    WebhookDeliveryRow,
    'status' | 'round' | 'attempts' | 'lastStatusCode' | 'lastLatencyMs' | 'lastError' | 'leaseUntil' | 'firstAttemptAt' | 'nextAttemptAt' | 'deliveredAt'
  >
>;

const COLUMNS =
  'd.seq, d.id, d.event_id, d.target, d.endpoint_id, d.account_id, d.status, d.round, d.attempts, d.last_status_code, d.last_latency_ms, d.last_error, ' +
  'd.lease_until, d.first_attempt_at, d.next_attempt_at, d.delivered_at, d.created_at, d.updated_at';

const COLUMN_OF: Record<keyof WebhookDeliveryChange, string> = {
  status: 'status',
  round: 'round',
  attempts: 'attempts',
  lastStatusCode: 'last_status_code',
  lastLatencyMs: 'last_latency_ms',
  lastError: 'last_error',
  leaseUntil: 'lease_until',
  firstAttemptAt: 'first_attempt_at',
  nextAttemptAt: 'next_attempt_at',
  deliveredAt: 'delivered_at',
};

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function deliveryOf(r: Record<string, unknown>): WebhookDeliveryRow {
  return {
    seq: String(r.seq),
    id: String(r.id),
    eventId: String(r.event_id),
    target: String(r.target),
    endpointId: (r.endpoint_id as string | null) ?? null,
    accountId: String(r.account_id),
    status: r.status as DeliveryStatus,
    round: Number(r.round),
    attempts: Number(r.attempts),
    lastStatusCode: num(r.last_status_code),
    lastLatencyMs: num(r.last_latency_ms),
    lastError: (r.last_error as string | null) ?? null,
    leaseUntil: nullableDate(r.lease_until as Date | null),
    firstAttemptAt: nullableDate(r.first_attempt_at as Date | null),
    nextAttemptAt: nullableDate(r.next_attempt_at as Date | null),
    deliveredAt: nullableDate(r.delivered_at as Date | null),
    createdAt: new Date(r.created_at as Date),
    updatedAt: new Date(r.updated_at as Date),
  };
}

/** SQL for webhook_delivery: one row per (event, target), by key, or an endpoint's newest first (ix_webhook_delivery_endpoint). */
export class WebhookDeliveryRepository {
  constructor(private readonly db: Queryable) {}

  /** Writes the deliveries not written yet: a fan-out run again adds nothing. */
  async insertMissing(rows: NewWebhookDelivery[], now: Date, m: Queryable = this.db): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map(() => "(?, ?, ?, ?, ?, 'PENDING', ?, ?)").join(', ');
    const params = rows.flatMap((r) => [r.id, r.eventId, r.target, r.endpointId, r.accountId, r.createdAt, now]);
    await m.query(
      `INSERT IGNORE INTO webhook_delivery (id, event_id, target, endpoint_id, account_id, status, created_at, updated_at) VALUES ${values}`,
      params,
    );
  }

  async ofEvent(eventId: string, m: Queryable = this.db): Promise<WebhookDeliveryRow[]> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM webhook_delivery d WHERE d.event_id = ?`, [eventId])) as Array<Record<string, unknown>>;
    return rows.map(deliveryOf);
  }

  async byId(id: string): Promise<WebhookDeliveryRow | null> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM webhook_delivery d WHERE d.id = ?`, [id])) as Array<Record<string, unknown>>;
    return rows[0] ? deliveryOf(rows[0]) : null;
  }

  async lockById(m: EntityManager, id: string): Promise<WebhookDeliveryRow | null> {
    const rows = (await m.query(`SELECT ${COLUMNS} FROM webhook_delivery d WHERE d.id = ? FOR UPDATE`, [id])) as Array<Record<string, unknown>>;
    return rows[0] ? deliveryOf(rows[0]) : null;
  }

  /** Counts an attempt taken over from a sender that died mid-send (the receiver may get that attempt twice). */
  async noteInterruptedSend(m: EntityManager, id: string): Promise<void> {
    await m.query('UPDATE webhook_delivery SET interrupted_sends = LEAST(interrupted_sends + 1, 65535) WHERE id = ?', [id]);
  }

  /** Interrupted sends per event, over every delivery of the events given (at most a few hundred ids per call). */
  async interruptedSendsOfEvents(eventIds: string[]): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = (await this.db.query('SELECT event_id, SUM(interrupted_sends) AS n FROM webhook_delivery WHERE event_id IN (?) GROUP BY event_id', [
      eventIds,
    ])) as Array<{ event_id: string; n: string | number }>;
    return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
  }

  async update(id: string, change: WebhookDeliveryChange, now: Date, m: Queryable = this.db): Promise<void> {
    const { sets, params } = assignmentsOf(change, COLUMN_OF);
    await updateWhileStatus(m, { table: 'webhook_delivery', key: { column: 'id', value: id }, sets: ['updated_at = ?', ...sets], params: [now, ...params] });
  }

  /** An endpoint's deliveries, newest first, with their event's type; `beforeSeq` is the keyset cursor. */
  async pageOfEndpoint(endpointId: string, beforeSeq: string | null, limit: number): Promise<WebhookDeliveryListed[]> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS}, e.type AS event_type FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id
        WHERE d.endpoint_id = ? ${beforeSeq === null ? '' : 'AND d.seq < ?'} ORDER BY d.seq DESC LIMIT ?`,
      beforeSeq === null ? [endpointId, limit] : [endpointId, beforeSeq, limit],
    )) as Array<Record<string, unknown>>;
    return rows.map((r) => ({ ...deliveryOf(r), eventType: String(r.event_type) }));
  }
}
