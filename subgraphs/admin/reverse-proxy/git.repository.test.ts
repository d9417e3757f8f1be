import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GitRepository } from './git.repository';

/** REVERSE_PROXY_REMOTE is checked at boot (reverse-proxy.config.ts); git itself refuses remote helpers that run commands too. */
describe('GitRepository and its remote', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'safiri-git-remote-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses the ext:: transport whatever the remote says', async () => {
    const repo = new GitRepository(path.join(root, 'ext'));
    await repo.createEmpty();
    await repo.useRemote(`ext::sh -c touch% ${path.join(root, 'pwned')}`);
    await expect(repo.fetchRemote('main')).rejects.toThrow(/transport 'ext' not allowed|git ls-remote failed/);
    expect(existsSync(path.join(root, 'pwned'))).toBe(false);
  });
});
