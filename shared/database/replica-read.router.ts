import type { DataSource, EntityManager, Logger as QueryLogger } from 'typeorm';
import { currentScope, noteWrite } from '../context/request-scope.state';
import type { Logger } from '../logging/logger';
import type { RecentWriters } from './recent-writers.registry';

/** How long a replica that failed to connect is left alone before a read tries it again. */
export const REPLICA_DOWN_MS = 15_000;

/** How long the replica's measured lag is trusted: its status is read at most this often per process. */
export const LAG_CHECK_MS = 5_000;

/** Why the replica cannot serve: it failed to connect or answer a moment ago. */
const UNREACHABLE = 'is unreachable';

/** Statements that change data: seen on the primary, they send the rest of the request's lag-tolerant reads there too. */
const WRITE_STATEMENT = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** mysql2 codes of a connection that could not be made or was lost: the server is away, the statement never ran. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
]);

export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; fatal?: boolean; driverError?: { code?: string; fatal?: boolean } };
  const inner = e?.driverError ?? e;
  return inner?.fatal === true || CONNECTION_CODES.has(inner?.code ?? '');
}

/**
 * Marks the work in scope as a writer whenever a write statement passes the primary's query logger (TypeORM logs every
 * statement there before sending it, inside a transaction or not): the broad-read pool shares that logger.
 * `onWrite` (the recent writers' record, for the requests that follow) runs then too.
 */
export function watchWrites(logger: QueryLogger, onWrite: () => void = () => undefined): void {
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (query, parameters, queryRunner) => {
    if (WRITE_STATEMENT.test(query)) {
      noteWrite();
      onWrite();
    }
    return logQuery(query, parameters, queryRunner);
  };
}

/** How the router is tuned; every part is optional (no lag check, no recent writers: the request's own writes only). */
export interface ReplicaRoutingOptions {
  now?: () => number;
  /** Runs once the replica's pool is connected (the pool guard). */
  prepare?: (replica: DataSource) => void;
  /** Counts each read by where it went and why (metrics). */
  count?: (route: ReplicaReadRoute) => void;
  /** Each reading of the replica's lag in seconds; null when replication is stopped or its status unreadable (metrics). */
  lag?: (seconds: number | null) => void;
  /** DATABASE_REPLICA_MAX_LAG_SECONDS: beyond it, or with replication stopped, reads go to the primary; 0 or absent: not checked. */
  maxLagSeconds?: number;
  /** The accounts that wrote in the last moments, on any process (DATABASE_REPLICA_STICKY_MS); absent: not kept. */
  recentWriters?: RecentWriters | null;
}

/**
 * Where a lag-tolerant read went: `replica`; or the primary because the replica failed this read (`fallback`), was
 * unreachable a moment ago (`down`), is beyond the lag limit or stopped (`behind`), or the request or its account
 * wrote (`wrote`: it must see its own write).
 */
export type ReplicaReadRoute = 'replica' | 'fallback' | 'down' | 'behind' | 'wrote';

/** Replica status rows name the lag after the server's vocabulary: MariaDB and MySQL before 8.0.22, or MySQL after. */
type ReplicaStatusRow = { Seconds_Behind_Master?: number | string | null; Seconds_Behind_Source?: number | string | null };

type Query = (sql: string, parameters?: unknown[]) => Promise<unknown>;

/**
 * Chooses, read by read, where a lag-tolerant read goes: the replica, unless the work in scope has written (it must
 * see its own write, and the replica may not have it yet), its account wrote in the last moments (recent writers),
 * the replica failed to connect less than REPLICA_DOWN_MS ago, or it is further behind than the lag limit. A
 * connection error on the replica sends that read to the primary and marks the replica down; a query error is the
 * caller's, as it would be on the primary.
 */
