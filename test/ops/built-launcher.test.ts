import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..', '..');

/**
 * `npm run start:<role>` builds only when dist/ is stale. Checked in a scratch copy of the launcher whose
 * `npm run build` only counts its runs (and stamps, as the real one does), so no tsc runs here.
 */
describe('bin/built.cjs fresh (npm run start:<role>)', () => {
  let root: string;
  const builds = () => readFileSync(path.join(root, 'builds.txt'), 'utf8').length;
  const fresh = () => spawnSync(process.execPath, [path.join(root, 'bin', 'built.cjs'), 'fresh'], { cwd: root, encoding: 'utf8' });

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'safiri-built-'));
    mkdirSync(path.join(root, 'bin'));
    mkdirSync(path.join(root, 'shared'));
    copyFileSync(path.join(REPO, 'bin', 'built.cjs'), path.join(root, 'bin', 'built.cjs'));
    writeFileSync(path.join(root, 'tsconfig.json'), '{}\n');
    writeFileSync(path.join(root, 'shared', 'thing.ts'), 'export const thing = 1;\n');
    writeFileSync(path.join(root, 'builds.txt'), '');
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({
        name: 'scratch',
        private: true,
        scripts: { build: "node -e \"require('fs').appendFileSync('builds.txt', 'x')\" && node bin/built.cjs stamp" },
      }),
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds when dist/ was never built, then starts from the current build without building again', () => {
    const first = fresh();
    expect(first.status).toBe(0);
    expect(builds()).toBe(1);

    const second = fresh();
    expect(second.status).toBe(0);
    expect(second.stderr).toMatch(/dist\/ is up to date/);
    expect(builds()).toBe(1);
  });

  it('builds again once a source changed after the last build', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'shared', 'thing.ts'), later, later);
    const run = fresh();
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/shared\/thing\.ts is newer than the last build/);
    expect(builds()).toBe(2);
  });

  it('is what every npm run start:<role> runs instead of a full build', () => {
    const scripts = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const starts = Object.entries(scripts).filter(([name]) => name.startsWith('start:'));
    expect(starts.length).toBeGreaterThanOrEqual(6);
    for (const [name, command] of starts)
      expect([name, command]).toEqual([name, expect.stringMatching(/^node bin\/built\.cjs fresh && node dist\/bin\/start\.js /)]);
  });
});
