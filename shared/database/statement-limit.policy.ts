import type { DataSource } from 'typeorm';
import type { RequestScope } from '../context/request-scope.state';

/**
 * Which statement time limit the server has: MariaDB's max_statement_time (seconds, fractional; every statement)
 * or MySQL's max_execution_time (milliseconds; read-only SELECTs only, since 5.7.8). `none`: neither, no limit.
 */
export interface ServerFlavour {
  kind: 'mariadb' | 'mysql' | 'none';
  version: string;
}

/** The limits of docs/decisions.md "No request can starve another", in milliseconds. */
export interface StatementLimits {
  requestMs: number;
  /** 0: jobs keep the server's own setting. */
  jobMs: number;
}

/** A session's statement time limit: milliseconds, or the server's own setting (the global value, none by default). */
export type SessionLimit = number | 'server';

/** Asks the server once (SELECT VERSION()) which kind it is. */
export async function detectServerFlavour(dataSource: DataSource): Promise<ServerFlavour> {
  const [row] = await dataSource.query<Array<{ version: string }>>('SELECT VERSION() AS version');
  return serverFlavourOf(String(row?.version ?? ''));
}

export function serverFlavourOf(version: string): ServerFlavour {
  // MariaDB has had max_statement_time since 10.1.1, older than any release it still supports.
  if (/mariadb/i.test(version)) return { kind: 'mariadb', version };
  const [major = 0, minor = 0, patch = 0] = (/^(\d+)\.(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
  const since578 = major > 5 || (major === 5 && (minor > 7 || (minor === 7 && patch >= 8)));
  return { kind: since578 ? 'mysql' : 'none', version };
}

/**
 * The limit for connections taken by the work running in `scope`: a request's statements the request limit, a
 * job's the job limit, anything else (start-up: migrations, reference data; the operator CLIs; the outbox relay's
 * poll) the server's own setting, since an index built by a migration on a year of bookings takes minutes.
 */
export function statementLimitFor(scope: Readonly<RequestScope> | undefined, limits: StatementLimits): SessionLimit {
  if (scope?.statementTimeoutMs !== undefined) return scope.statementTimeoutMs;
  if (scope?.job) return limits.jobMs > 0 ? limits.jobMs : 'server';
  if (scope?.requestId) return limits.requestMs;
  return 'server';
}

/** The SET giving one session that limit; undefined when the server has none. */
export function sessionLimitSql(flavour: ServerFlavour, limit: SessionLimit): string | undefined {
  if (flavour.kind === 'mariadb') return `SET SESSION max_statement_time = ${limit === 'server' ? 'DEFAULT' : (limit / 1000).toFixed(3)}`;
  if (flavour.kind === 'mysql') return `SET SESSION max_execution_time = ${limit === 'server' ? 'DEFAULT' : Math.round(limit)}`;
  return undefined;
}
