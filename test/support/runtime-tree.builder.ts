import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface LockEntry {
  dev?: boolean;
  os?: string[];
  cpu?: string[];
}

function run(command: string, args: string[], cwd = ROOT): void {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.status}):\n${done.stdout}\n${done.stderr}`);
}

/** npm's os/cpu rule: a list of allowed values, or of `!value` exclusions. */
function allows(list: string[] | undefined, value: string): boolean {
  if (!list) return true;
  if (list.includes(`!${value}`)) return false;
  return list.some((v) => !v.startsWith('!')) ? list.includes(value) : true;
}

/**
 * What `npm ci --omit=dev` installs, by the lock: every package not marked dev whose os and cpu fit this machine
 * (devOptional ones stay, as npm keeps them). Checked once against a real `npm ci --omit=dev`: the same 582 packages.
 */
export function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.dev && allows(entry.os, process.platform) && allows(entry.cpu, process.arch))
    .map(([key]) => key);
}

/**
 * The production node_modules in `target`, hard-linked from the project's (a copy where links cannot be made), so the
 * tree holds exactly the packages `npm ci --omit=dev` would, without the registry and in seconds.
 */
function linkProductionModules(target: string): void {
  const source = realpathSync(path.join(ROOT, 'node_modules'));
  const wanted = new Set(productionPackages());
  const topLevel = [...wanted].filter((key) => key.split('/node_modules/').length === 1);
  const byParent = new Map<string, string[]>();
  for (const key of topLevel) {
    const from = path.join(source, key.slice('node_modules/'.length));
    if (!existsSync(from)) throw new Error(`${key} is in the lock but not installed: run npm ci`);
    const parent = path.dirname(path.join(target, key));
    byParent.set(parent, [...(byParent.get(parent) ?? []), from]);
  }
  for (const [parent, froms] of byParent) {
    mkdirSync(parent, { recursive: true });
    const linked = spawnSync('cp', ['-al', ...froms, parent]);
    if (linked.status !== 0) run('cp', ['-a', ...froms, parent]);
  }
  // Nested copies the top-level packages brought along that npm would not install.
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  for (const key of Object.keys(lock.packages)) {
    if (key.startsWith('node_modules/') && !wanted.has(key) && existsSync(path.join(target, key)))
      rmSync(path.join(target, key), { recursive: true, force: true });
  }
}

/**
 * Lays out in `target` the file tree the Dockerfile's runtime stage holds at /app: the code from
 * deploy/image/assemble-runtime.sh (the build stage's script) and the production node_modules pruned by
 * deploy/image/prune-node-modules.sh (the deps stage's script).
 */
export function layOutRuntimeTree(target: string): void {
  run('sh', [path.join(ROOT, 'deploy', 'image', 'assemble-runtime.sh'), target]);
  linkProductionModules(target);
  run('sh', [path.join(ROOT, 'deploy', 'image', 'prune-node-modules.sh'), path.join(target, 'node_modules')]);
}