export class ReplicaReadRouter {
  private downUntil = 0;
  private connecting: Promise<boolean> | null = null;
  /** The last reading of the replica's lag: why it is too far behind (null: it is not), and when it was read. */
  private lag: { readAt: number; problem: string | null } | null = null;
  private readingLag: Promise<string | null> | null = null;
  /** SHOW REPLICA STATUS until a server does not know it (MariaDB before 10.5.1, MySQL before 8.0.22). */
  private statusStatement = 'SHOW REPLICA STATUS';
  /** Reads by where they went (ReplicaReadRoute): for the tests (the metrics take `count`). */
  readonly served: Record<ReplicaReadRoute, number> = { replica: 0, fallback: 0, down: 0, behind: 0, wrote: 0 };
  private readonly now: () => number;
  private readonly prepare: (replica: DataSource) => void;
  private readonly countRoute: (route: ReplicaReadRoute) => void;
  private readonly reportLag: (seconds: number | null) => void;
  private readonly maxLagSeconds: number;
  private readonly recentWriters: RecentWriters | null;

  constructor(
    private readonly primary: DataSource,
    private readonly replica: DataSource,
    private readonly logger: Logger,
    options: ReplicaRoutingOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.prepare = options.prepare ?? (() => undefined);
    this.countRoute = options.count ?? (() => undefined);
    this.reportLag = options.lag ?? (() => undefined);
    this.maxLagSeconds = options.maxLagSeconds ?? 0;
    this.recentWriters = options.recentWriters ?? null;
  }

  /** Down: the last connection to the replica failed less than REPLICA_DOWN_MS ago. For /readyz (degraded, not down). */
  get replicaDown(): boolean {
    return this.now() < this.downUntil || !this.replica.isInitialized;
  }

  /**
   * A DataSource for the lag-tolerant repositories: its query() and manager.query() are routed, the rest is `primary`'s,
   * which also serves the reads the replica cannot (by default the broad-read pool; the main pool for reads that use it today).
   */
  dataSource(primary: DataSource = this.primary): DataSource {
    const route: Query = (sql, parameters) => this.query(sql, parameters, primary);
    const manager = new Proxy(primary.manager, {
      get: (target, property, receiver) => (property === 'query' ? route : Reflect.get(target, property, receiver)),
    }) as EntityManager;
    return new Proxy(primary, {
      get: (target, property, receiver) => {
        if (property === 'query') return route;
        if (property === 'manager') return manager;
        return Reflect.get(target, property, receiver);
      },
    });
  }

  async query(sql: string, parameters?: unknown[], primary: DataSource = this.primary): Promise<unknown> {
    // Cheapest first: the Redis round trip only when the replica would otherwise serve the read.
    if (currentScope()?.wrotePrimary) return this.onPrimary('wrote', sql, parameters, primary);
    const unusable = await this.unusableBecause();
    if (unusable !== null) return this.onPrimary(unusable === UNREACHABLE ? 'down' : 'behind', sql, parameters, primary);
    if (this.recentWriters && (await this.recentWriters.isCurrentRecent())) return this.onPrimary('wrote', sql, parameters, primary);
    try {
      const rows = await this.replica.query(sql, parameters);
      this.count('replica');
      return rows;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      this.markDown(error);
      return this.onPrimary('fallback', sql, parameters, primary);
    }
  }

  private onPrimary(route: ReplicaReadRoute, sql: string, parameters: unknown[] | undefined, primary: DataSource): Promise<unknown> {
    this.count(route);
    return primary.query(sql, parameters);
  }

  private count(route: ReplicaReadRoute): void {
    this.served[route]++;
    this.countRoute(route);
  }

  /** The readiness check: throws when the replica cannot answer SELECT 1, is in its down window or beyond the lag limit. */
  async ping(): Promise<void> {
    const problem = await this.unusableBecause();
    if (problem !== null) throw new Error(`the read replica ${problem}; lag-tolerant reads use the primary`);
    try {
      await this.replica.query('SELECT 1');
    } catch (error) {
      if (isConnectionError(error)) this.markDown(error);
      throw error;
    }
  }

