import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlatformConfig } from '../../shared/config/platform.config';
import { execForm, readDockerfile, targetInstructions } from '../support/dockerfile.reader';
import { layOutRuntimeTree } from '../support/runtime-tree.builder';
import { childEnv, cleanUp, testConfig } from '../support/test-platform';
import { freePort } from '../support/role.process';
import { spawnRole } from '../support/started-role.process';

const CLIS = ['migrate', 'accounts', 'keys', 'notifications', 'queues'];

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A command run in the tree with the environment given and nothing of the project's on its module path. */
function runIn(tree: string, args: string[], env: NodeJS.ProcessEnv): { status: number | null; output: string } {
  const done = spawnSync(process.execPath, args, { cwd: tree, env: { ...env, NODE_PATH: '' }, encoding: 'utf8', timeout: 60_000 });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

/**
 * The runtime image's file tree, laid out with the Dockerfile's own scripts in a temporary folder (no Docker engine
 * here): it holds no test code, and what it holds is enough to load every module, run the operator CLIs, migrate a
 * database and serve a role, with the image's HEALTHCHECK command answering for it.
 */
describe('the runtime image file tree', () => {
  let tree: string;

  beforeAll(() => {
    tree = mkdtempSync(path.join(os.tmpdir(), 'safiri-image-'));
    layOutRuntimeTree(tree);
  }, 180_000);

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('holds no test, bench or example code, no TypeScript and no dev dependency', () => {
    expect(readdirSync(tree).sort()).toEqual(['bin', 'dist', 'node_modules', 'package.json', 'schema']);
    expect(readdirSync(path.join(tree, 'dist')).sort()).toEqual(['.build-stamp', 'bin', 'gateway', 'shared', 'subgraphs']);
    const code = filesUnder(path.join(tree, 'dist'));
    expect(code.filter((file) => /\.test\.js$|\.map$|\.ts$/.test(file))).toEqual([]);
    for (const name of ['typescript', 'jest', 'eslint', '@redocly/cli', 'playwright-core', 'smtp-server', 'dockerfile-utils']) {
      expect({ name, present: existsSync(path.join(tree, 'node_modules', name)) }).toEqual({ name, present: false });
    }
  });

  it('loads every module of the runtime code from its own node_modules', () => {
    // Entry points (start.js, *.cli.js) run when loaded; the other tests start them.
    const modules = filesUnder(path.join(tree, 'dist')).filter((f) => f.endsWith('.js') && !/(^|\/)(start|[\w-]+\.cli)\.js$/.test(f));
    expect(modules.length).toBeGreaterThan(300);
    const script = `require('reflect-metadata'); for (const m of ${JSON.stringify(modules)}) require('./dist/' + m); process.exit(0);`;
    const loaded = runIn(tree, ['-e', script], { PATH: process.env.PATH, NODE_ENV: 'production' });
    expect(loaded).toEqual({ status: 0, output: '' });
  });

  it.each(CLIS)('runs the %s CLI, directly and the way npm run does (bin/built.cjs)', (cli) => {
    const env = { PATH: process.env.PATH };
    expect(runIn(tree, [`dist/bin/${cli}.cli.js`, '--help'], env).status).toBe(0);
    expect(runIn(tree, ['bin/built.cjs', cli, '--help'], env).status).toBe(0);
  });

  describe('a role started from the tree', () => {
    let config: PlatformConfig;

    beforeAll(() => {
      config = testConfig();
    });

    afterAll(() => cleanUp(config));

    it('migrates its database, serves the bus role, and the image HEALTHCHECK follows it', async () => {
      const migrated = runIn(tree, ['dist/bin/migrate.cli.js'], childEnv(config));
      expect(migrated.status).toBe(0);

      const port = await freePort();
      const started = spawnRole(
        'bus',
        { ...childEnv(config, { BUS_PORT: String(port), SUBGRAPH_HOST: '127.0.0.1', LOG_LEVEL: 'error' }), NODE_PATH: '' },
        {
          cwd: tree,
          script: 'dist/bin/start.js',
        },
      );
      const booted = await started.ready;
      if (booted.status !== null) throw new Error(`the bus role exited early:\n${booted.output}`);

      // The HEALTHCHECK of the app image, with every role port pointing at this one process (nothing else answers).
      const healthcheck = targetInstructions(readDockerfile(), 'app')
        .filter((i) => i.keyword === 'HEALTHCHECK')
        .at(-1)!;
      const [command, ...args] = execForm(healthcheck.args);
      const ports = Object.fromEntries(['PORT', 'FLIGHT_PORT', 'TRAIN_PORT', 'BUS_PORT', 'ADMIN_PORT', 'WORKER_PORT'].map((name) => [name, String(port)]));
      const probe = (): number | null =>
        spawnSync(command === 'node' ? process.execPath : command, args, { cwd: tree, env: { PATH: process.env.PATH, ...ports } }).status;
      try {
        expect(probe()).toBe(0);
      } finally {
        await started.stop();
      }
      expect(probe()).toBe(1);
    }, 120_000);
  });
});
