import type { EntityManager } from 'typeorm';
import { Role } from '../auth/roles.types';
import { ManualClock } from '../time/clock.port';
import type { WebhookDeliveryListed, WebhookDeliveryRow } from './webhook-delivery.repository';
import type { NewWebhookEndpoint, WebhookEndpointChange, WebhookEndpointRow } from './webhook-endpoint.repository';
import { DISABLED_BY_REQUEST, PREVIOUS_SECRET_OVERLAP_MS, WebhookEndpointService, type WebhookCaller } from './webhook-endpoint.service';

/** The endpoint table in memory, as WebhookEndpointRepository answers it. */
class MemoryEndpoints {
  readonly rows: WebhookEndpointRow[] = [];
  private seq = 0;
  async insert(row: NewWebhookEndpoint) {
    this.rows.push({ ...row, seq: String(++this.seq), previousSecret: null, previousSecretUntil: null, failingSince: null, disabledReason: null });
  }
  async byId(id: string) {
    const row = this.rows.find((r) => r.id === id);
    return row ? { ...row } : null;
  }
  lockById(_: EntityManager, id: string) {
    return this.byId(id);
  }
  async page(accountId: string | null, beforeSeq: string | null, limit: number) {
    return this.rows
      .filter((r) => (accountId === null || r.accountId === accountId) && (beforeSeq === null || Number(r.seq) < Number(beforeSeq)))
      .sort((a, b) => Number(b.seq) - Number(a.seq))
      .slice(0, limit);
  }
  async countOfAccount(accountId: string) {
    return this.rows.filter((r) => r.accountId === accountId).length;
  }
  async update(id: string, change: WebhookEndpointChange, now: Date) {
    const row = this.rows.find((r) => r.id === id)!;
    for (const [key, value] of Object.entries(change)) if (value !== undefined) Object.assign(row, { [key]: value });
    row.updatedAt = now;
  }
  async delete(id: string) {
    const at = this.rows.findIndex((r) => r.id === id);
    if (at >= 0) this.rows.splice(at, 1);
    return at >= 0;
  }
}

const A: WebhookCaller = { accountId: 'acc-a', role: Role.THIRD_PARTY_AGENT };
const B: WebhookCaller = { accountId: 'acc-b', role: Role.SERVICE_AGENT };
const ADMIN: WebhookCaller = { accountId: 'acc-admin', role: Role.ADMIN };
const NEW = { url: 'https://hooks.partner.example/x', events: ['flight.order.issued'] };

function build(options: { limit?: number } = {}) {
  const clock = new ManualClock(new Date('2026-12-01T08:00:00Z'));
  const endpoints = new MemoryEndpoints();
  const delivery: WebhookDeliveryListed = {
    seq: '1',
    id: 'whd_1',
    eventId: 'evt_1',
    eventType: 'flight.order.issued',
    target: '',
    endpointId: '',
    accountId: 'acc-a',
    status: 'FAILED',
    round: 0,
    attempts: 9,
    lastStatusCode: 500,
    lastLatencyMs: 12,
    lastError: 'HTTP 500',
    leaseUntil: null,
    firstAttemptAt: null,
    nextAttemptAt: null,
    deliveredAt: null,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  };
  const recorded: unknown[] = [];
  const redelivered: string[] = [];
  const checked: string[] = [];
  const service = new WebhookEndpointService({
    transactor: { transaction: (work) => work({} as EntityManager) },
    endpoints,
    deliveries: {
      byId: async (id) => (id === delivery.id ? delivery : null),
      pageOfEndpoint: async (endpointId) => (endpointId === delivery.endpointId ? [delivery] : []),
    },
    eventTypeOf: async () => 'flight.order.issued',
    recorder: {
      record: async (_tx, event) => {
        recorded.push(event);
        return 'evt_ping';
      },
    },
    delivery: {
      redeliver: async (id) => {
        redelivered.push(id);
        return { ...delivery, status: 'PENDING', round: 1 } as WebhookDeliveryRow;
      },
    },
    underAccountLock: (_, work) => work(),
    clock,
    config: { maxEndpointsPerAccount: options.limit ?? 20, allowPrivate: false },
    checkDestination: async (url) => void checked.push(url),
  });
  return { service, endpoints, clock, delivery, recorded, redelivered, checked };
}

