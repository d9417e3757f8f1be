import { ChildProcess, fork, spawnSync } from 'node:child_process';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { childEnv, cleanUp, TEST_PROCESS_ENV, testConfig } from '../support/test-platform';
import { waitFor } from '../support/wait';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { closePlatform, createPlatform, Platform } from '../../shared/platform/platform.wiring';
import { createLogger } from '../../shared/logging/logger';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import type { PlatformConfig } from '../../shared/config/platform.config';
import type { SpanRecord } from '../support/traced-stack.process';

const DIST = path.resolve(__dirname, '..', '..');

/** The process environment without any OTEL_* variable of the machine running the tests. */
function withoutOtel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('OTEL_')));
}

/** Whether `ancestor` is on the chain of parents of `s`, among the spans of one trace. */
function isUnder(trace: SpanRecord[], s: SpanRecord, ancestor: SpanRecord): boolean {
  const byId = new Map(trace.map((t) => [t.spanId, t]));
  for (let p = s.parentSpanId && byId.get(s.parentSpanId); p; p = p.parentSpanId && byId.get(p.parentSpanId)) if (p === ancestor) return true;
  return false;
}

/** Issue 14 item 3: one trace from a REST call through the gateway, the flight subgraph, MySQL, the outbox and BullMQ. */
describe('traces', () => {
  let config: PlatformConfig;
  let child: ChildProcess;
  let platform: Platform;
  let baseUrl: string;

  const ask = () =>
    new Promise<{ spans: SpanRecord[]; lines: string[] }>((resolve) => {
      child.once('message', (m) => resolve(m as { spans: SpanRecord[]; lines: string[] }));
      child.send('spans');
    });

  beforeAll(async () => {
    config = testConfig();
    child = fork(path.join(DIST, 'test', 'support', 'traced-stack.process.js'), {
      env: withoutOtel(childEnv(config, { ...TEST_PROCESS_ENV, LOG_LEVEL: 'info' })),
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { ready: string }).ready));
      child.once('exit', (code) => reject(new Error(`the traced stack exited (${code}) before it was ready`)));
    });
    // The child migrated the database; this process only writes the agent's account.
    platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
  });

  afterAll(async () => {
    await closePlatform(platform);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    }
    await cleanUp(config);
  });

  it('parents the gateway, the subgraph fetch, the subgraph, its queries, the outbox and the BullMQ jobs in one trace', async () => {
    const agent = await FlightClient.create(baseUrl, platform, 'traces-agent@booking.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    const offer = await agent.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });
    const res = await agent.call(
      'POST',
      '/api/flight/reserve/agent',
      { offerReference: offer.offerReference, passengers: [adult()] },
      { 'x-request-id': 'traced-reserve-0001' },
    );
    expect(res.status).toBe(201);

    const attr = (s: SpanRecord, key: string) => s.attributes[key];
    const { spans, lines } = await waitFor(ask, ({ spans }) => {
      const root = spans.find((s) => s.kind === SpanKind.SERVER && attr(s, 'url.path') === '/api/flight/reserve/agent');
      const inTrace = spans.filter((s) => s.traceId === root?.traceId);
      return ['dispatch', 'deliver'].every((job) => inTrace.some((s) => s.kind === SpanKind.CONSUMER && attr(s, 'safiri.job.name') === job));
    });

    const gatewayServer = spans.find((s) => s.kind === SpanKind.SERVER && attr(s, 'url.path') === '/api/flight/reserve/agent')!;
    const trace = spans.filter((s) => s.traceId === gatewayServer.traceId);
    const under = (s: SpanRecord, ancestor: SpanRecord) => isUnder(trace, s, ancestor);

    // The REST call is the root: nothing the client sent started the trace earlier.
    expect(gatewayServer.parentSpanId).toBeUndefined();
    // The request id is on the server spans, so a trace is found from the id a client or a log line shows.
    expect(attr(gatewayServer, 'safiri.request_id')).toBe('traced-reserve-0001');
    expect(trace.every((s) => s.service === 'safiri')).toBe(true);

    // The gateway's fetch of the flight subgraph: an HTTP client span under the REST call's server span.
    const fetches = trace.filter((s) => s.kind === SpanKind.CLIENT && String(attr(s, 'url.full') ?? '').endsWith('/graphql'));
    expect(fetches.length).toBeGreaterThan(0);
    expect(fetches.every((f) => under(f, gatewayServer))).toBe(true);

    // The subgraph's server span is the child of that fetch: the traceparent crossed the HTTP call.
    const subgraphServers = trace.filter((s) => s.kind === SpanKind.SERVER && s !== gatewayServer);
    expect(subgraphServers.length).toBeGreaterThan(0);
    for (const server of subgraphServers) {
      expect(attr(server, 'url.path')).toBe('/graphql');
      expect(fetches.map((f) => f.spanId)).toContain(server.parentSpanId);
      expect(attr(server, 'safiri.request_id')).toBe('traced-reserve-0001');
    }

    // The subgraph's MySQL queries, the outbox insert among them, are under its server span; literals are masked.
    const queries = trace.filter((s) => s.scope.includes('mysql2'));
    const statement = (s: SpanRecord) => String(attr(s, 'db.query.text') ?? attr(s, 'db.statement') ?? '');
    const outboxInsert = queries.find((q) => /INSERT INTO .?outbox_message/i.test(statement(q)));
    expect(outboxInsert).toBeDefined();
    expect(subgraphServers.some((server) => under(outboxInsert!, server))).toBe(true);
    expect(queries.map(statement).join('\n')).not.toContain('Mwinyi');

    // The relay continues the trace the outbox row stored: its publication is under the subgraph's server span.
    const publish = trace.find((s) => s.kind === SpanKind.PRODUCER && s.name === 'outbox publish notifications')!;
    expect(publish).toBeDefined();
    expect(subgraphServers.some((server) => under(publish, server))).toBe(true);

    // The BullMQ job runs in a consumer span, the child of the publication; the job it queues (a delivery) follows.
    const dispatch = trace.find((s) => s.kind === SpanKind.CONSUMER && attr(s, 'safiri.job.name') === 'dispatch')!;
    expect(dispatch.name).toBe('process notifications');
    expect(dispatch.parentSpanId).toBe(publish.spanId);
    expect(attr(dispatch, 'safiri.request_id')).toBe('traced-reserve-0001');
    const deliver = trace.find((s) => s.kind === SpanKind.CONSUMER && attr(s, 'safiri.job.name') === 'deliver')!;
    expect(under(deliver, dispatch)).toBe(true);
    // The job's own queries are in the trace too.
    expect(queries.some((q) => under(q, dispatch))).toBe(true);

    // Log lines written inside a span name it: the reservation's line leads to the trace.
    const reserved = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.message === 'flight reserved');
    expect(reserved).toMatchObject({ requestId: 'traced-reserve-0001', trace_id: gatewayServer.traceId, span_id: expect.any(String) });
  });

  it('keeps a gateway.fetch span when a repeated operation is answered straight by its subgraph, through REST and /graphql', async () => {
    const agent = await FlightClient.create(baseUrl, platform, 'traces-search@booking.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '0' });
    const search = { originLocationCode: 'DAR', destinationLocationCode: 'NBO', departureDate: daysAhead(31), adults: 1 };
    const graphql = { query: 'query TracedAirports { airports(limit: 3) { stopId } }' };
    // The first of each runs through @apollo/gateway (which plans it); the later ones take the direct fetch.
    const requestIds: Array<{ id: string; path: string }> = [];
    for (let i = 0; i < 3; i++) {
      const rest = await agent.call('POST', '/api/flight/search', search, { 'x-request-id': `traced-search-${i}` });
      expect(rest.status).toBe(200);
      requestIds.push({ id: `traced-search-${i}`, path: '/api/flight/search' });
      const gql = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': `traced-graphql-${i}` },
        body: JSON.stringify(graphql),
      });
      expect(gql.status).toBe(200);
      expect(((await gql.json()) as { errors?: unknown }).errors).toBeUndefined();
      requestIds.push({ id: `traced-graphql-${i}`, path: '/graphql' });
    }

    const { spans } = await waitFor(ask, ({ spans }) =>
      requestIds.every(({ id }) => spans.filter((s) => s.kind === SpanKind.SERVER && s.attributes['safiri.request_id'] === id).length >= 2),
    );
    for (const { id, path: urlPath } of requestIds) {
      const servers = spans.filter((s) => s.kind === SpanKind.SERVER && s.attributes['safiri.request_id'] === id);
      // The root is the gateway's server span; the subgraph's server span is in the same trace.
      const root = servers.find((s) => s.attributes['url.path'] === urlPath && !spans.some((p) => p.spanId === s.parentSpanId));
      expect(root).toBeDefined();
      const trace = spans.filter((s) => s.traceId === root!.traceId);
      const fetchSpan = trace.find((s) => s.name === 'gateway.fetch');
      expect({ id, fetch: fetchSpan?.name }).toEqual({ id, fetch: 'gateway.fetch' });
      const subgraphServer = trace.find((s) => s.kind === SpanKind.SERVER && s !== root)!;
      expect(subgraphServer).toBeDefined();
      // The subgraph call is under the fetch span, as when @apollo/gateway runs the plan.
      expect({ id, underFetch: isUnder(trace, subgraphServer, fetchSpan!) }).toEqual({ id, underFetch: true });
      expect(fetchSpan!.attributes.service).toBe('flight');
    }
  });

  it('keeps a query string out of the server span', async () => {
    const res = await fetch(`${baseUrl}/api/no-such-route?email=someone@example.com`);
    expect(res.status).toBe(404);
    await res.text();
    const { spans } = await waitFor(ask, ({ spans }) => spans.some((s) => s.kind === SpanKind.SERVER && s.attributes['url.path'] === '/api/no-such-route'));
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['url.path'] === '/api/no-such-route')!;
    expect(server.attributes).not.toHaveProperty('url.query');
    expect(JSON.stringify(spans)).not.toContain('someone@example.com');
  });
});

