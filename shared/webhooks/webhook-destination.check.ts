import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import { WebhookEndpointException } from '../api-contract/webhook-endpoint.exception';
import { acceptOutboundUrl, OutboundDestinationRefused } from '../http/outbound-destination.policy';

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

const systemLookup = (host: string): Promise<LookupAddress[]> => dns.lookup(host, { all: true, verbatim: true });

/** The lookup, or a rejection once `ms` have passed; `onTimeout` says which it was. */
function bounded(lookup: (host: string) => Promise<LookupAddress[]>, ms: number, onTimeout: (host: string) => void) {
  return (host: string) =>
    new Promise<LookupAddress[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        onTimeout(host);
        reject(new Error(`lookup of ${host} timed out`));
      }, ms);
      lookup(host).then(
        (addresses) => {
          clearTimeout(timer);
          resolve(addresses);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/**
 * Where a webhook URL leads, checked when it is registered or changed (the sender checks again against the address it
 * connects to): the outbound destination policy's refusals (private, loopback, link-local, metadata and reserved
 * addresses in any spelling, local names, names resolving to such addresses, names that do not resolve) are a 400
 * WEBHOOK_URL_REFUSED in the policy's words; a resolver that does not answer in time is a 502.
 */
export async function checkWebhookDestination(url: string, options: WebhookDestinationOptions): Promise<void> {
  const ms = options.timeoutMs ?? WEBHOOK_DNS_TIMEOUT_MS;
  let timedOut: string | null = null;
  const lookup = bounded(options.lookup ?? systemLookup, ms, (host) => (timedOut = host));
  try {
    await acceptOutboundUrl(url, { allowPrivate: options.allowPrivate, lookup });
  } catch (error) {
    if (timedOut !== null) throw WebhookEndpointException.urlUnresolvedInTime(timedOut, ms / 1000);
    if (error instanceof OutboundDestinationRefused) throw WebhookEndpointException.urlRefused(error.problem);
    throw error;
  }
}
