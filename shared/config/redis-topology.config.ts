import { readFileSync } from 'node:fs';
import type { EnvReader } from './env.reader';
import { SecretText } from './secret-text.value';

export interface RedisNodeAddress {
  host: string;
  port: number;
}

/**
 * How the platform reaches its queue Redis (REDIS_URL's server, or the servers standing for it): one server at
 * REDIS_URL; a Redis Cluster (REDIS_CLUSTER_NODES, some of its nodes: ioredis finds the rest); or the primary that
 * Sentinel names (REDIS_SENTINELS, REDIS_SENTINEL_NAME). REDIS_URL still gives the password, user, TLS and database.
 */
export type RedisTopology =
  { kind: 'single' } | { kind: 'cluster'; nodes: RedisNodeAddress[] } | { kind: 'sentinel'; sentinels: RedisNodeAddress[]; name: string; auth: SentinelAuth };

/**
 * How the client talks to the sentinels themselves (their own `requirepass`/ACL user and TLS are apart from the
 * primary's, which REDIS_URL gives): REDIS_SENTINEL_USERNAME, REDIS_SENTINEL_PASSWORD (or _FILE), REDIS_SENTINEL_TLS.
 */
export interface SentinelAuth {
  username: string | null;
  password: SecretText | null;
  tls: boolean;
}

const SENTINEL_AUTH_VARIABLES = ['REDIS_SENTINEL_USERNAME', 'REDIS_SENTINEL_PASSWORD', 'REDIS_SENTINEL_PASSWORD_FILE', 'REDIS_SENTINEL_TLS'];

/** Enough seed nodes or sentinels for any deployment; a longer list is a mistake. */
export const MAX_REDIS_NODES = 16;

/**
 * The queue prefix: a plain name, or a hash tag ({safiri}) so that every key of the platform hashes to one Redis
 * Cluster slot (BullMQ's scripts and ours read several keys at once, which a cluster allows only within a slot).
 */
export const QUEUE_PREFIX_PATTERN = /^(?:[A-Za-z0-9_.-]{1,64}|\{[A-Za-z0-9_.-]{1,62}\})$/;

/**
 * QUEUE_PREFIX with the topology: on a cluster it must be a hash tag, or the first command over two keys (a BullMQ
 * script) fails with CROSSSLOT long after the boot.
 */
export function readRedisTopologyAndPrefix(read: EnvReader, problems: string[]): { redisTopology: RedisTopology; queuePrefix: string } {
  const redisTopology = readRedisTopology(read, problems);
  const queuePrefix = read.pattern(
    'QUEUE_PREFIX',
    'safiri',
    QUEUE_PREFIX_PATTERN,
    'letters, digits, "_", "." or "-", at most 64, or such a name in braces ({safiri})',
  );
  if (redisTopology.kind === 'cluster' && !queuePrefix.startsWith('{')) {
    problems.push(`QUEUE_PREFIX must be a hash tag in braces with REDIS_CLUSTER_NODES, e.g. {${queuePrefix}} (got "${queuePrefix}")`);
  }
  return { redisTopology, queuePrefix };
}

function readRedisTopology(read: EnvReader, problems: string[]): RedisTopology {
  const clusterNodes = read.optionalString('REDIS_CLUSTER_NODES');
  const sentinels = read.optionalString('REDIS_SENTINELS');
  const sentinelName = read.optionalString('REDIS_SENTINEL_NAME');
  if (clusterNodes !== null && sentinels !== null) {
    problems.push('REDIS_CLUSTER_NODES and REDIS_SENTINELS exclude each other: set one');
    return { kind: 'single' };
  }
  if (clusterNodes !== null) {
    const nodes = readAddresses('REDIS_CLUSTER_NODES', clusterNodes, problems);
    return nodes ? { kind: 'cluster', nodes } : { kind: 'single' };
  }
  if (sentinels !== null) {
    const addresses = readAddresses('REDIS_SENTINELS', sentinels, problems);
    if (sentinelName === null || !/^[A-Za-z0-9_.-]{1,64}$/.test(sentinelName)) {
      problems.push('REDIS_SENTINEL_NAME must name the monitored primary (letters, digits, "_", "." or "-", at most 64) when REDIS_SENTINELS is set');
      return { kind: 'single' };
    }
    const auth = readSentinelAuth(read, problems);
    return addresses ? { kind: 'sentinel', sentinels: addresses, name: sentinelName, auth } : { kind: 'single' };
  }
  if (sentinelName !== null) problems.push('REDIS_SENTINEL_NAME is set without REDIS_SENTINELS');
  for (const name of SENTINEL_AUTH_VARIABLES) if (read.optionalString(name) !== null) problems.push(`${name} is set without REDIS_SENTINELS`);
  return { kind: 'single' };
}

function readSentinelAuth(read: EnvReader, problems: string[]): SentinelAuth {
  const username = read.optionalString('REDIS_SENTINEL_USERNAME');
  if (username !== null && !/^[\x21-\x7e]{1,128}$/.test(username))
    problems.push('REDIS_SENTINEL_USERNAME must be 1 to 128 printable characters without spaces');
  const inline = read.optionalString('REDIS_SENTINEL_PASSWORD');
  const file = read.optionalString('REDIS_SENTINEL_PASSWORD_FILE');
  let password: string | null = inline;
  if (inline !== null && file !== null) problems.push('REDIS_SENTINEL_PASSWORD and REDIS_SENTINEL_PASSWORD_FILE are both set: give the password one way only');
  else if (file !== null) {
    try {
      // A secret file ends with a newline more often than not; a password never does.
      password = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`REDIS_SENTINEL_PASSWORD_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${file}`);
    }
  }
  if (password !== null && password.length > 512) problems.push('REDIS_SENTINEL_PASSWORD must be at most 512 characters (the value is not shown)');
  const tls = read.oneOf('REDIS_SENTINEL_TLS', ['true', 'false'] as const, 'false') === 'true';
  return { username, password: password ? new SecretText(password, '[sentinel password]') : null, tls };
}

/** A comma-separated host:port list, 1 to MAX_REDIS_NODES long, or null after recording the problem. */
function readAddresses(name: string, value: string, problems: string[]): RedisNodeAddress[] | null {
  const items = value.split(',').map((item) => item.trim());
  const what = `a comma-separated list of 1 to ${MAX_REDIS_NODES} host:port addresses`;
  if (value.length > 4096 || items.length > MAX_REDIS_NODES) {
    problems.push(`${name} must be ${what} (got ${items.length})`);
    return null;
  }
  const addresses: RedisNodeAddress[] = [];
  for (const item of items) {
    const match = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):(\d{1,5})$/.exec(item);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65535) {
      problems.push(`${name} must be ${what} (got "${item}")`);
      return null;
    }
    addresses.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  return addresses;
}
