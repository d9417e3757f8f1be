import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import path from 'node:path';
import { childEnv, cleanUp, testConfig } from '../test/support/test-platform';
import { RunningStack, startStack } from '../bin/stack.wiring';
import { closeServer, listen } from '../shared/http/listen.server';
import { Role } from '../shared/auth/roles.types';
import { SUBGRAPH_NAMES, type PlatformConfig } from '../shared/config/platform.config';
import { prepareFromConfig } from '../bin/prepare-database.service';
import { createAccountService } from '../subgraphs/admin/admin.wiring';
import { processCpuMs } from './daemon-cpu';
import { settledMemory, type SettledMemory } from './settled-memory';
import type { GcProbeAnswer } from './gc-probe.preload';
import { askChild } from './ipc-question';

/** The one operation every target answers (the same fields GET /api/companies asks for). */
const COMPANIES_QUERY = 'query Companies { companies { uuid tinNumber name tradingName companyType phoneNumber email website region registeredAt } }';

/** Sent to the bench once everything listens; the bench imports only these types, never this module. */
export interface BenchTargets {
  gatewayUrl: string;
  adminGraphqlUrl: string;
  flightGraphqlUrl: string;
  trainGraphqlUrl: string;
  busGraphqlUrl: string;
  bareUrl: string;
  token: string;
  /** A third-party agent (an integration) with a TZS wallet: its searches are priced for the agent and read its wallet currency. */
  agentToken: string;
  /** Tokens of BENCH_CUSTOMERS further customer accounts (none unless a bench asks), one each. */
  customerTokens: string[];
  companiesQuery: string;
  /** The subgraphs' FLIGHT_SEARCH_CACHE_SECONDS (testConfig leaves it at its default). */
  flightSearchCacheSeconds: number;
}

export type ServerMessage = { type: 'ready'; targets: BenchTargets } | { type: 'failed'; reason: string };
/**
 * The answer to 'memory': resident set sizes in bytes, of this process (the subgraphs; everything
 * under BENCH_TOPOLOGY=single) and of the gateway process (null when there is none).
 */
export interface MemoryMessage {
  type: 'memory';
  serverRss: number;
  gatewayRss: number | null;
}
/**
 * The answer to 'cpu': CPU time (user + system) used so far, in milliseconds, by this process (the
 * subgraphs; everything under BENCH_TOPOLOGY=single) and by the gateway process (null when none).
 */
export interface CpuMessage {
  type: 'cpu';
  serverMs: number;
  gatewayMs: number | null;
}
/**
 * The answer to 'settled-memory': each process's RSS and heap after full garbage collections (this
 * process is forked with --expose-gc, the gateway's is preloaded with gc-probe), null for no gateway.
 */
export interface SettledMemoryMessage {
  type: 'settled-memory';
  server: SettledMemory;
  gateway: SettledMemory | null;
}
export type ParentMessage = 'stop' | 'memory' | 'cpu' | 'settled-memory';

/**
 * The servers under test, run in a child of the bench so that the load generator does not share
 * their event loop: the whole stack, plus a bare node:http server answering the companies JSON.
 */
let config: PlatformConfig | undefined;
const stacks: RunningStack[] = [];
let gatewayProcess: ChildProcess | undefined;
let bare: Server | undefined;
let stopping: Promise<void> | undefined;

/**
 * 'split' (default) runs the gateway in its own process, as docker-compose deploys it; 'single'
 * runs everything in one process, as `npm start` does for a newcomer.
 */
export const TOPOLOGY = process.env.BENCH_TOPOLOGY === 'single' ? 'single' : 'split';

/** Further customer accounts a bench asks for (startServer's env), each logged on once: see customerTokens. */
const BENCH_CUSTOMERS = Math.max(0, Math.floor(Number(process.env.BENCH_CUSTOMERS ?? 0) || 0));

/**
 * Extra node options for the gateway process, space-separated: `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * profiles it under the bench's load (the profile is written when the bench stops it).
 */
const GATEWAY_NODE_ARGS = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0, '127.0.0.1');
  await closeServer(probe);
  return port;
}

