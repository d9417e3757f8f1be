import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Where the platform may send a request a client named (an SGR issuance callbackUrl, a webhook endpoint): a public
 * HTTPS address, never one inside our network. A client's URL is checked when it is given (a 400 it can read) and again
 * when it is sent, against the very address connected to (no second DNS resolution, so a name cannot be rebound to a
 * private address in between). Every spelling of an address counts: WHATWG URL parsing already turns decimal, octal,
 * hex and short IPv4 forms into dotted quads and lowercases names; this policy adds trailing dots, IPv6 forms that
 * embed an IPv4 address (mapped, compatible, 6to4, NAT64) and names that resolve to refused addresses.
 */
export interface OutboundPolicy {
  /** Tests and local development only (refused in production by the config): loopback and private receivers, plain http. */
  allowPrivate: boolean;
  /** Resolves a name to every address it has; node's resolver unless a test passes its own. */
  lookup?: (host: string) => Promise<LookupAddress[]>;
  /**
   * Gives up on a name not resolved within this many ms (OutboundLookupTimedOut), for a check a client waits on: a hung
   * resolver must not hold the request. The lookup itself cannot be cancelled (getaddrinfo) and ends on its own.
   */
  lookupTimeoutMs?: number;
}

/** The name was not resolved within the policy's lookupTimeoutMs: neither refused nor accepted, the caller decides. */
export class OutboundLookupTimedOut extends Error {
  constructor(
    readonly host: string,
    readonly timeoutMs: number,
  ) {
    super(`lookup of ${host} timed out after ${timeoutMs} ms`);
    this.name = 'OutboundLookupTimedOut';
  }
}

/** The lookup, or OutboundLookupTimedOut once `timeoutMs` have passed (unbounded without it). */
async function lookupWithin(lookup: Promise<LookupAddress[]>, host: string, timeoutMs: number | undefined): Promise<LookupAddress[]> {
  if (timeoutMs === undefined) return lookup;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OutboundLookupTimedOut(host, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}

export class OutboundDestinationRefused extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'OutboundDestinationRefused';
  }
}

/** The name did not resolve: a client's mistake when the URL is given, perhaps a passing DNS failure when it is sent. */
export class OutboundHostUnresolved extends OutboundDestinationRefused {}

/** IPv4 blocks that are not the public internet (IANA special-purpose registry): private, loopback, link-local, CGNAT, documentation, benchmarking, multicast, reserved. */
const IPV4_REFUSED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** IPv6 blocks refused outright; those embedding an IPv4 address are judged by that address instead (embeddedIpv4). */
const IPV6_REFUSED: Array<[string, number]> = [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const REFUSED = new net.BlockList();
for (const [prefix, bits] of IPV4_REFUSED) REFUSED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of IPV6_REFUSED) REFUSED.addSubnet(prefix, bits, 'ipv6');

/** Names reserved for local use (RFC 6761 localhost, mDNS .local, .internal as cloud metadata uses it, home.arpa). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/;

/** The eight 16-bit groups of an IPv6 address, whatever its spelling (compressed, with a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The IPv4 address an IPv6 address carries, where routing would reach it: mapped, NAT64 and 6to4 forms (the deprecated compatible form ::a.b.c.d is refused whole, as ::/96). */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zeroTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zeroTo(5) && g[5] === 0xffff) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2]);
  return null;
}

/** True for an address on the public internet; false for a refused one and for text that is not an address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (net.isIPv4(bare)) return !REFUSED.check(bare, 'ipv4');
  if (!net.isIPv6(bare)) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== null) return !REFUSED.check(inner, 'ipv4');
  return !REFUSED.check(bare, 'ipv6');
}

/**
 * The checks that need no resolution: an absolute URL, HTTPS (http only when private receivers are allowed), no
 * credentials, and a host that is not a local name or a refused address literal. Returns the problem, or null.
 */
export function urlRefusal(text: string, policy: OutboundPolicy): string | null {
  const checked = checkedUrl(text, policy);
  return typeof checked === 'string' ? checked : null;
}

/** The URL parsed once, or the problem that refuses it (urlRefusal's checks). */
function checkedUrl(text: string, policy: OutboundPolicy): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute HTTPS URL';
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) return 'must use https';
  if (url.username || url.password) return 'must not carry credentials';
  if (policy.allowPrivate) return url;
  const host = hostOf(url);
  if (net.isIP(host)) return isPublicAddress(host) ? url : 'must not point to a private, loopback, link-local or reserved address';
  if (!host.includes('.') || LOCAL_NAME.test(host)) return 'must name a public host';
  return url;
}

/** checkedUrl's URL, or OutboundDestinationRefused with its problem. */
function acceptedUrl(text: string, policy: OutboundPolicy): URL {
  const checked = checkedUrl(text, policy);
  if (typeof checked === 'string') throw new OutboundDestinationRefused(checked);
  return checked;
}

/** The URL's host as it is resolved: without IPv6 brackets and without the trailing dots of a fully qualified name. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
}

/**
 * The URL and the addresses a request to it may connect to: every address its host resolves to must be public
 * (one private address refuses the whole name, since a client cannot choose which one we reach). Throws
 * OutboundDestinationRefused with a problem a client can act on.
 */
export async function resolveOutboundDestination(text: string, policy: OutboundPolicy): Promise<{ url: URL; addresses: LookupAddress[] }> {
  const url = acceptedUrl(text, policy);
  const host = hostOf(url);
  if (net.isIP(host)) return { url, addresses: [{ address: host, family: net.isIPv4(host) ? 4 : 6 }] };
  let addresses: LookupAddress[];
  try {
    const lookup = policy.lookup ?? ((name) => dnsLookup(name, { all: true, verbatim: true }));
    addresses = await lookupWithin(lookup(host), host, policy.lookupTimeoutMs);
  } catch (error) {
    if (error instanceof OutboundLookupTimedOut) throw error;
    throw new OutboundHostUnresolved(`host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new OutboundHostUnresolved(`host ${host} does not resolve`);
  if (!policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
    throw new OutboundDestinationRefused(`host ${host} resolves to a private, loopback, link-local or reserved address`);
  return { url, addresses };
}

/**
 * A client's URL checked when it is given: refused with the problem (OutboundDestinationRefused) unless it could be
 * delivered now. With private receivers allowed nothing could be refused by address, so the name is not resolved.
 */
export async function acceptOutboundUrl(text: string, policy: OutboundPolicy): Promise<URL> {
  if (policy.allowPrivate) return acceptedUrl(text, policy);
  return (await resolveOutboundDestination(text, policy)).url;
}
