import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses a callback must never reach: private, loopback, link-local, CGNAT, unspecified, multicast, reserved. */
const BLOCKED = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net4, bits, 'ipv4');
}
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(net6, bits, 'ipv6');
}

export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  if (!family) return true;
  return BLOCKED.check(address, family);
}

export class CallbackRefused extends Error {
  constructor(message: string) {
    super(message);
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
export async function sendCallback(target: string, body: unknown, options: { allowPrivate: boolean; timeoutMs?: number }): Promise<CallbackResult> {
  const url = new URL(target);
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:'))
    throw new CallbackRefused(`callback scheme ${url.protocol} is not allowed`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIPv4(host) ? 4 : 6 }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`callback host ${host} did not resolve`);
  if (!options.allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) throw new CallbackRefused(`callback host ${host} resolves to a private, loopback or link-local address`);
  }
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
