import type { DataSource } from 'typeorm';
import mysql from 'mysql2/promise';
import { currentScope } from '../context/request-scope.state';
import type { Logger } from '../logging/logger';
import { DatabaseException } from './database.exception';
import { ServerFlavour, SessionLimit, sessionLimitSql, StatementLimits, statementLimitFor } from './statement-limit.policy';

/** What this guard uses of a mysql2 pooled connection. */
interface PooledConnection {
  readonly threadId: number | null;
  query(sql: string, callback: (error: Error | null) => void): void;
  release(): void;
}

type ConnectionCallback = (error: Error | null, connection?: PooledConnection) => void;

/** What this guard uses of the mysql2 pool under TypeORM's driver (the driver types it `any`). */
interface Mysql2Pool {
  config: { connectionLimit: number };
  getConnection(callback: ConnectionCallback): void;
  releaseConnection(connection: PooledConnection): void;
}

export interface PoolGuardOptions {
  flavour: ServerFlavour;
  limits: StatementLimits;
  logger: Logger;
  /**
   * The broad-read pool only: connections asked for beyond the pool's size plus this many are refused at once
   * (SEARCH_BUSY) rather than queued without end. A request already served by the pool is never refused a
   * follow-up statement, so a lookup admitted once is not turned away half done.
   */
  queueLimit?: number;
  /** The broad-read pool only: stops the statement of a request whose client has gone. */
  killer?: QueryKiller;
}

/**
 * Guards the connections of one TypeORM data source at the moment they leave the pool, where the work asking for
 * one is known from its scope (shared/context/request-scope.state.ts):
 * - each gets the statement time limit of that work (statement-limit.policy.ts), set on the session only when it differs
 *   from what the session already has, queued on the connection before the caller's own statement;
 * - with `queueLimit`, a bounded wait for a connection; with `killer`, the statement running for a request whose
 *   client has gone is killed, and a request whose client has gone gets no connection at all.
 */
export function guardPool(dataSource: DataSource, options: PoolGuardOptions): void {
  const pool = (dataSource.driver as unknown as { pool?: Mysql2Pool }).pool;
  if (!pool) throw new Error('the data source has no mysql2 pool to guard: initialise it first');
  const guard = new PoolGuard(pool, options);
  pool.getConnection = (callback: ConnectionCallback) => guard.lend(callback);
  // The main pool needs only the limits: nothing is counted or watched on its hot path.
  if (!guard.tracking) return;
  pool.releaseConnection = (connection: PooledConnection) => guard.giveBack(connection);
}

type Watch = { signal: AbortSignal; stop: () => void };

/** The state guardPool keeps on one pool, and the two pool calls it stands in for. */
class PoolGuard {
  readonly tracking: boolean;
  private readonly getConnection: (callback: ConnectionCallback) => void;
  private readonly releaseConnection: (connection: PooledConnection) => void;
  /** The limit each session has now (absent: the server's own setting, as a new connection starts). */
  private readonly sessionLimits = new WeakMap<PooledConnection, SessionLimit>();
  /** Connections handed out and not yet given back, with the client signal that stops their statement. */
  private readonly lent = new Map<PooledConnection, Watch | null>();
  /** KILL QUERY statements under way, by connection: it returns to the pool only once its kill has landed. */
  private readonly kills = new Map<PooledConnection, Promise<void>>();
  /** Requests the pool has served once: their follow-up statements are never refused. */
  private readonly admitted = new WeakSet<object>();
  /** The callbacks this guard hands mysql2: it asks again with one of them when a broken connection leaves its queue. */
  private readonly ownCallbacks = new WeakSet<ConnectionCallback>();
  private asking = 0;

  constructor(
    private readonly pool: Mysql2Pool,
    private readonly options: PoolGuardOptions,
  ) {
    this.tracking = options.queueLimit !== undefined || options.killer !== undefined;
    this.getConnection = pool.getConnection.bind(pool);
    this.releaseConnection = pool.releaseConnection.bind(pool);
  }

