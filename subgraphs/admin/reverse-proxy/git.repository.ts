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
    const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
    this.env = { ...env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: path.dirname(this.root) };
  }

  /** Creates the repository with `files` in one initial commit when the folder is absent or empty; false when it already existed. */
  async initialiseIfAbsent(files: Record<string, string>, author: CommitAuthor): Promise<boolean> {
    if (existsSync(this.root) && readdirSync(this.root).length > 0) return false;
    mkdirSync(this.root, { recursive: true });
    await this.git(['init', '-q']);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(this.root, file)), { recursive: true });
      writeFileSync(path.join(this.root, file), content);
    }
    await this.git(['add', '--', ...Object.keys(files)]);
    await this.git(['commit', '-q', '-m', 'Initialise the reverse-proxy configuration repository'], author);
    return true;
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
      const { stdout } = await run('git', ['-C', this.root, '-c', 'commit.gpgsign=false', ...identity, ...args], {
        env: this.env,
        timeout: 30_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new GitUnavailableError(`git ${args[0]} failed: ${(e.stderr || e.message).trim().split('\n')[0]}`);
    }
  }
}
