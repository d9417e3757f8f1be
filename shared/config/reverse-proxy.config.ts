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
  /**
   * The shared repository every admin replica and every nginx host follows (REVERSE_PROXY_REMOTE), or null when this
   * process's repository is the only copy. With one, a change is pushed before it is answered.
   */
  remote: { url: string; branch: string; readSyncMs: number } | null;
}

/**
 * What a remote may be: https, ssh (URL or scp-like `user@host:path`), file URLs and absolute paths. Git's
 * `<transport>::<address>` remote helpers (ext:: runs a command) and anything starting with "-" (read as an option)
 * are refused, as are spaces and control characters.
 */
const REMOTE_URL = /^(?:(?:https|ssh|file):\/\/[^\s]+|[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^\s]+|\/[^\s]*)$/;

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
    remote: readRemote(read, problems),
  };
}

function readRemote(read: EnvReader, problems: string[]): ReverseProxySettings['remote'] {
  const url = read.optionalString('REVERSE_PROXY_REMOTE');
  const branch = read.pattern('REVERSE_PROXY_REMOTE_BRANCH', 'main', /^(?!.*\.\.)(?!-)[A-Za-z0-9._/-]{1,100}$/, 'a git branch name');
  const readSyncMs = read.integer('REVERSE_PROXY_READ_SYNC_MS', 2000, 0, 60_000);
  if (url === null) return null;
  if (url.length > 1024 || url.includes('::') || !REMOTE_URL.test(url)) {
    problems.push('REVERSE_PROXY_REMOTE must be an https://, ssh://, file:// URL, user@host:path or an absolute path (no "::" helpers)');
    return null;
  }
  return { url, branch, readSyncMs };
}
