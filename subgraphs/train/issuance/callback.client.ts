import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import {
  type OutboundPolicy,
  OutboundDestinationRefused,
  OutboundHostUnresolved,
  resolveOutboundDestination,
} from '../../../shared/http/outbound-destination.policy';

export class CallbackRefused extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CallbackRefused';
  }
}

export interface CallbackResult {
  status: number;
  address: string;
}

/**
 * POSTs a JSON body to an agent's callback URL. The host is resolved once; every address is checked and the
 * request is pinned to the checked address (no second resolution, so DNS rebinding cannot redirect it).
 * Refused (CallbackRefused, nothing sent) when an address is private, loopback or link-local unless
 * `allowPrivate`. Resolves with the status of a 2xx answer; throws on anything else, for the job to retry.
 */
export async function sendCallback(target: string, body: unknown, options: OutboundPolicy & { timeoutMs?: number }): Promise<CallbackResult> {
  let destination: { url: URL; addresses: LookupAddress[] };
  try {
    destination = await resolveOutboundDestination(target, options);
  } catch (error) {
    // A name that does not resolve now may resolve later: the job retries it; every other refusal is final.
    if (error instanceof OutboundHostUnresolved) throw new Error(`callback ${error.problem}`, { cause: error });
    if (error instanceof OutboundDestinationRefused) throw new CallbackRefused(`callback ${error.problem}`, { cause: error });
    throw error;
  }
  const { url, addresses } = destination;
  const pinned = addresses[0];
  // The connection goes to the address checked above, never to a second resolution of the name.
  const pinnedLookup: net.LookupFunction = (_host, opts, cb) => {
    if (opts?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  };
  const payload = JSON.stringify(body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<CallbackResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'user-agent': 'Safiri-SGR-Callback/1' },
        timeout: options.timeoutMs ?? 10_000,
        lookup: pinnedLookup,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status, address: pinned.address });
          else reject(new Error(`callback answered ${status}`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('callback timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
