import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { WebhookEndpointRepository } from '../../shared/webhooks/webhook-endpoint.repository';
import { WebhookDeliveryRepository } from '../../shared/webhooks/webhook-delivery.repository';
import { WebhookEventRepository } from '../../shared/webhooks/webhook-event.repository';
import { newDeliveryId, newEventId } from '../../shared/webhooks/webhook-id.codec';

jest.setTimeout(120_000);

/** An endpoint as REST answers it (the creation and rotation add `secret`). */
interface Endpoint {
  id: string;
  accountId: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}
interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  latencyMs: number | null;
}
interface GraphQLAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions: { errorCode?: string; code?: string; status?: number; data?: { fields?: unknown[] } } }>;
}

/** Names the stack resolves in this file: a partner's public host, and one that leads inside our network. */
const PUBLIC_HOST = 'hooks.partner.example';
const NAMES: Record<string, LookupAddress[]> = {
  [PUBLIC_HOST]: [{ address: '93.184.215.14', family: 4 }],
  'inside.partner.example': [{ address: '10.1.2.3', family: 4 }],
  'dual.partner.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '::ffff:169.254.169.254', family: 6 },
  ],
};
const URL_A = `https://${PUBLIC_HOST}/safiri/a`;

/** Every spelling of a destination inside our network the issue names, and a few more: each is a 400 at registration and at PATCH. */
const SSRF_URLS = [
  'https://169.254.169.254/latest/meta-data',
  'https://10.0.0.7/hook',
  'https://[::7f00:1]:8443/hook',
  'https://LOCALHOST.:8443/hook',
  'https://localhost/hook',
  'https://[::1]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[0:0:0:0:0:ffff:7f00:1]/hook',
  'https://[::ffff:a9fe:a9fe]/hook',
  'https://2130706433/hook',
  'https://0x7f000001/hook',
  'https://0177.0.0.1/hook',
  'https://127.1/hook',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://inside.partner.example/hook',
  'https://INSIDE.Partner.Example./hook',
  'https://dual.partner.example/hook',
];

/**
 * Webhook endpoint management through REST and GraphQL, on a stack whose private-receiver flag is off (the production
 * setting): the stack resolves names through node's resolver, which this file answers for a few names of its own.
 */
