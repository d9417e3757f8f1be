import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** What bin/start.ts prints once a role listens and works. */
export const READY_LINE = 'Press Ctrl-C to stop.';

/** The entry point every role starts from, in the built tree this file is compiled into. */
export const START_SCRIPT = path.resolve(__dirname, '..', '..', 'bin', 'start.js');

/** How a start ended: null once the role serves, else its exit code (or signal); and what it printed until then. */
export interface BootOutcome {
  status: number | string | null;
  output: string;
}

export interface StartedRole {
  child: ChildProcess;
  pid: number;
  /** What it printed (all of it, or the last `keepChars` characters). */
  output(): string;
  /** Resolves once the role serves (status null) or has exited first (its status). */
  ready: Promise<BootOutcome>;
  /** Resolves when it has exited and every byte it printed is in: its exit code, or the signal that ended it. */
  exited: Promise<number | string>;
  /** Sends `signal` (SIGINT: the graceful stop) unless it already ended, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnRoleOptions {
  cwd?: string;
  /** The entry point, when not this tree's dist/bin/start.js (a runtime image's tree). */
  script?: string;
  /** Keep only the last characters of the output: a replica that runs for minutes prints megabytes. */
  keepChars?: number;
  /** Every chunk it prints, as it comes (a log file). */
  onOutput?: (chunk: Buffer) => void;
}

/**
 * `node dist/bin/start.js <role>` as a child process, the one way tests and benches start a role of their own: the
 * test stacks' replicas (role.process.ts), the chaos run's replicas, the start/shutdown and runtime-image tests.
 */
export function spawnRole(role: string, env: NodeJS.ProcessEnv, options: SpawnRoleOptions = {}): StartedRole {
  const child = spawn(process.execPath, [options.script ?? START_SCRIPT, role], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    options.onOutput?.(chunk);
    output += chunk.toString();
    if (options.keepChars !== undefined && output.length > options.keepChars * 2) output = output.slice(-options.keepChars);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string>((resolve) => child.on('close', (code, signal) => resolve(code ?? signal ?? 1)));
  const printed = () => (options.keepChars === undefined ? output : output.slice(-options.keepChars));
  const ready = new Promise<BootOutcome>((resolve) => {
    const poll = setInterval(() => {
      if (!output.includes(READY_LINE)) return;
      clearInterval(poll);
      resolve({ status: null, output: printed() });
    }, 50);
    void exited.then((status) => {
      clearInterval(poll);
      resolve({ status, output: printed() });
    });
  });
  return {
    child,
    pid: child.pid!,
    output: printed,
    ready,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGINT') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
