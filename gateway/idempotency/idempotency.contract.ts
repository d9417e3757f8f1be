import { z } from 'zod';
import type { RouteContract } from '../rest/rest.contract';
import type { RestRoute } from '../rest/rest-route.types';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from './idempotency-key.policy';

/** A route that reads Idempotency-Key: every authenticated POST, PATCH and DELETE (the REST router's rule). */
export function takesIdempotencyKey(route: RestRoute): boolean {
  return route.method !== 'GET' && route.auth;
}

const IdempotencyKeyHeader = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .optional()
  .meta({
    description:
      'Makes a retry safe: the first request with this key runs, and for 24 hours the same request with the same key (same method, path and ' +
      'body, from the same account) gets its answer again with Idempotent-Replayed: true, on any gateway. A UUID per logical request is a good key.',
  });

const REPLAYED = 'true when this is the kept answer of an earlier request with the same Idempotency-Key.';

const KEY_ERRORS: Record<number, string> = {
  409: 'IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running; send it again after Retry-After.',
  422: 'IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used for a different request.',
  429: 'IDEMPOTENCY_KEY_LIMIT: the account started its daily number of idempotency keys (10,000); Retry-After says when more are allowed.',
};

/** The contract as documented for a route that reads Idempotency-Key: the header, the replay header, and the key's errors. */
export function withIdempotencyKey(contract: RouteContract): RouteContract {
  const errors = { ...contract.errors };
  for (const [status, text] of Object.entries(KEY_ERRORS)) errors[Number(status)] = errors[Number(status)] ? `${errors[Number(status)]} Or ${text}` : text;
  errors[400] = `${errors[400] ?? 'Invalid input.'} An Idempotency-Key that is not 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (data.fields[]).`;
  const responses: RouteContract['responses'] = {};
  for (const [status, success] of Object.entries(contract.responses)) {
    if (success) responses[Number(status)] = { ...success, headers: { ...success.headers, 'idempotent-replayed': REPLAYED } };
  }
  return {
    ...contract,
    headers: (contract.headers ?? z.object({})).extend({ 'idempotency-key': IdempotencyKeyHeader }),
    responses,
    errors,
    errorHeaders: { ...contract.errorHeaders, 409: { ...contract.errorHeaders?.[409], 'retry-after': 'Seconds to wait (IDEMPOTENCY_KEY_IN_USE).' } },
  };
}
