import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { verifySafiriSignature } from '../../examples/webhook-receiver/verify-signature';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/webhooks/webhook-event.catalogue';
import { WebhookEventRecorder } from '../../shared/webhooks/webhook-event.recorder';
import { WebhookEndpointRepository } from '../../shared/webhooks/webhook-endpoint.repository';
import { WebhookDeliveryRepository, type WebhookDeliveryRow } from '../../shared/webhooks/webhook-delivery.repository';
import { newEndpointId, newSigningSecret } from '../../shared/webhooks/webhook-id.codec';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../support/https-receiver';
import { childEnv, createTestPlatform } from '../support/test-platform';
import { waitFor } from '../support/wait';

jest.setTimeout(120_000);

/**
 * Webhook delivery end to end, the issue's "done when": a real HTTPS receiver with a self-signed certificate that only
 * the worker processes trust (NODE_EXTRA_CA_CERTS, read by node at start), workers as processes of their own
 * (`node dist/bin/start.js worker`), one SIGKILLed mid-delivery and two taking over. Events are recorded as a booking
 * flow records them (WebhookEventRecorder in a transaction); the flows' own events are covered by their suites.
 */
describe('webhook delivery', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let receiver: HttpsReceiver;
  let untrusted: HttpsReceiver;
  const workers: ChildProcess[] = [];
  /** What the receiver answered, per request, in arrival order (null: left open). */
  const answered: Array<{ path: string; eventId: string; status: number | null }> = [];
  let behave: (request: ReceivedRequest, res: ServerResponse) => number | null = () => 204;

  const WORKER_ENV = {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_RETRY_MAX_DELAY_MS: '400',
    WEBHOOK_RETRY_WINDOW_MS: '4000',
    WEBHOOK_TIMEOUT_MS: '1500',
    JOB_LOCK_MS: '1500',
    OUTBOX_POLL_MS: '50',
    WORKER_PORT: '0',
    LOG_LEVEL: 'error',
  };

  const startWorker = (): ChildProcess => {
    const child = spawn(process.execPath, [path.resolve(__dirname, '..', '..', 'bin', 'start.js'), 'worker'], {
      env: childEnv(env.config, { ...WORKER_ENV, NODE_EXTRA_CA_CERTS: receiver.caFile }),
      stdio: 'ignore',
    });
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    env = await createTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await startHttpsReceiver((request, res) => {
      const status = behave(request, res);
      answered.push({ path: request.path, eventId: String(request.headers['safiri-event-id']), status });
      return status;
    });
    untrusted = await startHttpsReceiver();
    startWorker();
  });

  afterAll(async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(workers.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null)));
    await receiver?.close();
    await untrusted?.close();
    await env?.close();
  });

  const endpoints = () => new WebhookEndpointRepository(env.platform.dataSource);
  const deliveries = () => new WebhookDeliveryRepository(env.platform.dataSource);

  async function endpoint(accountId: string, url: string, events: readonly string[] = WEBHOOK_EVENT_TYPES): Promise<{ id: string; secret: string }> {
    const id = newEndpointId();
    const secret = newSigningSecret();
    const now = new Date();
    await endpoints().insert({ id, accountId, url, description: null, events: [...events], enabled: true, secret, createdAt: now, updatedAt: now });
    return { id, secret };
  }

  function record(type: WebhookEventType, accountId: string, data: object, extra: { endpointId?: string } = {}): Promise<string> {
    const recorder = new WebhookEventRecorder(env.platform.outbox, env.platform.clock);
    return env.platform.dataSource.transaction((tx) => recorder.record(tx, { type, accountId, data, ...extra }));
  }

  async function settled(eventId: string): Promise<WebhookDeliveryRow[]> {
    return waitFor(
      () => deliveries().ofEvent(eventId),
      (rows) => rows.length > 0 && rows.every((d) => ['DELIVERED', 'FAILED', 'REFUSED'].includes(d.status)),
    );
  }

  const requestsOf = (eventId: string) => receiver.received.filter((r) => r.headers['safiri-event-id'] === eventId);

  it('sends every catalogue type once, signed, with its envelope, to a receiver whose certificate the worker trusts', async () => {
    const accountId = 'acc-catalogue';
    const hook = await endpoint(accountId, `${receiver.url}/catalogue`);
    const ids = new Map<string, WebhookEventType>();
    for (const type of WEBHOOK_EVENT_TYPES) {
      const id = await record(type, accountId, { sample: type, amount: '12.50' }, type === 'webhook.ping' ? { endpointId: hook.id } : {});
      ids.set(id, type);
    }
    for (const id of ids.keys()) expect((await settled(id)).map((d) => d.status)).toEqual(['DELIVERED']);
    for (const [id, type] of ids) {
      const [request, ...more] = requestsOf(id);
      expect(more).toEqual([]);
      expect(request.path).toBe('/catalogue');
      expect(request.headers['safiri-event-type']).toBe(type);
      expect(request.headers['content-type']).toBe('application/json');
      expect(verifySafiriSignature(request.rawBody, request.headers['safiri-signature'] as string, hook.secret)).toMatchObject({ valid: true });
      expect(verifySafiriSignature(request.rawBody, request.headers['safiri-signature'] as string, newSigningSecret())).toMatchObject({ valid: false });
      const envelope = JSON.parse(request.rawBody) as Record<string, unknown>;
      expect(Object.keys(envelope)).toEqual(['id', 'type', 'createdAt', 'apiVersion', 'data']);
      expect(envelope).toMatchObject({ id, type, apiVersion: WEBHOOK_API_VERSION, data: { sample: type, amount: '12.50' } });
    }
    // An endpoint subscribed to one type gets that type only.
    const narrow = await endpoint('acc-narrow', `${receiver.url}/narrow`, ['train.issuance.issued']);
    const skipped = await record('train.reservation.created', 'acc-narrow', {});
    const sent = await record('train.issuance.issued', 'acc-narrow', {});
    expect((await settled(sent)).map((d) => d.endpointId)).toEqual([narrow.id]);
    expect(await deliveries().ofEvent(skipped)).toEqual([]);
  });

  it('retries a receiver answering 500 three times and ends with exactly one successful delivery', async () => {
    let failures = 0;
    behave = (request) => (request.path === '/flaky' && failures++ < 3 ? 500 : 204);
    const hook = await endpoint('acc-flaky', `${receiver.url}/flaky`);
    const id = await record('flight.order.issued', 'acc-flaky', { pnr: 'FLAKY1' });
    const [delivery] = await settled(id);
    behave = () => 204;
    expect(delivery).toMatchObject({ endpointId: hook.id, status: 'DELIVERED', attempts: 4, lastStatusCode: 204, lastError: null });
    expect(answered.filter((a) => a.eventId === id).map((a) => a.status)).toEqual([500, 500, 500, 204]);
    expect((await endpoints().byId(hook.id))?.failingSince).toBeNull();
  });

  it('never skips certificate checks, and disables an endpoint failing for the whole window, telling its owner', async () => {
    const owner = await createAccountService(env.platform).create({ email: 'hooks-owner@booking.test', password: 'owner password 1', role: 'SERVICE_AGENT' });
    const hook = await endpoint(owner.id, `${untrusted.url}/never`);
    const id = await record('train.reservation.created', owner.id, {});
    const [delivery] = await settled(id);
    expect(delivery.status).toBe('FAILED');
    expect(delivery.attempts).toBeGreaterThan(2);
    expect(delivery.lastError).toMatch(/certificate/i);
    expect(untrusted.received).toEqual([]);
    const disabled = await endpoints().byId(hook.id);
    expect(disabled).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/every delivery failed from/) });
    const told = await env.platform.dataSource.query('SELECT message_type FROM notification WHERE booking_kind = ? AND booking_id = ?', ['account', owner.id]);
    expect(told).toContainEqual({ message_type: 'WEBHOOK_ENDPOINT_DISABLED' });
    // A disabled endpoint gets no new events.
    const later = await record('train.reservation.created', owner.id, {});
    await waitFor(
      () => env.platform.dataSource.query('SELECT relayed_at FROM outbox_message WHERE job_id = ?', [`fan-${later}`]),
      (rows: Array<{ relayed_at: Date | null }>) => rows[0]?.relayed_at !== null,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries().ofEvent(later)).toEqual([]);
  });

  it('signs with the old and the new secret while a rotation overlaps', async () => {
    const hook = await endpoint('acc-rotate', `${receiver.url}/rotate`);
    const rotated = newSigningSecret();
    await endpoints().update(hook.id, { secret: rotated, previousSecret: hook.secret, previousSecretUntil: new Date(Date.now() + 86_400_000) }, new Date());
    const id = await record('flight.reservation.cancelled', 'acc-rotate', {});
    await settled(id);
    const [request] = requestsOf(id);
    const header = request.headers['safiri-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySafiriSignature(request.rawBody, header, rotated)).toMatchObject({ valid: true });
    expect(verifySafiriSignature(request.rawBody, header, hook.secret)).toMatchObject({ valid: true });
    // Once the overlap is over, only the new secret signs.
    await endpoints().update(hook.id, { previousSecretUntil: new Date(Date.now() - 1000) }, new Date());
    const after = await record('flight.reservation.cancelled', 'acc-rotate', {});
    await settled(after);
    const [late] = requestsOf(after);
    expect(verifySafiriSignature(late.rawBody, late.headers['safiri-signature'] as string, hook.secret)).toMatchObject({ valid: false });
  });

  it('delivers exactly once to a 2xx after the worker sending it is SIGKILLed mid-delivery, with two workers taking over', async () => {
    let arrived!: () => void;
    const firstArrival = new Promise<void>((resolve) => (arrived = resolve));
    let held = 0;
    behave = (request) => {
      if (request.path !== '/killed' || held++ > 0) return 204;
      arrived();
      return null;
    };
    const hook = await endpoint('acc-killed', `${receiver.url}/killed`);
    const id = await record('train.issuance.issued', 'acc-killed', { paymentReference: 'KILL1' });
    await firstArrival;
    const [victim] = workers;
    victim.kill('SIGKILL');
    await new Promise((r) => victim.once('exit', r));
    expect((await deliveries().ofEvent(id))[0].status).toBe('SENDING');
    startWorker();
    startWorker();
    const [delivery] = await settled(id);
    expect(delivery).toMatchObject({ endpointId: hook.id, status: 'DELIVERED', lastStatusCode: 204 });
    // The taken-over attempt is counted: the one way a receiver can get an event twice.
    expect(await deliveries().interruptedSendsOfEvents([id])).toEqual(new Map([[id, 1]]));
    const answers = answered.filter((a) => a.eventId === id).map((a) => a.status);
    expect(answers[0]).toBeNull();
    expect(answers.filter((s) => s !== null && s >= 200 && s < 300)).toEqual([204]);
    // Every event of this file reached its endpoint with exactly one 2xx.
    const successes = new Map<string, number>();
    for (const a of answered) if (a.status === 204) successes.set(`${a.eventId} ${a.path}`, (successes.get(`${a.eventId} ${a.path}`) ?? 0) + 1);
    expect([...successes.values()].every((n) => n === 1)).toBe(true);
  });
});
