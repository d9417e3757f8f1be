import { AppError } from '../errors/app-error.exception';

export const DatabaseErrorCode = {
  QUERY_TIMEOUT: 'QUERY_TIMEOUT',
  QUERY_CANCELLED: 'QUERY_CANCELLED',
  SEARCH_BUSY: 'SEARCH_BUSY',
} as const;

/** MariaDB's ER_STATEMENT_TIMEOUT (max_statement_time) and MySQL's ER_QUERY_TIMEOUT (max_execution_time). */
const STATEMENT_TIMEOUT_ERRNOS = new Set([1969, 3024]);
/** ER_QUERY_INTERRUPTED: KILL QUERY from another connection (ours when the client went away, or an operator's). */
const QUERY_INTERRUPTED_ERRNO = 1317;

/**
 * What a client is told when the database could not serve its request in time: a statement over its time limit,
 * a statement stopped, or too many broad searches at once. Each is retryable: 503 with Retry-After.
 */
export class DatabaseException extends AppError {
  static timeout(): DatabaseException {
    return new DatabaseException(
      DatabaseErrorCode.QUERY_TIMEOUT,
      503,
      'The database did not answer within the time limit of one statement: retry later, or narrow the search',
      { retryable: true, retryAfterSeconds: 1 },
    );
  }

  static cancelled(): DatabaseException {
    return new DatabaseException(DatabaseErrorCode.QUERY_CANCELLED, 503, 'The database statement was stopped before it finished: retry', {
      retryable: true,
      retryAfterSeconds: 1,
    });
  }

  static busy(): DatabaseException {
    return new DatabaseException(
      DatabaseErrorCode.SEARCH_BUSY,
      503,
      'Too many broad searches (ticket lookups, notification log) are running at once: retry in a moment',
      { retryable: true, retryAfterSeconds: 1 },
    );
  }
}

/** The DatabaseException a driver error stands for (TypeORM's QueryFailedError carries the driver's errno), if any. */
export function databaseFailure(error: unknown): DatabaseException | undefined {
  const e = error as { errno?: unknown; driverError?: { errno?: unknown } } | null;
  const errno = typeof e?.errno === 'number' ? e.errno : e?.driverError?.errno;
  if (typeof errno !== 'number') return undefined;
  if (STATEMENT_TIMEOUT_ERRNOS.has(errno)) return DatabaseException.timeout();
  if (errno === QUERY_INTERRUPTED_ERRNO) return DatabaseException.cancelled();
  return undefined;
}
