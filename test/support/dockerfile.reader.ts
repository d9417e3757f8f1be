import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One instruction of a Dockerfile, its continuation lines joined: `COPY --from=deps /app/node_modules ./node_modules`. */
export interface DockerInstruction {
  keyword: string;
  args: string;
  /** 1-based line where it starts, for failure messages. */
  line: number;
}

/** A build stage: `FROM <image> [AS <name>]` and what follows until the next FROM. */
export interface DockerStage {
  name: string | null;
  from: string;
  instructions: DockerInstruction[];
}

export const DOCKERFILE = path.resolve(__dirname, '..', '..', '..', 'Dockerfile');

/** The stages of a Dockerfile as the builder sees them: comments dropped, backslash continuations joined. */
export function readDockerfile(text = readFileSync(DOCKERFILE, 'utf8')): DockerStage[] {
  const instructions: DockerInstruction[] = [];
  let pending: DockerInstruction | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === null)) return;
    const continues = line.endsWith('\\');
    const body = continues ? line.slice(0, -1).trim() : line;
    if (pending) pending.args = `${pending.args} ${body}`.trim();
    else {
      const [keyword, ...rest] = body.split(/\s+/);
      pending = { keyword: keyword.toUpperCase(), args: rest.join(' '), line: index + 1 };
    }
    if (!continues) {
      instructions.push(pending);
      pending = null;
    }
  });
  if (pending) instructions.push(pending);
  const stages: DockerStage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const as = words.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({ from: words[0], name: as >= 0 ? words[as + 1] : null, instructions: [] });
    } else if (stages.length > 0) stages[stages.length - 1].instructions.push(instruction);
  }
  return stages;
}

/** The stage called `name`, then the stages it builds on (FROM an earlier stage), nearest first. */
export function stageChain(stages: DockerStage[], name: string): DockerStage[] {
  const chain: DockerStage[] = [];
  let stage: DockerStage | undefined = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage named ${name}`);
  while (stage) {
    chain.push(stage);
    const parent: string = stage.from;
    stage = stages.find((s) => s.name === parent);
  }
  return chain;
}

/** The instructions a target runs, base stage first (what `docker build --target <name>` executes for that image). */
export function targetInstructions(stages: DockerStage[], name: string): DockerInstruction[] {
  return stageChain(stages, name)
    .reverse()
    .flatMap((s) => s.instructions);
}

/** The exec-form arguments of a CMD or HEALTHCHECK CMD: `CMD ["node", "-e", "..."]` → ['node', '-e', '...']. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
}
