import type { DataSource } from 'typeorm';
import { runWithStatementTimeout } from '../context/request-scope.state';

/**
 * A MariaDB named lock (GET_LOCK) held while `work` runs, for work that must not run in two processes at once and
 * holds no row to lock. A named lock belongs to a connection: one is taken out of the pool for the whole work.
 * Answers `{ acquired: false }` without running `work` when the lock is not had within `timeoutSeconds`.
 */
export async function withNamedLock<T>(
  dataSource: DataSource,
  name: string,
  timeoutSeconds: number,
  work: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const runner = dataSource.createQueryRunner();
  // The lock wait has its own bound: the statement limit of a request must not cut it short.
  await runWithStatementTimeout((timeoutSeconds + 5) * 1000, () => runner.connect());
  try {
    const [row] = await runner.query('SELECT GET_LOCK(?, ?) AS acquired', [name, timeoutSeconds]);
    if (Number(row.acquired) !== 1) return { acquired: false };
    try {
      return { acquired: true, value: await work() };
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [name]);
    }
  } finally {
    await runner.release();
  }
}
