import { readFileSync } from 'node:fs';
import { EnvReader, redact, type Env } from './env.reader';

/** The database connection and the limits on its statements and broad reads. */

/** How long one statement may run, and the separate pool of the broad searches (ticket lookup, notification log). */
export interface DatabaseLimitsConfig {
  /** DATABASE_STATEMENT_TIMEOUT_MS: the server stops a statement sent while serving a request after this long. */
  statementTimeoutMs: number;
  /** DATABASE_JOB_STATEMENT_TIMEOUT_MS: the same for a statement of a background job; 0 leaves the server's own setting. */
  jobStatementTimeoutMs: number;
  /** DATABASE_BROAD_READ_POOL_SIZE: connections of the broad-read pool, so that many broad searches run at once at most. */
  broadReadPoolSize: number;
  /** DATABASE_BROAD_READ_QUEUE: broad searches that may wait for one of those connections; beyond them 503 SEARCH_BUSY. */
  broadReadQueue: number;
  /**
   * DATABASE_REPLICA_URL: a read replica for the lag-tolerant reads only (ticket lookup, notification log); null: they
   * use the broad-read pool on the primary. See docs/decisions.md "A read replica for the lag-tolerant reads".
   */
  replicaUrl: string | null;
  /**
   * DATABASE_REPLICA_MAX_LAG_SECONDS: a replica further behind than this (or with its replication stopped) serves no
   * reads until it catches up; 0 does not check (a replica whose status cannot be read).
   */
  replicaMaxLagSeconds: number;
  /** DATABASE_REPLICA_STICKY_MS: an account that wrote reads from the primary for this long after, on every process; 0: its own request only. */
  replicaStickyMs: number;
}

const DATABASE_PARTS = ['DATABASE_HOST', 'DATABASE_PORT', 'DATABASE_NAME', 'DATABASE_USER', 'DATABASE_PASSWORD', 'DATABASE_PASSWORD_FILE'];

/**
 * DATABASE_URL, or the same connection in parts (DATABASE_HOST, _PORT, _NAME, _USER and _PASSWORD or _PASSWORD_FILE)
 * so that a password can come from a Docker secret instead of sitting in a URL. One or the other, never both.
 * The parts are joined into a URL (encoded) for the drivers; printing it goes through redact().
 */
export function readDatabaseUrl(read: EnvReader, env: Env, production: boolean, problems: string[]): string {
  const parts = DATABASE_PARTS.filter((name) => (name === 'DATABASE_PASSWORD' ? !!env[name] : read.optionalString(name) !== null));
  if (parts.length === 0) {
    // The database URL carries a password in production: no silent default there.
    const url = read.url('DATABASE_URL', production ? undefined : 'mysql://root@127.0.0.1:3306/safiri', ['mysql:', 'mariadb:']);
    if (url && !new URL(url).pathname.replace(/^\//, '')) {
      problems.push(`DATABASE_URL must name a database, e.g. mysql://user:pass@host:3306/safiri (got "${redact(url)}")`);
    }
    return url;
  }
  if (read.optionalString('DATABASE_URL') !== null) {
    problems.push(`DATABASE_URL and ${parts.join(', ')} are both set: give the connection one way only`);
    return '';
  }
  const host = read.pattern('DATABASE_HOST', '', /^[A-Za-z0-9.-]{1,253}$|^\[[0-9A-Fa-f:.]+\]$/, 'a host name or address');
  if (!host) problems.push('DATABASE_HOST is required when the connection is given in parts (DATABASE_USER, ...)');
  const dbPort = read.port('DATABASE_PORT', 3306);
  const name = read.pattern('DATABASE_NAME', 'safiri', /^[A-Za-z0-9_]{1,64}$/, 'letters, digits or "_" (at most 64)');
  const user = read.optionalString('DATABASE_USER');
  if (!user) problems.push('DATABASE_USER is required when the connection is given in parts (DATABASE_HOST, ...)');
  // Taken as given, untrimmed: spaces around a password are part of it.
  let password = env.DATABASE_PASSWORD ? env.DATABASE_PASSWORD : null;
  const passwordFile = read.optionalString('DATABASE_PASSWORD_FILE');
  if (password !== null && passwordFile !== null) problems.push('DATABASE_PASSWORD and DATABASE_PASSWORD_FILE are both set: give the password one way only');
  else if (passwordFile !== null) {
    try {
      // A secret file ends with a newline more often than not; a password never does.
      password = readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`DATABASE_PASSWORD_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${passwordFile}`);
    }
  }
  if (production && !password) problems.push('DATABASE_PASSWORD or DATABASE_PASSWORD_FILE is required when NODE_ENV=production');
  if (!host || !user) return '';
  const credentials = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
  return `mysql://${credentials}@${host}:${dbPort}/${name}`;
}

/**
 * DATABASE_REPLICA_URL, with its password from DATABASE_REPLICA_PASSWORD_FILE when given (a Docker secret, as for
 * the primary): the URL then carries none of its own.
 */
function readReplicaUrl(read: EnvReader, problems: string[]): string | null {
  const url = read.optionalUrl('DATABASE_REPLICA_URL', ['mysql:', 'mariadb:']);
  const passwordFile = read.optionalString('DATABASE_REPLICA_PASSWORD_FILE');
  if (passwordFile === null) return url;
  if (!url) {
    problems.push('DATABASE_REPLICA_PASSWORD_FILE is set without DATABASE_REPLICA_URL');
    return null;
  }
  const parsed = new URL(url);
  if (parsed.password) {
    problems.push('DATABASE_REPLICA_URL has a password and DATABASE_REPLICA_PASSWORD_FILE is set: give the password one way only');
    return null;
  }
  try {
    parsed.password = encodeURIComponent(readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, ''));
  } catch (error) {
    problems.push(`DATABASE_REPLICA_PASSWORD_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${passwordFile}`);
    return null;
  }
  return parsed.toString();
}

export function readDatabaseLimits(read: EnvReader, problems: string[]): DatabaseLimitsConfig {
  return {
    statementTimeoutMs: read.integer('DATABASE_STATEMENT_TIMEOUT_MS', 5000, 100, 300_000),
    jobStatementTimeoutMs: read.integer('DATABASE_JOB_STATEMENT_TIMEOUT_MS', 60_000, 0, 3_600_000),
    broadReadPoolSize: read.integer('DATABASE_BROAD_READ_POOL_SIZE', 2, 1, 50),
    broadReadQueue: read.integer('DATABASE_BROAD_READ_QUEUE', 16, 0, 1000),
    replicaUrl: readReplicaUrl(read, problems),
    replicaMaxLagSeconds: read.integer('DATABASE_REPLICA_MAX_LAG_SECONDS', 10, 0, 86_400),
    replicaStickyMs: read.integer('DATABASE_REPLICA_STICKY_MS', 5000, 0, 600_000),
  };
}
