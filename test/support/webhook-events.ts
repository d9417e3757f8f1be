import type { DataSource } from 'typeorm';
import { WebhookEventRepository } from '../../shared/webhooks/webhook-event.repository';
import type { WebhookEventType } from '../../shared/webhooks/webhook-event.catalogue';
import { responseProblems, webhookProblems } from './contract-hook';
import type { HttpsReceiver } from './https-receiver';
import { waitFor } from './wait';
import { verifySafiriSignature } from '../../examples/webhook-receiver/verify-signature';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../shared/api-contract/webhook-endpoint.validator';

/** A webhook_event row as a receiver's envelope would carry it: its data parsed. */
export interface RecordedEvent {
  id: string;
  type: WebhookEventType;
  accountId: string;
  callbackUrl: string | null;
  data: Record<string, unknown>;
}

/**
 * The events recorded for an account, oldest first (of one type when given). The ids are found by the test's own
 * query (kept out of the query-plan check, as a test's reads are); each row is read through the repository, and its
 * envelope as a receiver gets it must match its type's webhook in openapi.json (else this throws).
 */
export async function eventsOf(dataSource: DataSource, accountId: string, type?: WebhookEventType): Promise<RecordedEvent[]> {
  const ids = await dataSource.query<Array<{ id: string }>>(
    `SELECT id FROM webhook_event WHERE account_id = ?${type ? ' AND type = ?' : ''} ORDER BY created_at, id`,
    type ? [accountId, type] : [accountId],
  );
  const repository = new WebhookEventRepository();
  const events: RecordedEvent[] = [];
  for (const { id } of ids) {
    const row = (await repository.byId(dataSource, id))!;
    const envelope = { id: row.id, type: row.type, createdAt: row.createdAt.toISOString(), apiVersion: row.apiVersion, data: JSON.parse(row.data) as unknown };
    const problems = webhookProblems(row.type, envelope);
    if (problems.length)
      throw new Error(`event ${row.id} (${row.type}) does not match its documented webhook: ${problems.join('; ')}. Data: ${row.data.slice(0, 800)}`);
    events.push({ id: row.id, type: row.type, accountId: row.accountId, callbackUrl: row.callbackUrl, data: JSON.parse(row.data) as Record<string, unknown> });
  }
  return events;
}

/** The id of the account signed in with `email`. */
export async function accountIdOf(dataSource: DataSource, email: string): Promise<string> {
  const [row] = await dataSource.query<Array<{ id: string }>>('SELECT id FROM account WHERE email = ?', [email]);
  return row.id;
}

/**
 * Fails with what differs when `body` is not an answer `status` of `method documentPath` as openapi.json documents it:
 * an event's data must be the resource in its REST answer's shape.
 */
export function expectRestAnswer(method: string, documentPath: string, status: number, body: unknown): void {
  const problems = responseProblems(method, documentPath, status, body);
  if (problems.length) throw new Error(`${method} ${documentPath} ${status}: ${problems.join('; ')}. Body: ${JSON.stringify(body).slice(0, 800)}`);
}

/** An endpoint registered over REST for a signed-in client, subscribed to every event: its signing secret. */
export async function registerEndpoint(
  client: { call<T>(method: 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> },
  url: string,
): Promise<string> {
  const created = await client.call<{ secret: string }>('POST', '/api/webhooks', { url, events: SUBSCRIBABLE_EVENT_TYPES });
  if (created.status !== 201) throw new Error(`registering ${url} answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.secret;
}

/**
 * Waits until the receiver got every one of `events` and checks each as an integrator would: Safiri-Signature verifies
 * with the endpoint's secret (examples/webhook-receiver), the headers name the event, and the body is the recorded
 * envelope, its data the event's. Answers the types delivered.
 */
export async function expectDeliveredSigned(receiver: HttpsReceiver, events: RecordedEvent[], secret: string): Promise<Set<string>> {
  const requestOf = (id: string) => receiver.received.find((r) => r.headers['safiri-event-id'] === id);
  await waitFor(
    async () => events.filter((e) => !requestOf(e.id)).map((e) => `${e.type} ${e.id}`),
    (missing) => missing.length === 0,
  );
  for (const event of events) {
    const request = requestOf(event.id)!;
    const check = verifySafiriSignature(request.rawBody, request.headers['safiri-signature'] as string, secret);
    if (!check.valid) throw new Error(`${event.type} ${event.id}: ${check.reason}`);
    if (request.headers['safiri-event-type'] !== event.type) throw new Error(`${event.id}: Safiri-Event-Type ${String(request.headers['safiri-event-type'])}`);
    expect(JSON.parse(request.rawBody)).toMatchObject({ id: event.id, type: event.type, data: event.data });
  }
  return new Set(events.map((e) => e.type));
}
