import net from 'node:net';
import type { StackRole } from '../../bin/stack.wiring';
import { REST_ROUTES } from '../../gateway/rest/routes';
import { startSideRole, startTestStack } from '../support/test-platform';
import { waitFor } from '../support/wait';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series in Prometheus text (labels in any order), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** A TCP relay to a real server that can be cut (every connection dropped, nothing accepted) and restored. */
async function cuttableProxy(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    cut: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
  };
}

describe('metrics and health', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  const side: Array<{ stop(): Promise<void> }> = [];
  const proxies: Array<{ cut(): Promise<void> }> = [];

  /** Another role on the same database and queues, configured with `extra`. */
  async function startRole(role: StackRole, extra: Record<string, string>) {
    const started = await startSideRole(env.config, role, extra);
    side.push(started);
    return started.stack;
  }

  beforeAll(async () => {
    env = await startTestStack({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0', RECOVERY_INTERVAL_SECONDS: '1' });
  });
  afterAll(async () => {
    for (const role of side) await role.stop();
    for (const proxy of proxies) await proxy.cut();
    await env.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
  const scrape = async (url = `${env.baseUrl}/metrics`) => {
    const res = await get(url, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('/livez answers without asking anything; /readyz names MySQL, Redis and every subgraph as up', async () => {
    const live = await get(`${env.baseUrl}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    // The gateway's listener is public: the parts are named to the METRICS_TOKEN bearer only.
    const ready = await get(`${env.baseUrl}/readyz`, { authorization: `Bearer ${TOKEN}` });
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: Record<string, { status: string }> };
    expect(body.status).toBe('ok');
    expect(Object.keys(body.checks).sort()).toEqual(['admin', 'bus', 'flight', 'mysql', 'redis', 'train']);
    expect(await (await get(`${env.baseUrl}/readyz`)).json()).toEqual({ status: 'ok' });
    expect((await get(`${env.baseUrl}/health`)).status).toBe(200);
  });

  it("every answer of the gateway carries x-request-id, the caller's own when it sent one: probes and metrics too", async () => {
    const answers = await Promise.all([
      get(`${env.baseUrl}/livez`),
      get(`${env.baseUrl}/readyz`),
      get(`${env.baseUrl}/metrics`),
      get(`${env.baseUrl}/metrics`, { authorization: `Bearer ${TOKEN}` }),
      fetch(`${env.baseUrl}/graphql`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } }),
    ]);
    for (const answer of answers) expect([answer.url, answer.headers.get('x-request-id')]).toEqual([answer.url, expect.stringMatching(/\S/)]);
    const own = await get(`${env.baseUrl}/livez`, { 'x-request-id': 'probe-7f3a' });
    expect(own.headers.get('x-request-id')).toBe('probe-7f3a');
  });

  it('/metrics on the public port needs the token: 401 without it or with another, 200 with it', async () => {
    const none = await get(`${env.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await get(`${env.baseUrl}/metrics`, { authorization: 'Bearer not-the-token-at-all-000000' })).status).toBe(401);
    await scrape();
    // The separate listener (METRICS_PORT) asks for the same token when one is set.
    expect((await get(`${env.stack.metricsServer!.url}/metrics`)).status).toBe(401);
    expect(await scrape(`${env.stack.metricsServer!.url}/metrics`)).toMatch(/safiri_http_requests_total/);
  });

  it('counts requests by route template and status, never by raw path', async () => {
    const route = REST_ROUTES.find((r) => r.auth && r.method === 'GET' && r.path.includes(':'))!;
    const raw = route.path.replace(/:\w+/g, 'ID0123456789');
    expect((await get(`${env.baseUrl}${raw}`)).status).toBe(401);
    await get(`${env.baseUrl}/livez`);
    await get(`${env.baseUrl}/readyz`);
    await get(`${env.baseUrl}/no/such/path/42`);
    const text = await scrape();
    expect(sample(text, 'safiri_http_requests_total', { service: 'gateway', method: 'GET', route: route.path, status: '401' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'safiri_http_request_duration_seconds_count', { service: 'gateway', route: route.path, status: '401' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'safiri_http_requests_total', { service: 'gateway', route: '/livez', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'safiri_http_requests_total', { service: 'gateway', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    // The gateway's /readyz asked each subgraph's: their listeners count too.
    expect(sample(text, 'safiri_http_requests_total', { service: 'flight', route: '/readyz', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('ID0123456789');
    expect(text).not.toContain('/no/such/path');
  });

  it('counts GraphQL operations by name and outcome, subgraph fetches, and login failures', async () => {
    const graphql = (query: string) =>
      fetch(`${env.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    expect((await graphql('query MetricsProbe { __typename }')).status).toBe(200);
    await graphql('query MetricsBroken { noSuchField }');
    const login = await fetch(`${env.baseUrl}/api/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@metrics.test', password: 'wrong password 1' }),
    });
    expect(login.status).toBe(401);
    const text = await scrape();
    expect(sample(text, 'safiri_graphql_operations_total', { service: 'gateway', operation: 'MetricsProbe', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'safiri_graphql_operations_total', { service: 'gateway', operation: 'MetricsBroken', outcome: 'error' })).toBe(1);
    expect(sample(text, 'safiri_gateway_subgraph_fetch_duration_seconds_count', { subgraph: 'admin' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'safiri_login_failures_total')).toBe(1);
    expect(sample(text, 'safiri_http_requests_total', { service: 'gateway', method: 'POST', route: '/api/logon', status: '401' })).toBe(1);
  });

  it('reports queue depths, job runs, the outbox backlog and the database pool on scrape', async () => {
    // RECOVERY_INTERVAL_SECONDS=1: the recurring recovery jobs run every second.
    const text = await waitFor(scrape, (t) => /safiri_job_duration_seconds_count\{[^}]*outcome="completed"[^}]*\} [1-9]/.test(t));
    const queue = /safiri_queue_jobs\{queue="([^"]+)",state="completed"\}/.exec(text)![1];
    for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed'])
      expect(sample(text, 'safiri_queue_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'safiri_outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'safiri_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'safiri_db_pool_connections', { state: 'limit' })).toBe(10);
    expect(sample(text, 'safiri_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'safiri_db_pool_waiting')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('without METRICS_TOKEN, /metrics is not on the public port, only on METRICS_PORT', async () => {
    const flight = await startRole('flight', { METRICS_PORT: '0' });
    const url = flight.subgraphs.flight!.url.replace(/\/graphql$/, '');
    expect((await get(`${url}/metrics`)).status).toBe(404);
    const res = await get(`${flight.metricsServer!.url}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/safiri_http_requests_total\{service="flight",method="GET",route="\/metrics",status="404"\} 1/);
    expect((await get(`${url}/livez`)).status).toBe(200);
    expect((await get(`${url}/readyz`)).status).toBe(200);
  });

  it('a subgraph whose Redis is unreachable is live but not ready: 503 naming redis', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const bus = await startRole('bus', { REDIS_URL: `redis://127.0.0.1:${deadPort}` });
    const url = bus.subgraphs.bus!.url.replace(/\/graphql$/, '');
    expect((await get(`${url}/livez`)).status).toBe(200);
    const ready = await get(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', errorMessage: 'Down: redis', down: ['redis'], checks: { mysql: { status: 'up' } } });
  });

  it('a subgraph whose MySQL goes away is not ready (503 naming mysql), and ready again when it is back', async () => {
    const proxy = await cuttableProxy(Number(new URL(env.config.databaseUrl).port || 3306));
    proxies.push(proxy);
    const url = new URL(env.config.databaseUrl);
    url.port = String(proxy.port);
    const train = await startRole('train', { DATABASE_URL: url.toString() });
    const base = train.subgraphs.train!.url.replace(/\/graphql$/, '');
    expect((await get(`${base}/readyz`)).status).toBe(200);
    await proxy.cut();
    const down = await get(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ down: ['mysql'], checks: { mysql: { status: 'down' }, redis: { status: 'up' } } });
    expect((await get(`${base}/livez`)).status).toBe(200);
    await proxy.restore();
    await waitFor(
      () => get(`${base}/readyz`).then((r) => r.status),
      (s) => s === 200,
    );
  });

  it('the worker role answers /livez, /readyz and /metrics (with the token) on WORKER_PORT', async () => {
    const worker = await startRole('worker', { METRICS_TOKEN: TOKEN, RECOVERY_INTERVAL_SECONDS: '1' });
    const base = worker.workerServer!.url;
    expect((await get(`${base}/livez`)).status).toBe(200);
    const ready = await get(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { mysql: { status: 'up' }, redis: { status: 'up' } } });
    expect((await get(`${base}/metrics`)).status).toBe(401);
    expect((await get(`${base}/graphql`)).status).toBe(404);
    const text = await scrape(`${base}/metrics`);
    expect(text).toMatch(/safiri_queue_jobs\{queue="[^"]+",state="waiting"\}/);
    expect(text).toMatch(/safiri_outbox_backlog \d+/);
    expect(sample(text, 'safiri_http_requests_total', { service: 'worker', route: '/readyz', status: '200' })).toBe(1);
  });

  it('the gateway is not ready once a subgraph stops: 503 naming it (it stays live)', async () => {
    await env.stack.subgraphs.bus!.close();
    const res = await get(`${env.baseUrl}/readyz`, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ down: ['bus'], checks: { flight: { status: 'up' }, mysql: { status: 'up' } } });
    const stranger = await get(`${env.baseUrl}/readyz`);
    expect(stranger.status).toBe(503);
    expect(await stranger.text()).not.toMatch(/bus|mysql|redis|flight/);
    expect((await get(`${env.baseUrl}/livez`)).status).toBe(200);
  });
});
