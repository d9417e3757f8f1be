import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, print, TypeInfo, validate, visit, visitWithTypeInfo } from 'graphql';
import type { BenchTargets, CpuMessage, MemoryMessage, ParentMessage, ServerMessage, SettledMemoryMessage } from './bench-server';
import { askChild } from './ipc-question';

/**
 * What every bench script shares: its settings, the bench-server child (started over IPC, asked for
 * its memory, stopped), autocannon runs that fail on any bad response, rounds interleaved so that a
 * drift of the machine weighs on every target alike, and the req/s table.
 */

export class BenchFailure extends Error {}

export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new BenchFailure(`${name} must be a positive number (got "${raw}")`);
  return value;
}

export const DURATION_SECONDS = positiveNumber('BENCH_DURATION', 8);
export const CONNECTIONS = Math.round(positiveNumber('BENCH_CONNECTIONS', 20));
export const WARM_UP_SECONDS = 2;
// As the Docker image runs: graphql-js and Apollo pick faster code paths only under NODE_ENV=production
// (the platform's own config stays 'test': testConfig does not read process.env).
export const SERVER_NODE_ENV = process.env.NODE_ENV ?? 'production';
/** As bench-server reads it: 'split' runs the gateway in its own process, 'single' everything in one. */
export const TOPOLOGY = process.env.BENCH_TOPOLOGY === 'single' ? 'single' : 'split';
const START_TIMEOUT_MS = 120_000;
const ANSWER_TIMEOUT_MS = 10_000;
// Above bench-server's own 10 s stop deadline plus its clean-up, so that it is killed only if stuck.
const STOP_TIMEOUT_MS = 30_000;
const DRAIN_MS = 1_000;

/** One measured load: its mean req/s and its p99 latency. */
export interface Run {
  requestsPerSecond: number;
  p99Ms: number;
}

/** A target's rounds: mean req/s, the worst p99, and each round's req/s. */
export interface Summary {
  requestsPerSecond: number;
  p99Ms: number;
  rounds: number[];
}

let child: ChildProcess | undefined;
let hive: ChildProcess | undefined;
let running: autocannon.Instance | undefined;
let interrupted = false;

/** Starts bench-server; `env` adds to its environment (e.g. BENCH_CUSTOMERS for more customer accounts). */
export function startServer(env: Record<string, string> = {}): Promise<BenchTargets> {
  const server = fork(path.join(__dirname, 'bench-server.js'), [], {
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the subgraphs' process.
    // --expose-gc: the RSS run reads memory after full collections (bench/settled-memory.ts).
    execArgv: [...process.execArgv, '--expose-gc', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Production mode needs real providers and secrets; the bench sends no messages and renders no PDFs.
    env: {
      ...process.env,
      ...env,
      NODE_ENV: SERVER_NODE_ENV,
      NOTIFICATION_SINK_ALLOWED: 'true',
      SGR_TICKET_PDF_OWNER_PASSWORD: process.env.SGR_TICKET_PDF_OWNER_PASSWORD ?? 'bench-owner-password',
    },
  });
  child = server;
  return readyMessage<Extract<ServerMessage, { type: 'ready' }>>(server, 'bench-server').then((message) => message.targets);
}

/**
 * A forked child's 'ready' message; a BenchFailure when it answers 'failed', exits or says nothing
 * within START_TIMEOUT_MS.
 */
function readyMessage<Ready extends { type: 'ready' }>(forked: ChildProcess, name: string): Promise<Ready> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchFailure(`${name} was not ready in time`)), START_TIMEOUT_MS);
    const settle = (fn: () => void): void => {
      clearTimeout(timer);
      forked.off('exit', onExit);
      fn();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      settle(() => reject(new BenchFailure(`${name} exited (${code ?? signal}) before it was ready`)));
    forked.once('exit', onExit);
    forked.once('message', (message: Ready | { type: 'failed'; reason: string }) =>
      settle(() => (message.type === 'ready' ? resolve(message as Ready) : reject(new BenchFailure(`${name} could not start:\n${message.reason}`)))),
    );
  });
}