async function startGatewayProcess(cfg: PlatformConfig, subgraphUrls: Record<string, string>): Promise<string> {
  const port = await freePort();
  const env = childEnv(cfg, {
    // graphql-js takes its fast paths only under NODE_ENV=production: the same as this process.
    NODE_ENV: process.env.NODE_ENV ?? cfg.nodeEnv,
    LOG_LEVEL: 'error',
    // One deployment, one public address: it is the issuer every process checks tokens against.
    PUBLIC_BASE_URL: cfg.publicBaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  for (const [name, url] of Object.entries(subgraphUrls)) env[`${name.toUpperCase()}_URL`] = url;
  const gcProbe = ['--expose-gc', '-r', path.join(__dirname, 'gc-probe.preload.js')];
  gatewayProcess = spawn(process.execPath, [...gcProbe, ...GATEWAY_NODE_ARGS, path.join(__dirname, '..', 'bin', 'start.js'), 'gateway'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const healthy = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return url;
    if (gatewayProcess.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the gateway process did not become healthy');
}

async function start(): Promise<BenchTargets> {
  // The benches send thousands of searches a second from one account: the per-account search limit is off.
  config = testConfig({ SEARCH_RATE_PER_SECOND: '0' });
  let gatewayUrl: string;
  if (TOPOLOGY === 'single') {
    const all = await startStack(config, 'all');
    stacks.push(all);
    gatewayUrl = all.gateway!.url;
  } else {
    await prepareFromConfig(config);
    for (const name of SUBGRAPH_NAMES) stacks.push(await startStack(config, name));
    const urls = Object.fromEntries(stacks.flatMap((s) => Object.entries(s.subgraphs).map(([name, server]) => [name, server!.url])));
    gatewayUrl = await startGatewayProcess(config, urls);
  }
  const stack = stacks.find((s) => s.subgraphs.admin) ?? stacks[0];
  const adminGraphqlUrl = stack.subgraphs.admin!.url;
  const flightGraphqlUrl = (stacks.find((s) => s.subgraphs.flight) ?? stacks[0]).subgraphs.flight!.url;
  const trainGraphqlUrl = (stacks.find((s) => s.subgraphs.train) ?? stacks[0]).subgraphs.train!.url;
  const busGraphqlUrl = (stacks.find((s) => s.subgraphs.bus) ?? stacks[0]).subgraphs.bus!.url;

  const account = async (fullName: string, role: Role): Promise<string> => {
    const email = `bench-${randomUUID()}@example.com`;
    const password = randomUUID();
    await createAccountService(stack.platform).create({ email, password, role, fullName, ...(role === Role.CUSTOMER ? {} : { currency: 'TZS' }) });
    const logon = await fetch(`${gatewayUrl}/api/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!logon.ok) throw new Error(`POST /api/logon answered ${logon.status}: ${await logon.text()}`);
    return ((await logon.json()) as { token: string }).token;
  };
  const token = await account('Bench Customer', Role.CUSTOMER);
  const agentToken = await account('Bench Agent', Role.THIRD_PARTY_AGENT);
  const customerTokens: string[] = [];
  // In sequence: a few seconds at start-up, before anything is measured.
  for (let i = 0; i < BENCH_CUSTOMERS; i++) customerTokens.push(await account(`Bench Customer ${i + 1}`, Role.CUSTOMER));

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

  return {
    gatewayUrl,
    adminGraphqlUrl,
    flightGraphqlUrl,
    trainGraphqlUrl,
    busGraphqlUrl,
    bareUrl: `http://127.0.0.1:${port}/`,
    token,
    agentToken,
    customerTokens,
    companiesQuery: COMPANIES_QUERY,
    flightSearchCacheSeconds: config.flight.searchCacheSeconds,
  };
}

/** VmRSS of another process in bytes (Linux /proc), or null when it cannot be read. */
function rssOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

function cpu(): CpuMessage {
  const own = process.cpuUsage();
  const gateway = gatewayProcess?.pid !== undefined && gatewayProcess.exitCode === null ? processCpuMs(gatewayProcess.pid) : null;
  return { type: 'cpu', serverMs: (own.user + own.system) / 1000, gatewayMs: gateway };
}

function memory(): MemoryMessage {
  const gateway = gatewayProcess && gatewayProcess.exitCode === null ? rssOf(gatewayProcess.pid) : null;
  return { type: 'memory', serverRss: process.memoryUsage().rss, gatewayRss: gateway };
}

/** How long the gateway may take to collect its garbage and answer. */
const SETTLE_TIMEOUT_MS = 30_000;

async function gatewaySettledMemory(): Promise<SettledMemory | null> {
  const gateway = gatewayProcess;
  if (!gateway || gateway.exitCode !== null) return null;
  const pick = (message: unknown) => {
    const answer = message as GcProbeAnswer | undefined;
    return answer?.type === 'settled' || answer?.type === 'settle-failed' ? answer : undefined;
  };
  const answer = await askChild(gateway, 'settle', pick, SETTLE_TIMEOUT_MS, () => new Error('the gateway process did not report its settled memory'));
  if (answer.type === 'settle-failed') throw new Error(`the gateway process could not settle its memory: ${answer.reason}`);
  return { rss: answer.rss, heapUsed: answer.heapUsed };
}

async function settled(): Promise<SettledMemoryMessage> {
  // One after the other: both collecting at once would share the two cores.
  const gateway = await gatewaySettledMemory();
  return { type: 'settled-memory', server: await settledMemory(), gateway };
}

/**
 * Bounded: when load stops mid-request, gateway-to-subgraph keep-alive sockets finish after the
 * subgraph's close() and keep it open until keepAliveTimeout (65 s). The process exits anyway.
 */
const STACK_STOP_DEADLINE_MS = 10_000;

function stop(): Promise<void> {
  stopping ??= (async () => {
    if (bare) await closeServer(bare);
    if (gatewayProcess && gatewayProcess.exitCode === null) {
      const exited = new Promise((resolve) => gatewayProcess!.once('exit', resolve));
      gatewayProcess.kill('SIGTERM');
      await exited;
    }
    const stopped = Promise.all(stacks.map((s) => s.stop())).catch((e) => console.error('bench-server: stopping the stack failed:', (e as Error).message));
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

function send(message: ServerMessage | MemoryMessage | CpuMessage | SettledMemoryMessage): void {
  process.send?.(message);
}

if (require.main === module) {
  if (!process.send) {
    console.error('bench-server is started by the bench (child_process.fork), not by hand');
    process.exit(1);
  }
  process.on('message', (message: ParentMessage) => {
    if (message === 'stop') void stop().then(() => process.exit(0));
    else if (message === 'memory') send(memory());
    else if (message === 'cpu') send(cpu());
    else if (message === 'settled-memory') {
      settled().then(send, (error: Error) => console.error('bench-server:', error.message));
    }
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