describe('webhook endpoints (REST and GraphQL)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agentA: FlightClient;
  let agentB: FlightClient;
  let admin: FlightClient;
  let customer: FlightClient;
  let lookup: jest.SpyInstance;

  beforeAll(async () => {
    const realLookup = dns.lookup.bind(dns) as (host: string, options: object) => Promise<LookupAddress[]>;
    lookup = jest.spyOn(dns, 'lookup').mockImplementation((async (host: string, options: object) => {
      const known = NAMES[host.toLowerCase()];
      return known ?? realLookup(host, options);
    }) as typeof dns.lookup);
    env = await startTestStack({ WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT: '3', WEBHOOK_TIMEOUT_MS: '500' });
    const platform = env.stack.platform;
    [agentA, agentB, admin, customer] = await Promise.all([
      FlightClient.create(env.baseUrl, platform, 'hooks.agent.a@booking.test', 'THIRD_PARTY_AGENT'),
      FlightClient.create(env.baseUrl, platform, 'hooks.agent.b@booking.test', 'SERVICE_AGENT'),
      FlightClient.create(env.baseUrl, platform, 'hooks.admin@booking.test', 'ADMIN'),
      FlightClient.create(env.baseUrl, platform, 'hooks.customer@booking.test', 'CUSTOMER'),
    ]);
  });

  afterAll(async () => {
    await env?.close();
    lookup?.mockRestore();
  });

  const endpoints = () => new WebhookEndpointRepository(env.stack.platform.dataSource);
  const deliveries = () => new WebhookDeliveryRepository(env.stack.platform.dataSource);

  async function create(client: FlightClient, body: Record<string, unknown>): Promise<Endpoint & { secret: string }> {
    const res = await client.call<Endpoint & { secret: string }>('POST', '/api/webhooks', body);
    expect(res.status).toBe(201);
    return res.body;
  }

  function graphql<T>(client: FlightClient, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer<T>> {
    return fetch(`${env.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ query, variables }),
    }).then((res) => res.json() as Promise<GraphQLAnswer<T>>);
  }

  let first: Endpoint & { secret: string };

  it('registers an endpoint and shows its secret once: never in a GET or a list', async () => {
    const res = await agentA.call<Endpoint & { secret: string }>('POST', '/api/webhooks', {
      url: URL_A,
      events: ['flight.order.issued', 'train.issuance.issued'],
      description: 'Bookings to our ERP',
    });
    expect(res.status).toBe(201);
    first = res.body;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^whe_[0-9a-f-]{36}$/),
      url: URL_A,
      events: ['flight.order.issued', 'train.issuance.issued'],
      description: 'Bookings to our ERP',
      enabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(res.headers.get('location')).toBe(`/api/webhooks/${first.id}`);
    const row = await endpoints().byId(first.id);
    expect(row).toMatchObject({ secret: first.secret, accountId: first.accountId });

    const read = await agentA.call<Endpoint>('GET', `/api/webhooks/${first.id}`);
    expect(read.status).toBe(200);
    const { secret, ...shown } = first;
    expect(read.body).toEqual(shown);
    const list = await agentA.call('GET', '/api/webhooks');
    for (const answer of [read, list]) expect(JSON.stringify(answer.body)).not.toContain(secret);
    // GraphQL has no secret on the endpoint type: asking for it is a validation error.
    const asked = await graphql(
      agentA,
      `
        query ($id: ID!) {
          webhookEndpoint(id: $id) {
            id
            secret
          }
        }
      `,
      { id: first.id },
    );
    expect(asked.errors?.[0].extensions.errorCode).toBe('BAD_REQUEST');
    expect(asked.errors?.[0].message).toMatch(/Cannot query field "secret"/);
  });

  it('takes Idempotency-Key on the creation: a retry replays the first answer, secret included, and registers nothing more', async () => {
    const body = { url: `${URL_A}/idem`, events: ['train.reservation.created'] };
    const once = await agentB.call<Endpoint & { secret: string }>('POST', '/api/webhooks', body, { 'idempotency-key': 'hooks-create-1' });
    const again = await agentB.call<Endpoint & { secret: string }>('POST', '/api/webhooks', body, { 'idempotency-key': 'hooks-create-1' });
    expect(once.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(once.body);
    expect(await endpoints().countOfAccount(once.body.accountId)).toBe(1);
  });

  it("lists newest first in cursor pages; another agent's endpoint is 404 for every operation, and ADMIN sees every account's", async () => {
    const second = await create(agentA, { url: `${URL_A}/2`, events: ['flight.reservation.created'] });
    const third = await create(agentA, { url: `${URL_A}/3`, events: ['flight.reservation.cancelled'] });
    const page1 = await agentA.call<{ endpoints: Endpoint[]; nextCursor: string | null }>('GET', '/api/webhooks?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.endpoints.map((e) => e.id)).toEqual([third.id, second.id]);
    const page2 = await agentA.call<{ endpoints: Endpoint[]; nextCursor: string | null }>(
      'GET',
      `/api/webhooks?limit=2&after=${encodeURIComponent(page1.body.nextCursor!)}`,
    );
    expect(page2.body).toEqual({ endpoints: [expect.objectContaining({ id: first.id })], nextCursor: null });
    expect((await agentA.call<ErrorAnswer>('GET', '/api/webhooks?limit=0')).body.errorCode).toBe('BAD_REQUEST');
    expect((await agentA.call<ErrorAnswer>('GET', '/api/webhooks?after=bm9wZQ')).body).toMatchObject({ status: 400, errorCode: 'BAD_REQUEST' });

    // Agent B lists only its own and cannot reach A's, by any operation: 404, as for an id that does not exist.
    const bList = await agentB.call<{ endpoints: Endpoint[] }>('GET', '/api/webhooks');
    expect(bList.body.endpoints).toHaveLength(1);
    expect(bList.body.endpoints[0].accountId).not.toBe(first.accountId);
    for (const [method, path, body] of [
      ['GET', `/api/webhooks/${first.id}`],
      ['PATCH', `/api/webhooks/${first.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${first.id}`],
      ['POST', `/api/webhooks/${first.id}/ping`],
      ['POST', `/api/webhooks/${first.id}/rotate-secret`],
      ['GET', `/api/webhooks/${first.id}/deliveries`],
      ['GET', '/api/webhooks/whe_00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await agentB.call<ErrorAnswer>(method, path, body);
      expect({ method, path, status: res.status, code: res.body.errorCode }).toEqual({ method, path, status: 404, code: 'WEBHOOK_ENDPOINT_NOT_FOUND' });
    }
    const viaGraphQL = await graphql(
      agentB,
      `
        query ($id: ID!) {
          webhookEndpoint(id: $id) {
            id
          }
        }
      `,
      { id: first.id },
    );
    expect(viaGraphQL.errors?.[0].extensions).toMatchObject({ errorCode: 'WEBHOOK_ENDPOINT_NOT_FOUND', status: 404 });
    expect(await endpoints().byId(first.id)).toMatchObject({ enabled: true });

    const all = await admin.call<{ endpoints: Endpoint[] }>('GET', '/api/webhooks?limit=100');
    expect(all.body.endpoints.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id, third.id, bList.body.endpoints[0].id]));
    const ofB = await admin.call<{ endpoints: Endpoint[] }>('GET', `/api/webhooks?accountId=${bList.body.endpoints[0].accountId}`);
    expect(ofB.body.endpoints.map((e) => e.id)).toEqual([bList.body.endpoints[0].id]);
    expect((await admin.call<Endpoint>('GET', `/api/webhooks/${first.id}`)).body.id).toBe(first.id);
  });

  it('refuses an endpoint past the per-account limit with 409 WEBHOOK_ENDPOINT_LIMIT_REACHED', async () => {
    const res = await agentA.call<ErrorAnswer>('POST', '/api/webhooks', { url: `${URL_A}/4`, events: ['flight.order.issued'] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'WEBHOOK_ENDPOINT_LIMIT_REACHED', data: { limit: 3 } });
  });

  it('checks values with one validator: every problem at once, the same for REST and GraphQL', async () => {
    const bad = { url: 'http://hooks.partner.example/x', events: ['webhook.ping', 'flight.order.shipped'], description: 'x'.repeat(256) };
    const rest = await customer.call<ErrorAnswer>('POST', '/api/webhooks', bad);
    expect(rest.status).toBe(400);
    const fields = rest.body.data?.fields as Array<{ field: string }>;
    expect(fields.map((f) => f.field)).toEqual(['url', 'events[0]', 'events[1]', 'description']);
    const gql = await graphql(
      customer,
      `
        mutation ($input: CreateWebhookEndpointInput!) {
          createWebhookEndpoint(input: $input) {
            secret
          }
        }
      `,
      { input: bad },
    );
    expect(gql.errors?.[0].extensions).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { fields: rest.body.data?.fields } });
    const unknownMember = await customer.call<ErrorAnswer>('POST', '/api/webhooks', { url: URL_A, events: ['flight.order.issued'], secret: 'mine' });
    expect(unknownMember.status).toBe(400);
  });

  it.each(SSRF_URLS)('refuses %s with 400 at registration and at PATCH, through REST and GraphQL', async (url) => {
    const created = await customer.call<ErrorAnswer>('POST', '/api/webhooks', { url, events: ['flight.order.issued'] });
    expect({ status: created.status, code: created.body.errorCode }).toEqual({ status: 400, code: 'WEBHOOK_URL_REFUSED' });
    expect(created.body.errorMessage).toMatch(/^url (must not point to a private|must name a public host|host \S+ resolves to a private)/);
    const patched = await agentA.call<ErrorAnswer>('PATCH', `/api/webhooks/${first.id}`, { url });
    expect({ status: patched.status, code: patched.body.errorCode, message: patched.body.errorMessage }).toEqual({
      status: 400,
      code: 'WEBHOOK_URL_REFUSED',
      message: created.body.errorMessage,
    });
    const gql = await graphql(
      agentA,
      `
        mutation ($id: ID!, $input: UpdateWebhookEndpointInput!) {
          updateWebhookEndpoint(id: $id, input: $input) {
            url
          }
        }
      `,
      {
        id: first.id,
        input: { url },
      },
    );
    expect(gql.errors?.[0].extensions).toMatchObject({ errorCode: 'WEBHOOK_URL_REFUSED', status: 400 });
    expect((await endpoints().byId(first.id))?.url).toBe(URL_A);
  });

  it('refuses a host that does not resolve', async () => {
    const res = await customer.call<ErrorAnswer>('POST', '/api/webhooks', { url: 'https://nowhere.partner.example/x', events: ['flight.order.issued'] });
    expect(res.body).toMatchObject({ status: 400, errorCode: 'WEBHOOK_URL_REFUSED', errorMessage: 'url host nowhere.partner.example does not resolve' });
  });

  it('PATCH changes url, events and description; re-enabling clears disabledReason and failingSince', async () => {
    const changed = await agentA.call<Endpoint>('PATCH', `/api/webhooks/${first.id}`, {
      url: `${URL_A}/v2`,
      events: ['train.payment.confirmed'],
      description: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ url: `${URL_A}/v2`, events: ['train.payment.confirmed'], description: null, enabled: true });
    // As the delivery worker leaves an endpoint failing for the whole retry window.
    await endpoints().update(
      first.id,
      { enabled: false, disabledReason: 'every delivery failed from …', failingSince: new Date(Date.now() - 3_600_000) },
      new Date(),
    );
    const enabled = await agentA.call<Endpoint>('PATCH', `/api/webhooks/${first.id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await endpoints().byId(first.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    const disabled = await agentA.call<Endpoint>('PATCH', `/api/webhooks/${first.id}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, disabledReason: 'disabled through the API' });
    await agentA.call('PATCH', `/api/webhooks/${first.id}`, { enabled: true });
  });

  it('rotates the secret: a new one shown once, the old one kept signing for 24 hours', async () => {
    const before = Date.now();
    const res = await agentA.call<Endpoint & { secret: string }>('POST', `/api/webhooks/${first.id}/rotate-secret`);
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(first.secret);
    const row = (await endpoints().byId(first.id))!;
    expect(row).toMatchObject({ secret: res.body.secret, previousSecret: first.secret });
    expect(row.previousSecretUntil!.getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(row.previousSecretUntil!.getTime()).toBeLessThanOrEqual(after + 86_400_000);
    expect(res.body.previousSecretExpiresAt).toBe(row.previousSecretUntil!.toISOString());
    const read = await agentA.call('GET', `/api/webhooks/${first.id}`);
    expect(JSON.stringify(read.body)).not.toContain(res.body.secret);
    expect(JSON.stringify(read.body)).not.toContain(first.secret);
  });

  it('ping answers 202 and records a webhook.ping event for that endpoint only, whose delivery the list shows', async () => {
    const res = await agentA.call<{ eventId: string; endpointId: string }>('POST', `/api/webhooks/${first.id}/ping`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ eventId: expect.stringMatching(/^evt_/), endpointId: first.id });
    const event = await new WebhookEventRepository().byId(env.stack.platform.dataSource, res.body.eventId);
    expect(event).toMatchObject({ type: 'webhook.ping', accountId: first.accountId, endpointId: first.id });
    expect(JSON.parse(event!.data)).toEqual({ endpointId: first.id });
    const [delivery] = await waitFor(
      () => deliveries().ofEvent(res.body.eventId),
      (rows) => rows.length > 0,
    );
    expect(delivery.endpointId).toBe(first.id);
    const listed = await agentA.call<{ deliveries: Delivery[] }>('GET', `/api/webhooks/${first.id}/deliveries`);
    expect(listed.body.deliveries[0]).toMatchObject({ id: delivery.id, eventId: res.body.eventId, eventType: 'webhook.ping' });
  });

  it('lists deliveries in cursor pages and redelivers a final one (REST and GraphQL); one under way is answered as it is', async () => {
    const platform = env.stack.platform;
    const written: string[] = [];
    for (const [type, status] of [
      ['flight.order.issued', 'DELIVERED'],
      ['train.payment.confirmed', 'FAILED'],
      ['train.issuance.issued', 'RETRYING'],
    ] as const) {
      const eventId = newEventId();
      const id = newDeliveryId();
      await platform.dataSource.transaction(async (tx) => {
        await new WebhookEventRepository().insert(tx, {
          id: eventId,
          type,
          accountId: first.accountId,
          apiVersion: '2026-11-28',
          data: '{}',
          endpointId: null,
          callbackUrl: null,
          createdAt: new Date(),
        });
        const rows = new WebhookDeliveryRepository(tx);
        await rows.insertMissing([{ id, eventId, target: first.id, endpointId: first.id, accountId: first.accountId, createdAt: new Date() }], new Date());
        await rows.update(id, { status, attempts: 8, lastStatusCode: status === 'DELIVERED' ? 204 : 500, lastLatencyMs: 41 }, new Date());
      });
      written.unshift(id);
    }
    const page1 = await agentA.call<{ deliveries: Delivery[]; nextCursor: string }>('GET', `/api/webhooks/${first.id}/deliveries?limit=2`);
    expect(page1.body.deliveries.map((d) => d.id)).toEqual(written.slice(0, 2));
    expect(page1.body.deliveries[0]).toMatchObject({
      eventType: 'train.issuance.issued',
      status: 'RETRYING',
      attemptCount: 8,
      lastStatusCode: 500,
      latencyMs: 41,
    });
    const page2 = await agentA.call<{ deliveries: Delivery[] }>('GET', `/api/webhooks/${first.id}/deliveries?limit=2&after=${page1.body.nextCursor}`);
    expect(page2.body.deliveries.map((d) => d.id)[0]).toBe(written[2]);
    const viaGraphQL = await graphql<{ webhookDeliveries: { deliveries: Delivery[] } }>(
      agentA,
      `
        query ($id: ID!) {
          webhookDeliveries(endpointId: $id, first: 2) {
            deliveries {
              id
              eventType
              attemptCount
            }
            nextCursor
          }
        }
      `,
      { id: first.id },
    );
    expect(viaGraphQL.data?.webhookDeliveries.deliveries.map((d) => d.id)).toEqual(written.slice(0, 2));

    const [underWay, failed, delivered] = written;
    const again = await agentA.call<Delivery>('POST', `/api/webhooks/${first.id}/deliveries/${failed}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: failed, eventType: 'train.payment.confirmed' });
    expect(again.body.status).not.toBe('FAILED');
    expect(await deliveries().byId(failed)).toMatchObject({ round: 1 });
    const gql = await graphql<{ redeliverWebhookDelivery: Delivery }>(
      agentA,
      `
        mutation ($e: ID!, $d: ID!) {
          redeliverWebhookDelivery(endpointId: $e, deliveryId: $d) {
            id
            status
          }
        }
      `,
      { e: first.id, d: delivered },
    );
    expect(gql.data?.redeliverWebhookDelivery.id).toBe(delivered);
    expect(await deliveries().byId(delivered)).toMatchObject({ round: 1 });
    const unchanged = await agentA.call<Delivery>('POST', `/api/webhooks/${first.id}/deliveries/${underWay}/redeliver`);
    expect(unchanged.body).toMatchObject({ id: underWay, status: 'RETRYING' });
    expect(await deliveries().byId(underWay)).toMatchObject({ round: 0 });
    // A delivery is reached through its own endpoint only.
    const elsewhere = await create(agentB, { url: `${URL_A}/b2`, events: ['flight.order.issued'] });
    const wrong = await agentB.call<ErrorAnswer>('POST', `/api/webhooks/${elsewhere.id}/deliveries/${failed}/redeliver`);
    expect(wrong.body).toMatchObject({ status: 404, errorCode: 'WEBHOOK_DELIVERY_NOT_FOUND' });
  });

  it('GraphQL manages the same endpoints: create (secret once), page, rotate, ping and delete', async () => {
    const created = await graphql<{ createWebhookEndpoint: { endpoint: Endpoint; secret: string } }>(
      customer,
      `
        mutation ($input: CreateWebhookEndpointInput!) {
          createWebhookEndpoint(input: $input) {
            secret
            endpoint {
              id
              accountId
              url
              events
              enabled
            }
          }
        }
      `,
      { input: { url: `https://${PUBLIC_HOST}/customer`, events: ['train.reservation.created'] } },
    );
    expect(created.errors).toBeUndefined();
    const { endpoint, secret } = created.data!.createWebhookEndpoint;
    expect(secret).toMatch(/^whsec_/);
    const listed = await graphql<{ webhookEndpoints: { endpoints: Endpoint[]; nextCursor: string | null } }>(
      customer,
      `
        {
          webhookEndpoints(first: 10) {
            endpoints {
              id
              url
            }
            nextCursor
          }
        }
      `,
    );
    expect(listed.data?.webhookEndpoints).toEqual({ endpoints: [{ id: endpoint.id, url: endpoint.url }], nextCursor: null });
    const rotated = await graphql<{ rotateWebhookEndpointSecret: { secret: string } }>(
      customer,
      `
        mutation ($id: ID!) {
          rotateWebhookEndpointSecret(id: $id) {
            secret
            endpoint {
              previousSecretExpiresAt
            }
          }
        }
      `,
      { id: endpoint.id },
    );
    expect(rotated.data?.rotateWebhookEndpointSecret.secret).not.toBe(secret);
    const pinged = await graphql<{ pingWebhookEndpoint: { eventId: string } }>(
      customer,
      `
        mutation ($id: ID!) {
          pingWebhookEndpoint(id: $id) {
            eventId
            endpointId
          }
        }
      `,
      {
        id: endpoint.id,
      },
    );
    expect(pinged.data?.pingWebhookEndpoint.eventId).toMatch(/^evt_/);
    const deleted = await graphql(
      customer,
      `
        mutation ($id: ID!) {
          deleteWebhookEndpoint(id: $id) {
            id
          }
        }
      `,
      { id: endpoint.id },
    );
    expect(deleted).toEqual({ data: { deleteWebhookEndpoint: { id: endpoint.id } } });
    expect(await endpoints().byId(endpoint.id)).toBeNull();
  });

  it('DELETE answers 204 and the endpoint is gone; the internal issuer account may not manage endpoints', async () => {
    const doomed = await create(agentB, { url: `${URL_A}/doomed`, events: ['flight.order.issued'] });
    const res = await agentB.call('DELETE', `/api/webhooks/${doomed.id}`);
    expect(res.status).toBe(204);
    expect((await agentB.call<ErrorAnswer>('GET', `/api/webhooks/${doomed.id}`)).status).toBe(404);
    expect((await agentB.call<ErrorAnswer>('DELETE', `/api/webhooks/${doomed.id}`)).status).toBe(404);
    const issuer = await FlightClient.create(env.baseUrl, env.stack.platform, 'hooks.issuer@booking.test', 'ISSUER');
    expect((await issuer.call<ErrorAnswer>('GET', '/api/webhooks')).body).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
    const anonymous = await fetch(`${env.baseUrl}/api/webhooks`);
    expect(anonymous.status).toBe(401);
  });
});