describe('WebhookEndpointService', () => {
  it("answers another account's endpoint as not found for every operation; an administrator reaches it", async () => {
    const { service, delivery } = build();
    const { endpoint } = await service.create(A, NEW);
    delivery.endpointId = endpoint.id;
    const notFound = { errorCode: 'WEBHOOK_ENDPOINT_NOT_FOUND', status: 404 };
    await expect(service.get(B, endpoint.id)).rejects.toMatchObject(notFound);
    await expect(service.update(B, endpoint.id, { enabled: false })).rejects.toMatchObject(notFound);
    await expect(service.ping(B, endpoint.id)).rejects.toMatchObject(notFound);
    await expect(service.rotateSecret(B, endpoint.id)).rejects.toMatchObject(notFound);
    await expect(service.deliveries(B, endpoint.id, { first: 5 })).rejects.toMatchObject(notFound);
    await expect(service.redeliver(B, endpoint.id, delivery.id)).rejects.toMatchObject(notFound);
    await expect(service.remove(B, endpoint.id)).rejects.toMatchObject(notFound);
    expect((await service.page(B, { first: 5 })).items).toEqual([]);
    expect((await service.page(B, { first: 5, accountId: A.accountId })).items).toEqual([]);
    expect(await service.get(ADMIN, endpoint.id)).toMatchObject({ id: endpoint.id, accountId: 'acc-a' });
    expect((await service.page(ADMIN, { first: 5, accountId: 'acc-a' })).items.map((e) => e.id)).toEqual([endpoint.id]);
  });

  it('refuses an endpoint past the per-account limit with 409 WEBHOOK_ENDPOINT_LIMIT_REACHED; other accounts are not counted', async () => {
    const { service } = build({ limit: 2 });
    await service.create(A, NEW);
    await service.create(A, NEW);
    await expect(service.create(A, NEW)).rejects.toMatchObject({ errorCode: 'WEBHOOK_ENDPOINT_LIMIT_REACHED', status: 409, data: { limit: 2 } });
    await expect(service.create(B, NEW)).resolves.toMatchObject({ endpoint: { accountId: 'acc-b' } });
  });

  it('checks the values before the destination, and the destination of every URL given', async () => {
    const { service, checked } = build();
    await expect(service.create(A, { url: 'http://x.example', events: [] })).rejects.toMatchObject({
      errorCode: 'BAD_REQUEST',
      data: { fields: expect.any(Array) },
    });
    expect(checked).toEqual([]);
    const { endpoint } = await service.create(A, NEW);
    await service.update(A, endpoint.id, { url: 'https://other.partner.example/y' });
    expect(checked).toEqual([NEW.url, 'https://other.partner.example/y']);
  });

  it('pages newest first with an opaque cursor, and refuses a cursor of another list', async () => {
    const { service } = build();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await service.create(A, NEW)).endpoint.id);
    const first = await service.page(A, { first: 2 });
    const second = await service.page(A, { first: 2, after: first.nextCursor });
    const third = await service.page(A, { first: 2, after: second.nextCursor });
    expect([...first.items, ...second.items, ...third.items].map((e) => e.id)).toEqual([...ids].reverse());
    expect(third.nextCursor).toBeNull();
    await expect(service.page(A, { first: 2, after: Buffer.from('d:3').toString('base64url') })).rejects.toMatchObject({ errorCode: 'BAD_REQUEST' });
    await expect(service.page(A, { first: 0 })).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', data: { fields: [{ field: 'first' }] } });
  });

  it('re-enabling clears disabledReason and failingSince; disabling says why', async () => {
    const { service, endpoints, clock } = build();
    const { endpoint } = await service.create(A, NEW);
    await endpoints.update(endpoint.id, { enabled: false, disabledReason: 'every delivery failed', failingSince: clock.now() }, clock.now());
    expect(await service.update(A, endpoint.id, { enabled: true })).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await service.update(A, endpoint.id, { enabled: false })).toMatchObject({ enabled: false, disabledReason: DISABLED_BY_REQUEST });
  });

  it('rotation answers a new secret and keeps the old one signing for 24 hours', async () => {
    const { service, endpoints, clock } = build();
    const created = await service.create(A, NEW);
    clock.advance(60_000);
    const rotated = await service.rotateSecret(A, created.endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const row = await endpoints.byId(created.endpoint.id);
    expect(row).toMatchObject({ secret: rotated.secret, previousSecret: created.secret });
    expect(row!.previousSecretUntil!.getTime()).toBe(clock.now().getTime() + PREVIOUS_SECRET_OVERLAP_MS);
    expect(rotated.endpoint.previousSecretExpiresAt).toEqual(row!.previousSecretUntil);
    expect(rotated.endpoint).not.toHaveProperty('secret');
    clock.advance(PREVIOUS_SECRET_OVERLAP_MS);
    expect((await service.get(A, created.endpoint.id)).previousSecretExpiresAt).toBeNull();
  });

  it('pings the endpoint pinged only, for its account, and redelivers only its own deliveries', async () => {
    const { service, delivery, recorded, redelivered } = build();
    const { endpoint } = await service.create(A, NEW);
    const other = (await service.create(A, NEW)).endpoint;
    delivery.endpointId = endpoint.id;
    expect(await service.ping(ADMIN, endpoint.id)).toEqual({ eventId: 'evt_ping', endpointId: endpoint.id });
    expect(recorded).toEqual([{ type: 'webhook.ping', accountId: 'acc-a', endpointId: endpoint.id, data: { endpointId: endpoint.id } }]);
    await expect(service.redeliver(A, other.id, delivery.id)).rejects.toMatchObject({ errorCode: 'WEBHOOK_DELIVERY_NOT_FOUND', status: 404 });
    expect(await service.redeliver(A, endpoint.id, delivery.id)).toMatchObject({ id: delivery.id, status: 'PENDING', eventType: 'flight.order.issued' });
    expect(redelivered).toEqual([delivery.id]);
  });
});