/**
 * The optional comparison gateway (bench/hive-gateway.process.ts) in its own process, when
 * BENCH_HIVE_DIR names a folder Hive Gateway is installed in; null otherwise.
 */
export function startHiveGateway(targets: BenchTargets): Promise<{ url: string; pid: number } | null> {
  if (!process.env.BENCH_HIVE_DIR) return Promise.resolve(null);
  const subgraphs = { admin: targets.adminGraphqlUrl, flight: targets.flightGraphqlUrl, train: targets.trainGraphqlUrl, bus: targets.busGraphqlUrl };
  const gateway = fork(path.join(__dirname, 'hive-gateway.process.js'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: SERVER_NODE_ENV, BENCH_HIVE_SUBGRAPHS: JSON.stringify(subgraphs) },
  });
  hive = gateway;
  return readyMessage<{ type: 'ready'; url: string }>(gateway, 'the Hive gateway').then(({ url }) => ({ url, pid: gateway.pid! }));
}

type Answer = MemoryMessage | CpuMessage | SettledMemoryMessage;

/** Asks bench-server one question and waits for the answer of the matching type, at most `timeoutMs`. */
function askServer<A extends Answer>(question: ParentMessage, type: A['type'], what: string, timeoutMs = ANSWER_TIMEOUT_MS): Promise<A> {
  const pick = (message: unknown) => ((message as Answer | undefined)?.type === type ? (message as A) : undefined);
  return askChild(child!, question, pick, timeoutMs, () => new BenchFailure(`bench-server did not report ${what}`));
}

/** The servers' resident set sizes, as bench-server reads them (its own, and the gateway process's). */
export function serverMemory(): Promise<MemoryMessage> {
  return askServer<MemoryMessage>('memory', 'memory', 'its memory');
}

/** The servers' RSS and heap after full garbage collections in each (see bench/settled-memory.ts). */
export function serverSettledMemory(): Promise<SettledMemoryMessage> {
  // Full collections of heaps of a few hundred MiB, one process after the other.
  return askServer<SettledMemoryMessage>('settled-memory', 'settled-memory', 'its settled memory', 4 * ANSWER_TIMEOUT_MS);
}

/** Bytes in whole MiB, for the JSON lines; null stays null (no gateway process). */
export const mib = (bytes: number | null): number | null => (bytes === null ? null : Math.round(bytes / 1024 / 1024));
/** Bytes as printed: `123 MiB`, or n/a. */
export const showMib = (bytes: number | null): string => (bytes === null ? 'n/a' : `${mib(bytes)} MiB`);

/** CPU milliseconds the servers have used so far, as bench-server reads them (its own, and the gateway process's). */
export function serverCpu(): Promise<CpuMessage> {
  return askServer<CpuMessage>('cpu', 'cpu', 'its CPU time');
}

/**
 * A gateway operation less the fields one subgraph's own schema (its `_service.sdl`) does not have:
 * what that subgraph alone answers of it. Returns the query and the fields left out, as Type.field.
 */
export async function subgraphOperation(name: string, graphqlUrl: string, query: string): Promise<{ query: string; dropped: string[] }> {
  const { json } = await fetchJson(`${name} _service`, graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const sdl = (json as { data?: { _service?: { sdl?: unknown } } }).data?._service?.sdl;
  if (typeof sdl !== 'string') throw new BenchFailure(`${name} gave no SDL: ${JSON.stringify(json).slice(0, 300)}`);
  const schema = buildSubgraphSchema(parse(sdl));
  const typeInfo = new TypeInfo(schema);
  const dropped: string[] = [];
  const pruned = visit(
    parse(query),
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (typeInfo.getFieldDef()) return undefined;
        dropped.push(`${String(typeInfo.getParentType())}.${node.name.value}`);
        return null;
      },
    }),
  );
  const errors = validate(schema, pruned);
  if (errors.length) throw new BenchFailure(`the pruned operation is not valid on ${name}: ${errors.map((e) => e.message).join('; ')}`);
  return { query: print(pruned), dropped };
}

