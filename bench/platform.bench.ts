import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchTargets, ParentMessage, ServerMessage } from './bench-server';

/**
 * Companies query, side by side: (a) bare node:http with the same bytes, (b) the admin subgraph,
 * (c) the gateway's /graphql, (d) the gateway's REST layer. The servers run in a forked child so
 * that autocannon does not steal their event loop.
 */

class BenchFailure extends Error {}

const DURATION_SECONDS = positiveNumber('BENCH_DURATION', 8);
const CONNECTIONS = Math.round(positiveNumber('BENCH_CONNECTIONS', 20));
const WARM_UP_SECONDS = 2;
const GOAL_D_OVER_B = 0.5;
// As the Docker image runs: graphql-js and Apollo pick faster code paths only under NODE_ENV=production
// (the platform's own config stays 'test': testConfig does not read process.env).
const SERVER_NODE_ENV = process.env.NODE_ENV ?? 'production';
const START_TIMEOUT_MS = 120_000;
// Above bench-server's own 10 s stop deadline plus its clean-up, so that it is killed only if stuck.
const STOP_TIMEOUT_MS = 30_000;
const DRAIN_MS = 1_000;

type TargetKey = 'a' | 'b' | 'c' | 'd';

interface Target {
  key: TargetKey;
  label: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Returns what is wrong with a parsed response body, or undefined when it is a real companies list. */
  problem(json: unknown): string | undefined;
}

interface Run {
  requestsPerSecond: number;
  p99Ms: number;
}

interface Summary {
  key: TargetKey;
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  rounds: number[];
}

let child: ChildProcess | undefined;
let running: autocannon.Instance | undefined;
let interrupted = false;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new BenchFailure(`${name} must be a positive number (got "${raw}")`);
  return value;
}

function companiesProblem(list: unknown, where: string): string | undefined {
  if (!Array.isArray(list)) return `${where} is not an array`;
  if (list.length < 10) return `${where} has ${list.length} items, expected at least 10`;
  return undefined;
}

function graphqlProblem(json: unknown): string | undefined {
  const body = json as { data?: { companies?: unknown }; errors?: unknown } | null;
  if (body?.errors) return `GraphQL errors: ${JSON.stringify(body.errors)}`;
  return companiesProblem(body?.data?.companies, 'data.companies');
}

function targetsFor(t: BenchTargets): Target[] {
  const auth = { authorization: `Bearer ${t.token}` };
  const graphql = { ...auth, 'content-type': 'application/json' };
  const body = JSON.stringify({ operationName: 'Companies', query: t.companiesQuery });
  return [
    { key: 'a', label: 'bare node:http', url: t.bareUrl, method: 'GET', headers: {}, problem: graphqlProblem },
    { key: 'b', label: 'admin subgraph', url: t.adminGraphqlUrl, method: 'POST', headers: graphql, body, problem: graphqlProblem },
    { key: 'c', label: 'gateway /graphql', url: `${t.gatewayUrl}/graphql`, method: 'POST', headers: graphql, body, problem: graphqlProblem },
    {
      key: 'd',
      label: 'gateway REST',
      url: `${t.gatewayUrl}/api/companies`,
      method: 'GET',
      headers: auth,
      problem: (json) => companiesProblem(json, 'the body'),
    },
  ];
}

