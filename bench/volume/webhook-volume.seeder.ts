import type { Connection, ResultSetHeader } from 'mysql2/promise';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks/webhook-event.catalogue';

/**
 * The webhook tables at volume: the booking copies already carry their events (the flows record them), so every agent
 * gets one endpoint subscribed to all of them, and each event of an agent's booking one delivered delivery, as a year
 * of a receiver that answered would leave them. Set-based statements: the rows follow from the rows already written.
 */
export async function seedWebhooks(connection: Connection): Promise<Record<string, number>> {
  const [endpoints] = await connection.query<ResultSetHeader>(
    `INSERT INTO webhook_endpoint (id, account_id, url, description, events, enabled, secret, created_at, updated_at)
     SELECT CONCAT('whe_', UUID()), a.id, CONCAT('https://hooks.example.com/', a.id), NULL, ?, 1, CONCAT('whsec_', SHA2(UUID(), 256)), a.created_at, a.created_at
       FROM account a WHERE a.role IN ('SERVICE_AGENT', 'THIRD_PARTY_AGENT')`,
    [WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.ping').join(',')],
  );
  const [deliveries] = await connection.query<ResultSetHeader>(
    `INSERT INTO webhook_delivery (id, event_id, target, endpoint_id, account_id, status, attempts, last_status_code, last_latency_ms,
                                   first_attempt_at, delivered_at, created_at, updated_at)
     SELECT CONCAT('whd_', UUID()), e.id, ep.id, ep.id, e.account_id, 'DELIVERED', 1, 204, 120, e.created_at, e.created_at, e.created_at, e.created_at
       FROM webhook_event e JOIN webhook_endpoint ep ON ep.account_id = e.account_id`,
  );
  for (const table of ['webhook_endpoint', 'webhook_event', 'webhook_delivery']) await connection.query(`ANALYZE TABLE \`${table}\``);
  return { webhook_endpoint: endpoints.affectedRows, webhook_delivery: deliveries.affectedRows };
}