/** Asks the child to stop (it drops its database and Redis keys); kills it if it takes too long. */
async function stopServer(): Promise<void> {
  if (hive && hive.exitCode === null && hive.signalCode === null) hive.kill('SIGTERM');
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

/**
 * One plain request before any load: fails unless it answers 2xx with JSON. `name` ("(a) label")
 * starts every failure message.
 */
export async function fetchJson(name: string, url: string, init: RequestInit): Promise<{ text: string; json: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new BenchFailure(`${name} answered ${response.status}: ${text.slice(0, 500)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BenchFailure(`${name} answered non-JSON: ${text.slice(0, 500)}`);
  }
  return { text, json };
}

/**
 * One autocannon run (for `duration` seconds or exactly `amount` requests); fails on any non-2xx,
 * connection error, rejected body, or request left unanswered. `name` starts the failure message.
 */
export async function measure(name: string, options: autocannon.Options): Promise<autocannon.Result> {
  if (interrupted) throw new BenchFailure('interrupted');
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    running = autocannon(options, (error: Error | null, outcome: autocannon.Result) => (error ? reject(error) : resolve(outcome)));
  });
  running = undefined;
  if (interrupted) throw new BenchFailure('interrupted');
  const what = options.amount !== undefined ? `${options.amount} requests` : `${options.duration}s`;
  const faults = [
    result.non2xx && `${result.non2xx} non-2xx`,
    result.errors && `${result.errors} connection errors (${result.timeouts} timeouts)`,
    result.mismatches && `${result.mismatches} unexpected bodies`,
    result.requests.total === 0 && 'no response at all',
    options.amount !== undefined && result['2xx'] !== options.amount && `${result['2xx']} answered of ${options.amount}`,
  ].filter(Boolean);
  if (faults.length) throw new BenchFailure(`${name}: ${faults.join(', ')} in ${what}`);
  return result;
}

/**
 * Runs every step, then every step again in reverse (A B C, then C B A), so that a drift of the
 * machine over the run weighs on every step alike; `passes` repeats that (A B C C B A A B C C B A).
 * Returns each step's runs, in the steps' order.
 */
export async function interleavedRounds<S, R extends Run>(steps: S[], name: (step: S) => string, run: (step: S) => Promise<R>, passes = 1): Promise<R[][]> {
  const pass = [...steps.keys(), ...[...steps.keys()].reverse()];
  const order = Array.from({ length: passes }, () => pass).flat();
  const runs: R[][] = steps.map(() => []);
  for (const [i, index] of order.entries()) {
    const step = steps[index];
    const result = await run(step);
    runs[index].push(result);
    process.stderr.write(`[${i + 1}/${order.length}] ${name(step)}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms\n`);
  }
  return runs;
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function summarize(runs: Run[]): Summary {
  const rounds = runs.map((r) => r.requestsPerSecond);
  return { requestsPerSecond: mean(rounds), p99Ms: Math.max(...runs.map((r) => r.p99Ms)), rounds };
}

/** The table's header and one line a target: name, mean req/s (in `reqWidth` columns), max p99, each round's req/s. */
export function tableLines(rows: Array<[string, Summary]>, reqWidth: number): string[] {
  const width = Math.max(...rows.map(([name]) => name.length), 'target'.length);
  return [
    `${'target'.padEnd(width)}  ${'req/s'.padStart(reqWidth)}  ${'p99 ms'.padStart(7)}  rounds req/s`,
    ...rows.map(
      ([name, s]) =>
        `${name.padEnd(width)}  ${s.requestsPerSecond.toFixed(0).padStart(reqWidth)}  ${String(s.p99Ms).padStart(7)}  ${s.rounds.map((r) => r.toFixed(0)).join(' / ')}`,
    ),
  ];
}

/** Runs a bench's main() and exits: 0, or 1 on failure (130 if interrupted), stopping the child on every path. */
export function runBench(main: () => Promise<void>): void {
  // Last resort: never leave the child behind (a graceful stop is tried first on every path).
  process.on('exit', () => {
    for (const process of [child, hive]) if (process && process.exitCode === null && process.signalCode === null) process.kill('SIGKILL');
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
}

/** The longest shared opening of two response bodies (the part a sanity check compares). */
export function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** The longest shared ending of two response bodies. */
export function commonSuffix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return a.slice(a.length - i);
}