/** One plain request before any load; returns the body every loaded response must then equal. */
async function sanityCheck(target: Target): Promise<string> {
  const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
  const text = await response.text();
  if (!response.ok) throw new BenchFailure(`(${target.key}) ${target.label} answered ${response.status}: ${text.slice(0, 500)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BenchFailure(`(${target.key}) ${target.label} answered non-JSON: ${text.slice(0, 500)}`);
  }
  const problem = target.problem(json);
  if (problem) throw new BenchFailure(`(${target.key}) ${target.label}: ${problem}`);
  return text;
}

async function load(target: Target, expectBody: string, seconds: number): Promise<Run> {
  if (interrupted) throw new BenchFailure('interrupted');
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    running = autocannon(
      {
        url: target.url,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections: CONNECTIONS,
        duration: seconds,
        // GraphQL errors come back as 200: comparing bodies is what proves every response was a real result.
        expectBody,
      },
      (error: Error | null, outcome: autocannon.Result) => (error ? reject(error) : resolve(outcome)),
    );
  });
  running = undefined;
  if (interrupted) throw new BenchFailure('interrupted');
  const faults = [
    result.non2xx && `${result.non2xx} non-2xx`,
    result.errors && `${result.errors} connection errors (${result.timeouts} timeouts)`,
    result.mismatches && `${result.mismatches} unexpected bodies`,
    result.requests.total === 0 && 'no response at all',
  ].filter(Boolean);
  if (faults.length) throw new BenchFailure(`(${target.key}) ${target.label}: ${faults.join(', ')} in ${seconds}s`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

function startServer(): Promise<BenchTargets> {
  const server = fork(path.join(__dirname, 'bench-server.js'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The bench sends no customer messages; the local sink stands in for real providers.
    env: { ...process.env, NODE_ENV: SERVER_NODE_ENV, NOTIFICATION_SINK_ALLOWED: 'true' },
  });
  child = server;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchFailure('bench-server was not ready in time')), START_TIMEOUT_MS);
    const settle = (fn: () => void): void => {
      clearTimeout(timer);
      server.off('exit', onExit);
      fn();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      settle(() => reject(new BenchFailure(`bench-server exited (${code ?? signal}) before it was ready`)));
    server.once('exit', onExit);
    server.once('message', (message: ServerMessage) =>
      settle(() =>
        message.type === 'ready'
          ? resolve(message.targets)
          : reject(new BenchFailure(`bench-server could not start:\n${message.reason}`)),
      ),
    );
  });
}

/** Asks the child to stop (it drops its database and Redis keys); kills it if it takes too long. */
async function stopServer(): Promise<void> {
  const server = child;
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  // Let the requests autocannon abandoned finish first, so that the stack stops without errors.
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  if (server.connected) server.send('stop' satisfies ParentMessage);
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function ratio(summaries: Map<TargetKey, Summary>, top: TargetKey, bottom: TargetKey): number {
  return Number((summaries.get(top)!.requestsPerSecond / summaries.get(bottom)!.requestsPerSecond).toFixed(3));
}

function report(summaries: Map<TargetKey, Summary>): void {
  const rows = [...summaries.values()];
  const name = (s: Summary): string => `(${s.key}) ${s.label}`;
  const width = Math.max(...rows.map((s) => name(s).length), 'target'.length);
  const ratios = { 'c/b': ratio(summaries, 'c', 'b'), 'd/b': ratio(summaries, 'd', 'b'), 'b/a': ratio(summaries, 'b', 'a') };
  const met = ratios['d/b'] >= GOAL_D_OVER_B;

  const lines = [
    `companies query, ${CONNECTIONS} connections, ${DURATION_SECONDS}s x ${rows[0].rounds.length} rounds per target (mean req/s, max p99), servers NODE_ENV=${SERVER_NODE_ENV}, ${process.env.BENCH_TOPOLOGY === 'single' ? 'everything in one process' : 'gateway in its own process'}`,
    `${'target'.padEnd(width)}  ${'req/s'.padStart(9)}  ${'p99 ms'.padStart(7)}  rounds req/s`,
    ...rows.map(
      (s) =>
        `${name(s).padEnd(width)}  ${s.requestsPerSecond.toFixed(0).padStart(9)}  ${String(s.p99Ms).padStart(7)}  ${s.rounds.map((r) => r.toFixed(0)).join(' / ')}`,
    ),
    `ratios (req/s): c/b ${ratios['c/b'].toFixed(2)}  d/b ${ratios['d/b'].toFixed(2)}  b/a ${ratios['b/a'].toFixed(2)}`,
    `target d/b ≥ ${GOAL_D_OVER_B}: ${met ? 'met' : 'NOT met'} (d/b = ${ratios['d/b'].toFixed(2)})`,
  ];
  console.log(lines.join('\n'));
  console.log(
    JSON.stringify({
      bench: 'companies',
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      nodeEnv: SERVER_NODE_ENV,
      topology: process.env.BENCH_TOPOLOGY === 'single' ? 'single' : 'split',
      rounds: rows[0].rounds.length,
      targets: Object.fromEntries(
        rows.map((s) => [s.key, { label: s.label, reqPerSec: Math.round(s.requestsPerSecond), p99Ms: s.p99Ms, roundsReqPerSec: s.rounds.map(Math.round) }]),
      ),
      ratios,
      goal: { 'd/b': GOAL_D_OVER_B, met },
    }),
  );
}

async function main(): Promise<void> {
  process.stderr.write('starting the stack in a child process...\n');
  const targets = targetsFor(await startServer());
  const expected = new Map<TargetKey, string>();
  for (const target of targets) expected.set(target.key, await sanityCheck(target));

  for (const target of targets) {
    process.stderr.write(`warm-up (${target.key}) ${target.label} ${WARM_UP_SECONDS}s\n`);
    await load(target, expected.get(target.key)!, WARM_UP_SECONDS);
  }

  // A B C D then D C B A: a drift of the machine over the run weighs on every target alike.
  const order = [...targets, ...[...targets].reverse()];
  const runs = new Map<TargetKey, Run[]>(targets.map((t) => [t.key, []]));
  for (const [i, target] of order.entries()) {
    const run = await load(target, expected.get(target.key)!, DURATION_SECONDS);
    runs.get(target.key)!.push(run);
    process.stderr.write(
      `[${i + 1}/${order.length}] (${target.key}) ${target.label}: ${run.requestsPerSecond.toFixed(0)} req/s, p99 ${run.p99Ms} ms\n`,
    );
  }

  const summaries = new Map<TargetKey, Summary>(
    targets.map((t) => {
      const own = runs.get(t.key)!;
      const rounds = own.map((r) => r.requestsPerSecond);
      return [t.key, { key: t.key, label: t.label, requestsPerSecond: mean(rounds), p99Ms: Math.max(...own.map((r) => r.p99Ms)), rounds }];
    }),
  );
  report(summaries);
}

// Last resort: never leave the child behind (a graceful stop is tried first on every path).
process.on('exit', () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
// Stop the load, then let main() take its failure path, which stops the child.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    running?.stop();
  });
}

main().then(
  async () => {
    await stopServer();
    process.exit(0);
  },
  async (error: Error) => {
    console.error(error instanceof BenchFailure ? `bench failed: ${error.message}` : error);
    await stopServer();
    process.exit(interrupted ? 130 : 1);
  },
);