  /** pool.getConnection: refuse (busy, or the client has gone), or ask the pool and answer with a limited connection. */
  lend(callback: ConnectionCallback): void {
    if (this.ownCallbacks.has(callback)) return this.getConnection(callback);
    const { queueLimit, killer, limits } = this.options;
    const scope = currentScope();
    const signal = killer ? scope?.signal : undefined;
    if (signal?.aborted) return process.nextTick(() => callback(DatabaseException.cancelled()));
    if (queueLimit !== undefined && !(scope && this.admitted.has(scope)) && this.lent.size + this.asking >= this.pool.config.connectionLimit + queueLimit) {
      return process.nextTick(() => callback(DatabaseException.busy()));
    }
    if (queueLimit !== undefined && scope) this.admitted.add(scope);
    const limit = statementLimitFor(scope, limits);
    let answered = false;
    const giveUp = () => {
      answered = true;
      callback(DatabaseException.cancelled());
    };
    signal?.addEventListener('abort', giveUp, { once: true });
    this.asking++;
    const answer: ConnectionCallback = (error, connection) => {
      this.asking--;
      signal?.removeEventListener('abort', giveUp);
      if (answered) {
        // The client left while this waited: the connection goes straight back.
        connection?.release();
        return;
      }
      if (error || !connection) return callback(error);
      this.hand(connection, limit, signal);
      callback(null, connection);
    };
    this.ownCallbacks.add(answer);
    this.getConnection(answer);
  }

  /** A connection leaving the pool: its session's limit, and the watch that kills its statement if the client goes. */
  private hand(connection: PooledConnection, limit: SessionLimit, signal: AbortSignal | undefined): void {
    const { killer } = this.options;
    this.applyLimit(connection, limit);
    let watch: Watch | null = null;
    if (signal && killer && connection.threadId !== null) {
      const threadId = connection.threadId;
      watch = { signal, stop: () => this.kills.set(connection, killer.kill(threadId)) };
      signal.addEventListener('abort', watch.stop, { once: true });
    }
    if (this.tracking) this.lent.set(connection, watch);
  }

  private applyLimit(connection: PooledConnection, limit: SessionLimit): void {
    if ((this.sessionLimits.get(connection) ?? 'server') === limit) return;
    const sql = sessionLimitSql(this.options.flavour, limit);
    if (!sql) return;
    this.sessionLimits.set(connection, limit);
    // Queued before the caller's statement on the same connection, so it applies without a round trip of its own.
    connection.query(sql, (error) => {
      if (!error) return;
      this.sessionLimits.delete(connection);
      this.options.logger.warn('could not set the statement time limit of a database session', { reason: error.message });
    });
  }

  /** pool.releaseConnection: stop watching, and wait for a kill under way before the connection serves anyone else. */
  giveBack(connection: PooledConnection): void {
    const watch = this.lent.get(connection);
    if (watch) watch.signal.removeEventListener('abort', watch.stop);
    const kill = this.kills.get(connection);
    if (!kill) {
      this.lent.delete(connection);
      return this.releaseConnection(connection);
    }
    // A KILL QUERY still on its way must not reach the statement of the next request this connection serves.
    void kill.finally(() => {
      this.kills.delete(connection);
      this.lent.delete(connection);
      this.releaseConnection(connection);
    });
  }
}

/**
 * Sends KILL QUERY for the statement a connection of this process runs, on a connection of its own (one, opened at
 * the first kill): a full pool cannot hold the kill back. Only the statement stops; the session stays usable. A
 * database user may kill its own sessions without any privilege.
 */
export class QueryKiller {
  private pool: mysql.Pool | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Settles once the server has taken the kill (or refused it: the statement had ended); never rejects. */
  kill(threadId: number): Promise<void> {
    this.pool ??= mysql.createPool({ uri: this.databaseUrl.replace(/^mariadb:/, 'mysql:'), connectionLimit: 1 });
    return this.pool.query('KILL QUERY ?', [threadId]).then(
      () => this.logger.info('database statement stopped: its client went away', { threadId }),
      (error: Error) => this.logger.warn('could not stop a database statement whose client went away', { threadId, reason: error.message }),
    );
  }

  async close(): Promise<void> {
    await this.pool?.end();
    this.pool = undefined;
  }
}
