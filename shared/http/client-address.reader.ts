import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * The gateway tells subgraphs who the client is in this header, set from what the gateway saw.
 * A client cannot set it: the gateway forwards only FORWARDED_HEADERS, never this one, and always
 * writes its own. Subgraphs trust it because only the gateway can reach them (they bind
 * SUBGRAPH_HOST, loopback by default, or an internal network in containers): a caller that can
 * reach a subgraph directly is already inside.
 */
export const CLIENT_ADDRESS_HEADER = 'x-safiri-client-address';

/** A bare IP address: IPv4-mapped IPv6 as IPv4, zone dropped, IPv6 lower-case; undefined when not an address. */
export function normalizeAddress(value: string | undefined): string | undefined {
  let address = value?.trim().replace(/%.*$/, '').toLowerCase();
  if (!address) return undefined;
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address : undefined;
}

/**
 * The client's address as the gateway sees it. With `trustedProxies` = 0 that is the socket's peer
 * and X-Forwarded-For is ignored (any client can write it). With n > 0, the n proxies nearest to us
 * are ours, each appending the address it saw: the client is the n-th entry from the right.
 */
export function clientAddress(req: Pick<IncomingMessage, 'socket' | 'headers'>, trustedProxies: number): string {
  const peer = normalizeAddress(req.socket.remoteAddress) ?? 'unknown';
  if (trustedProxies === 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [peer, ...forwarded.reverse()];
  // Fewer entries than trusted proxies: the request passed fewer of ours, the leftmost is what the first one saw.
  return normalizeAddress(hops[Math.min(trustedProxies, hops.length - 1)]) ?? peer;
}

/** In a subgraph: the address the gateway forwarded, or this socket's peer for a direct internal call. */
export function forwardedClientAddress(req: Pick<IncomingMessage, 'socket' | 'headers'>): string {
  const header = req.headers[CLIENT_ADDRESS_HEADER];
  return normalizeAddress(typeof header === 'string' ? header : undefined) ?? normalizeAddress(req.socket.remoteAddress) ?? 'unknown';
}

/**
 * Whether a client address (as clientAddress gives it, already normalised) is this host's own loopback: 127.0.0.0/8
 * or ::1. Behind a proxy on this host, that is what every client looks like unless TRUST_PROXY names the proxy.
 */
export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

/**
 * The unit an address rule counts: an IPv4 address, or an IPv6 /64 (one subscriber's network is at
 * least a /64, so counting single IPv6 addresses would give an attacker 2^64 fresh ones).
 */
export function throttleAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groups(head);
  const right = groups(tail);
  const full = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
