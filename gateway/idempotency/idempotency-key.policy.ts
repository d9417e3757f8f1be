import { createHash } from 'node:crypto';
import { isErrorBody } from '../../shared/errors/app-error.exception';

/** The request header (RFC draft "The Idempotency-Key HTTP Header Field"; Stripe, OSDM). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Visible ASCII: what the header carries without escaping; its length is bounded apart. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
/** The largest answer kept for replay; a larger one is not kept, and a retry runs again under the route's own rules. */
export const MAX_KEPT_ANSWER_BYTES = 256 * 1024;

/** The problem with a key as sent, or null: 1 to 255 visible ASCII characters (no spaces, no control characters). */
export function keyProblem(key: string): string | null {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !IDEMPOTENCY_KEY_PATTERN.test(key))
    return `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`;
  return null;
}

/** What makes two requests the same request: method, path with query, and body (as parsed JSON, re-serialised). */
export function requestFingerprint(method: string, pathWithQuery: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${pathWithQuery}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

/** An answer as kept for replay: status, the headers a client reads, and the body as sent. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Whether an answer is the outcome of the request, to be replayed to a retry: not when it asks the client to come
 * back (5xx, 429, any Retry-After, an *_IN_PROGRESS code, a client gone), nor when the caller's token failed (401),
 * since a retry with a fresh token must run. Everything else, success or refusal, is final for this request.
 */
export function isFinalAnswer(status: number, headers: Record<string, string>, body: unknown): boolean {
  if (status >= 500 || status === 429 || status === 401 || status === 499) return false;
  if (headers['retry-after'] !== undefined) return false;
  if (isErrorBody(body)) {
    if (body.errorCode.endsWith('_IN_PROGRESS')) return false;
    if (typeof body.data?.retryAfterSeconds === 'number') return false;
  }
  return true;
}
