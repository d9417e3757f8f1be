import { AsyncLocalStorage } from 'node:async_hooks';
import { tagCurrentSpan } from '../telemetry/tracing.service';

/**
 * What the code running for one request (or one job) shares without passing it along: the request id, for
 * formatError, the outbox and every log line (the logger's mixin reads it), and what the access log line learns
 * while the request is served (the GraphQL operation, the verified account).
 */
export interface RequestScope {
  /** Absent for a job no request caused (a recurring sweep). */
  requestId?: string;
  /** The job being run, when the scope is a worker's: its lines say which job wrote them. */
  job?: { queue: string; name: string; id: string | undefined };
  operation?: string;
  accountId?: string;
  /** Aborted when the client goes away before its answer is sent: the gateway stops its subgraph fetches, a subgraph its broad reads. */
  signal?: AbortSignal;
  /** A statement time limit for this work's database connections instead of the request's (a wait with a bound of its own). */
  statementTimeoutMs?: number;
  /** Set once this work has written to the primary: its lag-tolerant reads then go to the primary too (read-your-writes). */
  wrotePrimary?: boolean;
  /** The account recorded as a recent writer for this work (once: shared/database/recent-writers.registry.ts). */
  recordedWriter?: string;
  /** Whether this work's account wrote in the last few seconds, asked once per request and shared by its reads. */
  recentWriter?: Promise<boolean>;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The span attribute that holds the request id: a trace is found from the id a client or a log line shows. */
export const REQUEST_ID_ATTRIBUTE = 'safiri.request_id';

/**
 * Runs fn as the serving of one request; with tracing on, its server span is tagged with the id (searchable).
 * `signal` (shared/http/client-disconnect.middleware.ts) says when the client has gone.
 */
export function runInRequestScope<T>(requestId: string, fn: () => T, signal?: AbortSignal): T {
  tagCurrentSpan(REQUEST_ID_ATTRIBUTE, requestId);
  return scope.run(signal ? { requestId, signal } : { requestId }, fn);
}

/**
 * Runs fn, work whose result other requests share too (a kept reply being built), as if no client could go away:
 * the one that started it leaving must not stop it for the others.
 */
export function runForEveryClient<T>(fn: () => T): T {
  const store = scope.getStore();
  if (!store?.signal) return fn();
  const shared = { ...store };
  delete shared.signal;
  return scope.run(shared, fn);
}

/**
 * Runs fn with its database connections taken under a statement time limit of `ms` rather than the request's: for a
 * deliberate wait that has a bound of its own (a named lock's timeout). The scope is a copy: operation and account
 * noted inside fn do not reach the request's access line, so keep fn to the connection checkout.
 */
export function runWithStatementTimeout<T>(ms: number, fn: () => T): T {
  return scope.run({ ...scope.getStore(), statementTimeoutMs: ms }, fn);
}

/** Runs a job's processor in a scope of its own: its log lines and the jobs it causes carry the request's id. */
export function runInJobScope<T>(requestId: string | undefined, job: NonNullable<RequestScope['job']>, fn: () => T): T {
  if (requestId) tagCurrentSpan(REQUEST_ID_ATTRIBUTE, requestId);
  return scope.run({ requestId, job }, fn);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

export function currentScope(): Readonly<RequestScope> | undefined {
  return scope.getStore();
}

/** The first operation a request runs names it in the access log (a REST route may run a follow-up one). */
export function noteOperation(name: string | null | undefined): void {
  const store = scope.getStore();
  if (store && name && store.operation === undefined) store.operation = name;
}

/** The account whose token was verified while serving the request. */
export function noteAccount(accountId: string | undefined): void {
  const store = scope.getStore();
  if (store && accountId) store.accountId = accountId;
}

/** A write went to the primary while serving this work (shared/database/replica-read.router.ts). */
export function noteWrite(): void {
  const store = scope.getStore();
  if (store) store.wrotePrimary = true;
}

/**
 * The account to record as a recent writer: the request's, the first time a write is seen once it is known; undefined
 * after that, and for work no account caused (a job, a login).
 */
export function writerToRecord(): string | undefined {
  const store = scope.getStore();
  if (!store?.accountId || store.recordedWriter === store.accountId) return undefined;
  store.recordedWriter = store.accountId;
  return store.accountId;
}

/** Whether the request's account wrote recently: `ask` runs at most once per request; false when no account is known. */
export function recentWriterOfScope(ask: (accountId: string) => Promise<boolean>): Promise<boolean> {
  const store = scope.getStore();
  if (!store?.accountId) return Promise.resolve(false);
  store.recentWriter ??= ask(store.accountId);
  return store.recentWriter;
}
