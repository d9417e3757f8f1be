import { AsyncLocalStorage } from 'node:async_hooks';

/** The request id of the request being served, for places that get no context (formatError, logs). */
const scope = new AsyncLocalStorage<{ requestId: string }>();

export function runInRequestScope<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}
