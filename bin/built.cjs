'use strict';
// Runs an operator CLI from the built code (dist/) without compiling first, so a call starts in well under 2 s.
// Plain JavaScript on purpose: it must work when dist/ is missing or stale, and say so instead of running old code.
//   node bin/built.cjs stamp           after `tsc`: records that dist/ matches the sources (npm run build does it)
//   node bin/built.cjs fresh           runs `npm run build` only when dist/ is missing or older than the sources
//                                      (npm run start:<role>: a role restarts in a second instead of a full tsc)
//   node bin/built.cjs <name> [args]   runs dist/bin/<name>.cli.js with args, if dist/ is not older than the sources
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.build-stamp');
// What tsconfig.json compiles (its "include"), and the compiler settings themselves.
const SOURCE_DIRS = ['bin', 'gateway', 'subgraphs', 'shared', 'bench', 'test'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json'];

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

/** The first source file changed after the last build, or undefined when dist/ is current. */
function newerSource(builtAt) {
  for (const file of SOURCE_FILES) {
    const full = path.join(root, file);
    if (fs.existsSync(full) && fs.statSync(full).mtimeMs > builtAt) return file;
  }
  for (const dir of SOURCE_DIRS) {
    const base = path.join(root, dir);
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base, { recursive: true })) {
      const name = String(entry);
      if (!/\.(ts|json)$/.test(name)) continue;
      if (fs.statSync(path.join(base, name)).mtimeMs > builtAt) return path.join(dir, name);
    }
  }
  return undefined;
}

const [name, ...args] = process.argv.slice(2);
if (name === 'stamp') {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(stampFile, `${new Date().toISOString()}\n`);
  process.exit(0);
}
if (name === 'fresh') {
  const stale = fs.existsSync(stampFile) ? newerSource(fs.statSync(stampFile).mtimeMs) : 'dist/ (never built)';
  if (!stale) {
    console.error('dist/ is up to date with the sources: starting without a build');
    process.exit(0);
  }
  console.error(`${stale} is newer than the last build: running npm run build`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
if (!name || !/^[a-z][a-z-]*$/.test(name)) fail('usage: node bin/built.cjs <cli name> [arguments]');
const script = path.join(dist, 'bin', `${name}.cli.js`);
if (!fs.existsSync(stampFile) || !fs.existsSync(script)) {
  fail(`the built code is missing (no ${path.relative(root, script)}): run \`npm run build\` first (npm install and npm start build it too)`);
}
const changed = newerSource(fs.statSync(stampFile).mtimeMs);
if (changed) fail(`${changed} changed after the last build, so dist/ is stale: run \`npm run build\` first`);
// The CLI reads its arguments from process.argv.slice(2), as if it had been started directly.
process.argv = [process.argv[0], script, ...args];
require(script);
