import path from 'node:path';
import { EnvReader } from './env.reader';

/** The reverse-proxy administration's repository, nginx upstream and DNS verification. */

export interface ReverseProxySettings {
  /** The git repository holding the tenant server blocks (initialised on first start when absent or empty). */
  repoPath: string;
  /** The nginx upstream the tenant blocks proxy to; the host's nginx.conf defines it (verification defines a stand-in). */
  upstream: string;
  /** `simulated` (default, deterministic) or `dns` (node:dns lookups against dnsTargets). */
  dnsVerifier: 'simulated' | 'dns';
  /** Addresses or host names a tenant name must resolve (or CNAME) to, for the `dns` verifier. */
  dnsTargets: string[];
  /** Shown as the domain record's `server` when set: the proxy host that serves the tenants. */
  serverName: string | null;
  /** How long a write waits for the repository lock held by another writer before answering 503. */
  lockTimeoutSeconds: number;
}

export function readReverseProxySettings(read: EnvReader, problems: string[]): ReverseProxySettings {
  const dnsVerifier = read.oneOf('REVERSE_PROXY_DNS_VERIFIER', ['simulated', 'dns'] as const, 'simulated');
  const targets = read.optionalString('REVERSE_PROXY_DNS_TARGETS');
  const dnsTargets = targets
    ? targets
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean)
    : [];
  // Real lookups without targets would mark every tenant unverified: say so at start instead.
  if (dnsVerifier === 'dns' && dnsTargets.length === 0) {
    problems.push('REVERSE_PROXY_DNS_TARGETS is required when REVERSE_PROXY_DNS_VERIFIER=dns (comma-separated addresses or host names of the proxy)');
  }
  return {
    repoPath: path.resolve(read.string('REVERSE_PROXY_REPO', path.join('var', 'reverse-proxy'))),
    // Interpolated into nginx config: a bare upstream name only, nothing that could end a directive.
    upstream: read.pattern('REVERSE_PROXY_UPSTREAM', 'safiri_gateway', /^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'an nginx upstream name (letters, digits, "_")'),
    dnsVerifier,
    dnsTargets,
    serverName: read.optionalString('REVERSE_PROXY_SERVER_NAME'),
    lockTimeoutSeconds: read.integer('REVERSE_PROXY_LOCK_TIMEOUT_SECONDS', 10, 1, 300),
  };
}
