import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { cleanUp, testConfig } from '../test/support/test-platform';
import { RunningStack, startStack } from '../bin/stack';
import { closeServer, listen } from '../shared/http/listen';
import { Role } from '../shared/auth/roles';
import type { PlatformConfig } from '../shared/config/config';
import { AccountService } from '../subgraphs/admin/services/account.service';

/** The one operation every target answers (the same fields GET /api/companies asks for). */
const COMPANIES_QUERY =
  'query Companies { companies { uuid tinNumber name tradingName companyType phoneNumber email website region registeredAt } }';

/** Sent to the bench once everything listens; the bench imports only these types, never this module. */
export interface BenchTargets {
  gatewayUrl: string;
  adminGraphqlUrl: string;
  bareUrl: string;
  token: string;
  companiesQuery: string;
}

export type ServerMessage = { type: 'ready'; targets: BenchTargets } | { type: 'failed'; reason: string };
export type ParentMessage = 'stop';

/**
 * The servers under test, run in a child of the bench so that the load generator does not share
 * their event loop: the whole stack, plus a bare node:http server answering the companies JSON.
 */
let config: PlatformConfig | undefined;
let stack: RunningStack | undefined;
let bare: Server | undefined;
let stopping: Promise<void> | undefined;

async function start(): Promise<BenchTargets> {
  config = testConfig();
  stack = await startStack(config, 'all');
  const gatewayUrl = stack.gateway!.url;
  const adminGraphqlUrl = stack.subgraphs.admin!.url;

  const email = `bench-${randomUUID()}@example.com`;
  const password = randomUUID();
  await new AccountService(stack.platform).create({ email, password, role: Role.CUSTOMER, fullName: 'Bench Customer' });
  const logon = await fetch(`${gatewayUrl}/api/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!logon.ok) throw new Error(`POST /api/logon answered ${logon.status}: ${await logon.text()}`);
  const { token } = (await logon.json()) as { token: string };

  // (a) serves the exact bytes the admin subgraph answers, so the difference is only the work behind them.
  const real = await fetch(adminGraphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: COMPANIES_QUERY }),
  });
  if (!real.ok) throw new Error(`the admin subgraph answered ${real.status}: ${await real.text()}`);
  const payload = Buffer.from(await real.arrayBuffer());
  bare = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
    res.end(payload);
  });
  bare.keepAliveTimeout = 65_000;
  const port = await listen(bare, 0, '127.0.0.1');

  return { gatewayUrl, adminGraphqlUrl, bareUrl: `http://127.0.0.1:${port}/`, token, companiesQuery: COMPANIES_QUERY };
}

/**
 * Bounded: when load stops mid-request, gateway-to-subgraph keep-alive sockets finish after the
 * subgraph's close() and keep it open until keepAliveTimeout (65 s). The process exits anyway.
 */
const STACK_STOP_DEADLINE_MS = 10_000;

function stop(): Promise<void> {
  stopping ??= (async () => {
    if (bare) await closeServer(bare);
    const stopped = stack?.stop().catch((e) => console.error('bench-server: stopping the stack failed:', (e as Error).message));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STACK_STOP_DEADLINE_MS)));
    if ((await Promise.race([stopped, deadline])) === 'late') {
      console.error(`bench-server: the stack did not stop within ${STACK_STOP_DEADLINE_MS / 1000}s; cleaning up anyway`);
    }
    clearTimeout(timer);
    if (config) await cleanUp(config).catch((e) => console.error('bench-server: clean-up failed:', (e as Error).message));
  })();
  return stopping;
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

if (require.main === module) {
  if (!process.send) {
    console.error('bench-server is started by the bench (child_process.fork), not by hand');
    process.exit(1);
  }
  process.on('message', (message: ParentMessage) => {
    if (message === 'stop') void stop().then(() => process.exit(0));
  });
  // The parent died without saying 'stop': still drop the database and Redis keys.
  process.on('disconnect', () => void stop().then(() => process.exit(1)));
  // Ctrl-C reaches the whole process group: the parent handles it and sends 'stop'.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => void stop().then(() => process.exit(1)));
  start().then(
    (targets) => send({ type: 'ready', targets }),
    async (error: Error) => {
      send({ type: 'failed', reason: error.stack ?? error.message });
      await stop();
      process.exit(1);
    },
  );
}
