import { currentRequestId } from '../context/request-scope';

/**
 * The key under which a BullMQ job's data carries the id of the request that caused it. Job data is where a
 * dashboard and the queues CLI show it; WorkerHost takes it off before the processor sees the payload.
 */
export const JOB_REQUEST_ID = 'requestId';

/** The job data for a payload: the payload, plus the request id when there is one (default: the current scope's). */
export function withRequestId<T extends object>(payload: T, requestId: string | null | undefined = currentRequestId()): T {
  return requestId ? { ...payload, [JOB_REQUEST_ID]: requestId } : payload;
}

/** Splits job data into the request id and the payload the processor was written for. */
export function splitRequestId(data: unknown): { requestId: string | undefined; payload: object } {
  if (data === null || typeof data !== 'object') return { requestId: undefined, payload: {} };
  const { [JOB_REQUEST_ID]: requestId, ...payload } = data as Record<string, unknown>;
  return { requestId: typeof requestId === 'string' ? requestId : undefined, payload };
}