describe('tracing off', () => {
  const OUR_TRACING_PACKAGES = [
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/instrumentation',
    '@opentelemetry/instrumentation-http',
    '@opentelemetry/instrumentation-mysql2',
    '@opentelemetry/exporter-trace-otlp-proto',
  ];
  /** Which of the tracing packages a process that loaded start.js's preload and the whole stack has loaded. */
  const loadedAfterStart = (env: NodeJS.ProcessEnv): string[] => {
    const script = `
      require(${JSON.stringify(path.join(DIST, 'shared', 'telemetry', 'tracing.preload.js'))});
      require(${JSON.stringify(path.join(DIST, 'bin', 'stack.wiring.js'))});
      const packages = ${JSON.stringify(OUR_TRACING_PACKAGES)};
      const dirs = packages.map((p) => [p, require.resolve(p + '/package.json').replace(/package\\.json$/, '')]);
      const loaded = Object.keys(require.cache);
      console.log(JSON.stringify(dirs.filter(([, dir]) => loaded.some((file) => file.startsWith(dir))).map(([p]) => p)));`;
    const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8', cwd: path.resolve(DIST, '..') });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout.trim().split('\n').pop()!) as string[];
  };

  it('loads no tracing SDK, exporter or instrumentation when OTEL_EXPORTER_OTLP_ENDPOINT is unset', () => {
    expect(loadedAfterStart(withoutOtel(process.env))).toEqual([]);
  });

  it('loads them all before the stack when it is set', () => {
    expect(loadedAfterStart({ ...withoutOtel(process.env), OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).sort()).toEqual(
      [...OUR_TRACING_PACKAGES].sort(),
    );
  });
});
