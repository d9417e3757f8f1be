import { acceptOutboundUrl, OutboundDestinationRefused, OutboundLookupTimedOut, type OutboundPolicy } from '../../../shared/http/outbound-destination.policy';
import { TRAIN_CALLBACK_URL_MAX_LENGTH } from '../../../shared/api-contract/train-issuance.validator';
import { TrainIssuanceException } from './train-issuance.exception';

/**
 * How long an issue request waits for the callbackUrl's host to resolve. The check runs while the client waits, so a
 * resolver that never answers must not hang the request: past this the URL is refused like one that does not resolve.
 */
export const CALLBACK_RESOLVE_TIMEOUT_MS = 5_000;

/** What checking a callback URL may be given: the outbound policy (a test's own resolver) and the wait's bound. */
export interface CallbackUrlCheck extends OutboundPolicy {
  timeoutMs?: number;
}

/**
 * The agent's callback URL as stored with the issuance, or null when none was given; refused now (400
 * SGR_CALLBACK_URL_INVALID) if it could never be delivered: not HTTPS, too long, a private address in any spelling, a
 * name that does not resolve, or one whose resolution takes longer than the bound ("could not be resolved in time").
 */
export async function acceptCallbackUrl(value: unknown, check: CallbackUrlCheck): Promise<string | null> {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > TRAIN_CALLBACK_URL_MAX_LENGTH)
    throw TrainIssuanceException.invalidCallbackUrl(`callbackUrl must be an HTTPS URL of at most ${TRAIN_CALLBACK_URL_MAX_LENGTH} characters`);
  const timeoutMs = check.timeoutMs ?? CALLBACK_RESOLVE_TIMEOUT_MS;
  try {
    return (await acceptOutboundUrl(value.trim(), { ...check, lookupTimeoutMs: timeoutMs })).toString();
  } catch (error) {
    if (error instanceof OutboundLookupTimedOut)
      throw TrainIssuanceException.invalidCallbackUrl(`callbackUrl host could not be resolved in time (${timeoutMs} ms); check its DNS and retry`);
    if (error instanceof OutboundDestinationRefused) throw TrainIssuanceException.invalidCallbackUrl(`callbackUrl ${error.problem}`);
    throw error;
  }
}
