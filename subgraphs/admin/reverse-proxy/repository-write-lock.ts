import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import { runWithStatementTimeout } from '../../../shared/context/request-scope';

/** One in-process queue per repository path: two schemas in one process still share it. */
const localQueues = new Map<string, Promise<void>>();

/**
 * Serialises writers of one repository: an in-process queue (no two requests of this process
 * run git at once) and a MariaDB named lock (GET_LOCK) for other processes of the admin role.
 * The caller compares revisions inside `run`, so whoever waits sees the winner's commit.
 */
export class RepositoryWriteLock {
  /** The MariaDB named lock (visible so that tests can hold it as another process would). */
  readonly lockName: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repoPath: string,
    private readonly timeoutSeconds: number,
  ) {
    // GET_LOCK names are server-wide and at most 64 characters: a hash of the path fits and keeps repositories apart.
    this.lockName = `safiri:rproxy:${createHash('sha256').update(repoPath).digest('hex').slice(0, 40)}`;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = localQueues.get(this.repoPath) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    localQueues.set(this.repoPath, tail);
    try {
      await previous;
      return await this.withDatabaseLock(work);
    } finally {
      release();
      if (localQueues.get(this.repoPath) === tail) localQueues.delete(this.repoPath);
    }
  }

  private async withDatabaseLock<T>(work: () => Promise<T>): Promise<T> {
    // A named lock belongs to a connection: take one out of the pool for the whole write.
    const runner = this.dataSource.createQueryRunner();
    // The lock wait has its own bound: the statement limit of a request must not cut it short.
    await runWithStatementTimeout((this.timeoutSeconds + 5) * 1000, () => runner.connect());
    try {
      const [row] = await runner.query('SELECT GET_LOCK(?, ?) AS acquired', [this.lockName, this.timeoutSeconds]);
      if (Number(row.acquired) !== 1) throw ReverseProxyException.busy();
      try {
        return await work();
      } finally {
        await runner.query('SELECT RELEASE_LOCK(?)', [this.lockName]);
      }
    } finally {
      await runner.release();
    }
  }
}
