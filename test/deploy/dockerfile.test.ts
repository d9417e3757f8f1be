import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { DOCKERFILE, DockerInstruction, DockerStage, execForm, readDockerfile, stageChain, targetInstructions } from '../support/dockerfile.reader';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The runtime images and the roles each runs (docker-compose.yml and the Kubernetes manifests pick them). */
const TARGETS = { app: ['gateway', 'flight', 'train', 'bus', 'worker'], admin: ['admin'] } as const;
const NEVER_IN_AN_IMAGE = ['test', 'bench', 'examples'];

/** The stages a target's files come from: its own chain and, through COPY --from, every stage it copies out of. */
function feedingStages(stages: DockerStage[], target: string): DockerStage[] {
  const found = new Map<string, DockerStage>();
  const visit = (name: string): void => {
    for (const stage of stageChain(stages, name)) {
      if (found.has(stage.name ?? stage.from)) continue;
      found.set(stage.name ?? stage.from, stage);
      for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY')) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        if (from) visit(from);
      }
    }
  };
  visit(target);
  return [...found.values()];
}

/** The source paths of a COPY from the build context (none for COPY --from). */
function contextSources(copy: DockerInstruction): string[] {
  if (/--from=/.test(copy.args)) return [];
  const words = copy.args.split(/\s+/).filter((w) => !w.startsWith('--'));
  return words.slice(0, -1);
}

/** The stage that a runtime target copies `what` (e.g. /app/node_modules) from. */
function stageCopiedFrom(stages: DockerStage[], target: string, what: RegExp): DockerStage {
  const copy = targetInstructions(stages, target).find((i) => i.keyword === 'COPY' && /--from=/.test(i.args) && what.test(i.args));
  if (!copy) throw new Error(`target ${target} copies nothing matching ${what}`);
  const name = /--from=(\S+)/.exec(copy.args)![1];
  return stages.find((s) => s.name === name)!;
}

/**
 * There is no Docker engine here and hadolint is on neither npm nor Debian, so this reads the Dockerfile:
 * dockerfile-utils (the Docker language server's validator) for syntax, then what each runtime image must hold.
 */
describe('Dockerfile', () => {
  const text = readFileSync(DOCKERFILE, 'utf8');
  const stages = readDockerfile(text);

  it('is valid for the Docker language server validator (no unknown instruction, flag or missing argument)', () => {
    expect(validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('has the runtime targets app and admin', () => {
    expect(stages.map((s) => s.name)).toEqual(expect.arrayContaining(Object.keys(TARGETS)));
  });

  it('starts every stage from a base image pinned to a full version tag', () => {
    const external = stages.filter((s) => !stages.some((other) => other.name === s.from)).map((s) => s.from);
    expect(external.length).toBeGreaterThan(0);
    for (const image of external) expect(image).toMatch(/^[\w./-]+:\d+\.\d+\.\d+[\w.-]*$/);
  });

  it('installs git and nginx only in the admin image', () => {
    const installs = (target: string): string[] =>
      targetInstructions(stages, target)
        .filter((i) => i.keyword === 'RUN' && /\bapt-get install\b/.test(i.args))
        .map((i) => i.args);
    expect(installs('app').filter((run) => /\b(git|nginx[\w-]*)\b/.test(run))).toEqual([]);
    const admin = installs('admin');
    expect(admin).toEqual([expect.stringMatching(/--no-install-recommends.*\bgit\b.*\bnginx-light\b/)]);
    expect(admin[0]).toContain('rm -rf /var/lib/apt/lists/*');
  });

  it.each(Object.keys(TARGETS))('%s copies no test, bench or example code into any stage it is made from', (target) => {
    for (const stage of feedingStages(stages, target)) {
      for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY')) {
        for (const source of contextSources(copy)) {
          const top = source.replace(/^\.\//, '').split('/')[0];
          expect({ line: copy.line, source, whole: top === '.' || top === '' }).toEqual({ line: copy.line, source, whole: false });
          expect(NEVER_IN_AN_IMAGE).not.toContain(top);
        }
      }
    }
  });

  it('keeps tests, bench and examples out of the build context too', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining([...NEVER_IN_AN_IMAGE, '**/*.test.ts']));
  });

  it.each(Object.keys(TARGETS))('%s takes its code from a build with tsconfig.runtime.json, which leaves tests out', (target) => {
    const build = stageCopiedFrom(stages, target, /\/runtime\b/);
    expect(build.instructions.some((i) => i.keyword === 'RUN' && /assemble-runtime\.sh \/runtime\b/.test(i.args))).toBe(true);
    expect(readFileSync(path.join(ROOT, 'deploy', 'image', 'assemble-runtime.sh'), 'utf8')).toMatch(/tsc -p tsconfig\.runtime\.json/);
    const runtimeConfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.runtime.json'), 'utf8')) as { include: string[]; exclude: string[] };
    expect(runtimeConfig.include.filter((folder) => NEVER_IN_AN_IMAGE.includes(folder))).toEqual([]);
    expect(runtimeConfig.exclude).toContain('**/*.test.ts');
    // tsc must find every folder it compiles, and the schema files the assembly copies.
    const copied = build.instructions.flatMap((i) => (i.keyword === 'COPY' ? contextSources(i) : []));
    expect(copied).toEqual(expect.arrayContaining([...runtimeConfig.include, 'schema', 'tsconfig.json', 'tsconfig.runtime.json']));
  });

  it.each(Object.keys(TARGETS))('%s takes node_modules from npm ci --omit=dev, pruned', (target) => {
    const deps = stageCopiedFrom(stages, target, /node_modules/);
    const runs = deps.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs.some((run) => /npm ci\b.*--omit=dev/.test(run) || /npm prune\b.*--omit=dev/.test(run))).toBe(true);
    expect(runs.some((run) => /prune-node-modules\.sh node_modules/.test(run))).toBe(true);
  });

  it.each(Object.keys(TARGETS))('%s runs as a numeric non-root user and has a HEALTHCHECK', (target) => {
    const instructions = targetInstructions(stages, target);
    const user = instructions.filter((i) => i.keyword === 'USER').at(-1)?.args ?? 'root';
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
    const healthcheck = instructions.filter((i) => i.keyword === 'HEALTHCHECK').at(-1);
    expect(healthcheck?.args).toMatch(/\bCMD \[/);
    expect(execForm(healthcheck!.args).slice(0, 2)).toEqual(['node', '-e']);
  });

  it.each(Object.entries(TARGETS))('%s starts one of its roles by default', (target, roles) => {
    const cmd = targetInstructions(stages, target)
      .filter((i) => i.keyword === 'CMD')
      .at(-1);
    const [node, script, role] = execForm(cmd!.args);
    expect([node, script]).toEqual(['node', 'dist/bin/start.js']);
    expect(roles).toContain(role);
  });
});
