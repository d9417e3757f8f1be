import { ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import type { Logger } from '../../../shared/logging/logger';
import type { CommitAuthor, GitRepository } from './git.repository';
import type { RepositoryWriteLock } from './repository-write-lock.service';

export interface RemoteSettings {
  url: string;
  branch: string;
  /** A read brings the local copy up to date at most this often (0: every read). */
  readSyncMs: number;
}

/**
 * The shared repository behind several admin replicas and the nginx hosts (REVERSE_PROXY_REMOTE). The remote is the
 * truth: under the write lock a replica first moves its own copy to the remote's latest commit, and a verified change
 * is answered only once it is pushed; a push that fails undoes the local commit, so no replica serves a change the
 * others and the nginx hosts cannot see.
 */
export class RepositoryRemote {
  private syncedAt = 0;

  constructor(
    private readonly repo: GitRepository,
    private readonly settings: RemoteSettings,
    private readonly lock: RepositoryWriteLock,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * At start, under the write lock: an empty local folder becomes a copy of the remote, or, when the remote is new and
   * empty too, a repository with `initialFiles` that is pushed; an existing local repository follows the remote (or is
   * pushed to an empty one). Answers what it did, for the start log.
   */
  async attach(initialFiles: Record<string, string>, author: CommitAuthor): Promise<'cloned' | 'initialised' | 'followed' | 'pushed'> {
    const { repo, settings } = this;
    const fresh = repo.absent();
    if (fresh) await repo.createEmpty();
    else await repo.head();
    await repo.useRemote(settings.url);
    const remoteHead = await repo.fetchRemote(settings.branch);
    if (remoteHead === null) {
      if (fresh) await repo.commitInitial(initialFiles, author);
      await repo.push(settings.branch);
      this.syncedAt = this.now();
      return fresh ? 'initialised' : 'pushed';
    }
    await repo.resetTo(remoteHead);
    this.syncedAt = this.now();
    return fresh ? 'cloned' : 'followed';
  }

  /** Under the write lock, before a change: the local copy is the remote's latest commit (another replica may have written). */
  async pull(): Promise<void> {
    try {
      await this.follow();
    } catch (error) {
      throw ReverseProxyException.repositoryUnavailable(`REVERSE_PROXY_REMOTE could not be read: ${(error as Error).message}`);
    }
  }

  /** After a verified commit, under the write lock: pushed, or undone back to `previous` (503, nothing changed anywhere). */
  async publish(previous: string): Promise<void> {
    try {
      await this.repo.push(this.settings.branch);
      this.syncedAt = this.now();
    } catch (error) {
      await this.repo.resetTo(previous).catch(() => undefined);
      this.logger.warn('a reverse-proxy change was not pushed and is undone', { reason: (error as Error).message });
      throw ReverseProxyException.repositoryUnavailable(`the change could not be pushed to REVERSE_PROXY_REMOTE: ${(error as Error).message}`);
    }
  }

  /**
   * Before a read: at most every readSyncMs, the remote's latest (a change made through another replica shows here
   * within that time). A remote out of reach leaves the read on the local copy, logged: reads stay up, writes answer 503.
   */
  async freshen(): Promise<void> {
    if (this.now() - this.syncedAt < this.settings.readSyncMs) return;
    try {
      await this.lock.runLocal(() => this.follow());
    } catch (error) {
      this.logger.warn('REVERSE_PROXY_REMOTE could not be read; answering from the local copy', { reason: (error as Error).message });
    }
  }

  private async follow(): Promise<void> {
    const remoteHead = await this.repo.fetchRemote(this.settings.branch);
    if (remoteHead === null) await this.repo.push(this.settings.branch);
    else if (remoteHead !== (await this.repo.head())) await this.repo.resetTo(remoteHead);
    this.syncedAt = this.now();
  }
}
