import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import { withNamedLock } from '../../../shared/database/named-lock.repository';

/** One in-process queue per repository path: two schemas in one process still share it. */
const localQueues = new Map<string, Promise<void>>();

/**
 * Serialises writers of one repository: an in-process queue (no two requests of this process
 * run git at once) and a MariaDB named lock (GET_LOCK) for other processes of the admin role.
 * The caller compares revisions inside `run`, so whoever waits sees the winner's commit.
 * `sharedName` is what the replicas have in common: the remote when there is one (each host has
 * its own local copy, at whatever path), otherwise the repository's path.
 */
export class RepositoryWriteLock {
  /** The MariaDB named lock (visible so that tests can hold it as another process would). */
  readonly lockName: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repoPath: string,
    private readonly timeoutSeconds: number,
    sharedName: string = repoPath,
  ) {
    // GET_LOCK names are server-wide and at most 64 characters: a hash fits and keeps repositories apart.
    this.lockName = `safiri:rproxy:${createHash('sha256').update(sharedName).digest('hex').slice(0, 40)}`;
  }

  /** Runs `work` alone among this process's users of the repository and under the replicas' database lock. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.runLocal(() => this.withDatabaseLock(work));
  }

  /** Runs `work` alone among this process's users of the repository (a read bringing its copy up to date). */
  async runLocal<T>(work: () => Promise<T>): Promise<T> {
    const previous = localQueues.get(this.repoPath) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    localQueues.set(this.repoPath, tail);
    try {
      await previous;
      return await work();
    } finally {
      release();
      if (localQueues.get(this.repoPath) === tail) localQueues.delete(this.repoPath);
    }
  }

  private async withDatabaseLock<T>(work: () => Promise<T>): Promise<T> {
    const locked = await withNamedLock(this.dataSource, this.lockName, this.timeoutSeconds, work);
    if (!locked.acquired) throw ReverseProxyException.busy();
    return locked.value;
  }
}
