import { currentRequestId } from '../context/request-scope.state';
import { currentTraceParent } from '../telemetry/tracing.service';

/**
 * The key under which a BullMQ job's data carries the id of the request that caused it. Job data is where a
 * dashboard and the queues CLI show it; WorkerHost takes it off before the processor sees the payload.
 */
export const JOB_REQUEST_ID = 'requestId';

/** The key of the W3C traceparent of the span that queued the job (tracing on only); WorkerHost takes it off too. */
export const JOB_TRACE_PARENT = 'traceparent';

/**
 * The job data for a payload: the payload, plus the request id when there is one (default: the current scope's) and
 * the current span's traceparent when tracing is on.
 */
export function withRequestId<T extends object>(payload: T, requestId: string | null | undefined = currentRequestId()): T {
  const traceParent = currentTraceParent();
  return {
    ...payload,
    ...(requestId ? { [JOB_REQUEST_ID]: requestId } : {}),
    ...(traceParent ? { [JOB_TRACE_PARENT]: traceParent } : {}),
  };
}

/** Splits job data into the request id, the traceparent and the payload the processor was written for. */
export function splitRequestId(data: unknown): { requestId: string | undefined; traceParent: string | undefined; payload: object } {
  if (data === null || typeof data !== 'object') return { requestId: undefined, traceParent: undefined, payload: {} };
  const { [JOB_REQUEST_ID]: requestId, [JOB_TRACE_PARENT]: traceParent, ...payload } = data as Record<string, unknown>;
  return {
    requestId: typeof requestId === 'string' ? requestId : undefined,
    traceParent: typeof traceParent === 'string' ? traceParent : undefined,
    payload,
  };
}
