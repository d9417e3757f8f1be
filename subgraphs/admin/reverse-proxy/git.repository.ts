import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CommitAuthor {
  name: string;
  email: string;
}

export class GitUnavailableError extends Error {}

/**
 * The configuration repository, through the git CLI with explicit arguments (no shell). The
 * environment is cleaned of GIT_* variables and ceiling-bounded, so a REVERSE_PROXY_REPO that is
 * not itself a repository fails instead of silently committing into an enclosing one.
 */
export class GitRepository {
  readonly root: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(root: string) {
    this.root = path.resolve(root);
    // GIT_SSH_COMMAND stays: it is how an operator gives the ssh key of REVERSE_PROXY_REMOTE (docs/operating.md).
    const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_') || key === 'GIT_SSH_COMMAND'));
    this.env = { ...env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: path.dirname(this.root) };
  }

  /** Creates the repository with `files` in one initial commit when the folder is absent or empty; false when it already existed. */
  async initialiseIfAbsent(files: Record<string, string>, author: CommitAuthor): Promise<boolean> {
    if (!this.absent()) return false;
    await this.createEmpty();
    await this.commitInitial(files, author);
    return true;
  }

  /** True when the folder does not exist or is empty: nothing to keep. */
  absent(): boolean {
    return !existsSync(this.root) || readdirSync(this.root).length === 0;
  }

  /** `git init` in a new or empty folder: no commit yet. */
  async createEmpty(): Promise<void> {
    mkdirSync(this.root, { recursive: true });
    await this.git(['init', '-q']);
  }

  /** Writes `files` and commits them as the repository's first commit. */
  async commitInitial(files: Record<string, string>, author: CommitAuthor): Promise<void> {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(this.root, file)), { recursive: true });
      writeFileSync(path.join(this.root, file), content);
    }
    await this.git(['add', '--', ...Object.keys(files)]);
    await this.git(['commit', '-q', '-m', 'Initialise the reverse-proxy configuration repository'], author);
  }

  /** Points `origin` at `url`, adding it or changing it. */
  async useRemote(url: string): Promise<void> {
    const current = await this.git(['remote', 'get-url', 'origin']).then(
      (out) => out.trim(),
      () => null,
    );
    if (current === null) await this.git(['remote', 'add', 'origin', url]);
    else if (current !== url) await this.git(['remote', 'set-url', 'origin', url]);
  }

  /** Fetches `branch` of origin: its commit id, or null when origin has no such branch yet (a new, empty remote). */
  async fetchRemote(branch: string): Promise<string | null> {
    const listed = (await this.git(['ls-remote', '--heads', 'origin', `refs/heads/${branch}`])).trim();
    if (!listed) return null;
    await this.git(['fetch', '-q', '--no-tags', 'origin', `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
    return (await this.git(['rev-parse', '--verify', `refs/remotes/origin/${branch}^{commit}`])).trim();
  }

  /** Pushes HEAD to `branch` of origin; a push that is not a fast-forward is refused by git (someone wrote outside the lock). */
  async push(branch: string): Promise<void> {
    await this.git(['push', '-q', 'origin', `HEAD:refs/heads/${branch}`]);
  }

  /** The commit id of HEAD; GitUnavailableError when the folder is not a repository with a commit. */
  async head(): Promise<string> {
    const top = (await this.git(['rev-parse', '--show-toplevel'])).trim();
    if (realpathSync(top) !== realpathSync(this.root)) throw new GitUnavailableError(`${this.root} is not the top of a git repository`);
    return (await this.git(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  }

  /** For each path, the last commit that touched it (one `git log` walk, newest first). */
  async lastCommits(paths: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!paths.length) return found;
    const out = await this.git(['log', '--format=%x01%H', '--name-only', '--no-renames', '--', ...paths]);
    for (const entry of out.split('\x01').filter(Boolean)) {
      const [sha, ...files] = entry
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      for (const file of files) if (!found.has(file)) found.set(file, sha);
    }
    return found;
  }

  /** Stages exactly `paths` (added, changed or removed) and commits only them; returns the new HEAD. */
  async commit(paths: string[], message: string, author: CommitAuthor): Promise<string> {
    await this.git(['add', '-A', '--', ...paths]);
    await this.git(['commit', '-q', '-m', message, '--only', '--', ...paths], author);
    return this.head();
  }

  /** Drops commits after `revision` and restores its files (a write that failed verification). */
  async resetTo(revision: string): Promise<void> {
    await this.git(['reset', '-q', '--hard', revision]);
  }

  private async git(args: string[], author?: CommitAuthor): Promise<string> {
    const identity = author ? ['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`] : [];
    try {
      // ext:: and fd:: remote helpers run commands: never, whatever a global git config says.
      const safety = ['-c', 'commit.gpgsign=false', '-c', 'protocol.ext.allow=never', '-c', 'protocol.fd.allow=never'];
      const { stdout } = await run('git', ['-C', this.root, ...safety, ...identity, ...args], {
        env: this.env,
        timeout: 30_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      // A remote URL in git's message may carry a deploy token (https://user:token@host/...): never pass it on.
      const reason = (e.stderr || e.message)
        .trim()
        .split('\n')[0]
        .replace(/\/\/([^:/@\s]+):[^@/\s]*@/g, '//$1:***@');
      throw new GitUnavailableError(`git ${args[0]} failed: ${reason}`);
    }
  }
}
