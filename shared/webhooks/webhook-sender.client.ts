import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { type OutboundPolicy, OutboundDestinationRefused, OutboundHostUnresolved, resolveOutboundDestination } from '../http/outbound-destination.policy';

/** One attempt's result. `final`: no retry can change it (the destination is refused by policy). */
export type SendOutcome =
  { delivered: true; status: number; latencyMs: number } | { delivered: false; status: number | null; latencyMs: number | null; error: string; final: boolean };

export interface SendRequest {
  url: string;
  /** The exact bytes signed. */
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * POSTs a signed body to a receiver. The host is resolved once, every address is checked, and the connection goes to
 * the checked address (no second resolution: DNS rebinding cannot redirect it). TLS is verified against the system
 * store plus NODE_EXTRA_CA_CERTS, never skipped. Any 2xx is delivered; everything else is a failed attempt.
 */
export async function sendWebhook(request: SendRequest, policy: OutboundPolicy): Promise<SendOutcome> {
  let destination: { url: URL; addresses: LookupAddress[] };
  try {
    destination = await resolveOutboundDestination(request.url, policy);
  } catch (error) {
    // A name that does not resolve now may resolve later; every other refusal stands until the URL changes.
    if (error instanceof OutboundHostUnresolved) return { delivered: false, status: null, latencyMs: null, error: error.problem, final: false };
    if (error instanceof OutboundDestinationRefused)
      return { delivered: false, status: null, latencyMs: null, error: `refused: ${error.problem}`, final: true };
    throw error;
  }
  return post(destination.url, destination.addresses[0], request);
}

function post(url: URL, pinned: LookupAddress, request: SendRequest): Promise<SendOutcome> {
  const pinnedLookup: net.LookupFunction = (_host, opts, cb) => {
    if (opts?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'Safiri-Webhooks/1',
        },
        lookup: pinnedLookup,
        // A receiver's redirect is not followed: the signed delivery goes where it was registered, or fails.
      },
      (res) => {
        // The answer's body is not read beyond draining it: only the status counts.
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => {
          if (status >= 200 && status < 300) finish({ delivered: true, status, latencyMs: elapsed() });
          else finish({ delivered: false, status, latencyMs: elapsed(), error: `answered ${status}`, final: false });
        });
        res.on('error', (error) => finish({ delivered: false, status, latencyMs: elapsed(), error: error.message, final: false }));
      },
    );
    // The whole attempt (connect, TLS, send, answer) has one deadline.
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('error', (error) => finish({ delivered: false, status: null, latencyMs: elapsed(), error: error.message, final: false }));
    req.end(request.body);
  });
}
