import type { LookupAddress } from 'node:dns';
import { WebhookEndpointException } from '../api-contract/webhook-endpoint.exception';
import { acceptOutboundUrl, OutboundDestinationRefused, OutboundLookupTimedOut } from '../http/outbound-destination.policy';

/**
 * How long registration waits for the URL's name to resolve. A resolver that hangs must not hold the request (and its
 * Idempotency-Key) for the OS resolver's own timeouts: past this the answer is 502 WEBHOOK_URL_RESOLUTION_TIMEOUT,
 * retryable. The lookup itself is not cancellable (getaddrinfo, on libuv's thread pool) and ends on its own.
 */
export const WEBHOOK_DNS_TIMEOUT_MS = 3_000;

export interface WebhookDestinationOptions {
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private receivers allowed (tests, local development; refused in production). */
  allowPrivate: boolean;
  /** Resolves a name to all its addresses; node's resolver (the one the sender uses) unless a test passes its own. */
  lookup?: (host: string) => Promise<LookupAddress[]>;
  timeoutMs?: number;
}

/**
 * Where a webhook URL leads, checked when it is registered or changed (the sender checks again against the address it
 * connects to): the outbound destination policy's refusals (private, loopback, link-local, metadata and reserved
 * addresses in any spelling, local names, names resolving to such addresses, names that do not resolve) are a 400
 * WEBHOOK_URL_REFUSED in the policy's words; a resolver that does not answer in time is a 502.
 */
export async function checkWebhookDestination(url: string, options: WebhookDestinationOptions): Promise<void> {
  const ms = options.timeoutMs ?? WEBHOOK_DNS_TIMEOUT_MS;
  try {
    await acceptOutboundUrl(url, { allowPrivate: options.allowPrivate, lookup: options.lookup, lookupTimeoutMs: ms });
  } catch (error) {
    if (error instanceof OutboundLookupTimedOut) throw WebhookEndpointException.urlUnresolvedInTime(error.host, ms / 1000);
    if (error instanceof OutboundDestinationRefused) throw WebhookEndpointException.urlRefused(error.problem);
    throw error;
  }
}