  /** Connects at boot; a replica away at boot is tried again by a read after REPLICA_DOWN_MS. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    if (this.replica.isInitialized) await this.replica.destroy();
  }

  /** Why the replica cannot serve reads now, or null when it can. */
  private async unusableBecause(): Promise<string | null> {
    if (this.now() < this.downUntil) return UNREACHABLE;
    if (!this.replica.isInitialized && !(await this.connect())) return UNREACHABLE;
    if (this.maxLagSeconds <= 0) return null;
    const problem = await this.lagProblem();
    // Reading the status may have found the replica gone.
    return this.now() < this.downUntil ? UNREACHABLE : problem;
  }

  /** The cached verdict on the replica's lag, read again once it is LAG_CHECK_MS old (one reading at a time). */
  private async lagProblem(): Promise<string | null> {
    if (this.lag && this.now() < this.lag.readAt + LAG_CHECK_MS) return this.lag.problem;
    this.readingLag ??= this.readLag()
      .then((problem) => {
        const before = this.lag?.problem ?? null;
        this.lag = { readAt: this.now(), problem };
        if (problem !== null && problem !== before) {
          this.logger.warn('the read replica is behind: lag-tolerant reads go to the primary until it catches up', { reason: problem });
        } else if (problem === null && before !== null) this.logger.info('the read replica caught up: lag-tolerant reads go to it again');
        return problem;
      })
      .finally(() => {
        this.readingLag = null;
      });
    return this.readingLag;
  }

  /** Seconds_Behind_Master: NULL means replication is stopped (so the replica falls further behind every second). */
  private async readLag(): Promise<string | null> {
    let rows: ReplicaStatusRow[];
    try {
      rows = await this.replicaStatus();
    } catch (error) {
      this.reportLag(null);
      if (isConnectionError(error)) {
        this.markDown(error);
        return UNREACHABLE;
      }
      return `status cannot be read (${(error as Error).message}): grant its user REPLICA MONITOR (MariaDB) or REPLICATION CLIENT (MySQL)`;
    }
    const seconds = rows.length ? (rows[0].Seconds_Behind_Master ?? rows[0].Seconds_Behind_Source ?? null) : null;
    this.reportLag(seconds === null ? null : Number(seconds));
    if (rows.length === 0) return 'replicates from no primary (its replica status is empty)';
    if (seconds === null) return 'has its replication stopped (Seconds_Behind_Master is NULL)';
    if (Number(seconds) > this.maxLagSeconds) return `is ${Number(seconds)} s behind the primary (limit ${this.maxLagSeconds} s)`;
    return null;
  }

  private async replicaStatus(): Promise<ReplicaStatusRow[]> {
    try {
      return (await this.replica.query(this.statusStatement)) as ReplicaStatusRow[];
    } catch (error) {
      const code = (error as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (error as { code?: string }).code;
      if (code !== 'ER_PARSE_ERROR' || this.statusStatement === 'SHOW SLAVE STATUS') throw error;
      this.statusStatement = 'SHOW SLAVE STATUS';
      return (await this.replica.query(this.statusStatement)) as ReplicaStatusRow[];
    }
  }

  private connect(): Promise<boolean> {
    this.connecting ??= this.replica
      .initialize()
      .then(() => {
        this.prepare(this.replica);
        return true;
      })
      .catch((error: unknown) => {
        this.markDown(error);
        return false;
      })
      .finally(() => {
        this.connecting = null;
      });
    return this.connecting;
  }

  private markDown(error: unknown): void {
    const wasUp = this.now() >= this.downUntil;
    this.downUntil = this.now() + REPLICA_DOWN_MS;
    if (wasUp) {
      this.logger.warn('the read replica is unreachable: lag-tolerant reads go to the primary for a while', {
        reason: (error as Error)?.message,
        retryInMs: REPLICA_DOWN_MS,
      });
    }
  }
}
