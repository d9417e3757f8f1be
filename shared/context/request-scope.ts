import { AsyncLocalStorage } from 'node:async_hooks';
import { tagCurrentSpan } from '../telemetry/tracing';

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
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The span attribute that holds the request id: a trace is found from the id a client or a log line shows. */
export const REQUEST_ID_ATTRIBUTE = 'safiri.request_id';

/** Runs fn as the serving of one request; with tracing on, its server span is tagged with the id (searchable). */
export function runInRequestScope<T>(requestId: string, fn: () => T): T {
  tagCurrentSpan(REQUEST_ID_ATTRIBUTE, requestId);
  return scope.run({ requestId }, fn);
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
