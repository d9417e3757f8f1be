import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, WriteStream } from 'node:fs';
import path from 'node:path';

const START = path.resolve(__dirname, '..', '..', 'bin', 'start.js');
/** What bin/start.ts prints once a role listens and works. */
const READY_LINE = 'Press Ctrl-C to stop.';
/** A start that takes longer is a failure of the run (a loaded 2-core machine starts a role in 2–8 s). */
const START_TIMEOUT_MS = 60_000;

export type ChaosRole = 'gateway' | 'flight' | 'train' | 'bus' | 'admin' | 'worker';

/**
 * One replica of one role, `node dist/bin/start.js <role>` on a port of its own that it keeps across restarts (the
 * balancer's upstream names it). Its output goes to `<logDir>/<role>-<n>.log`, appended across restarts, so an
 * operator can read what each life of it said.
 */
export class RoleReplica {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private log: WriteStream | null = null;
  /** How many times it was started (the first start included). */
  starts = 0;

  constructor(
    readonly role: ChaosRole,
    readonly index: number,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {}

  get name(): string {
    return `${this.role}-${this.index}`;
  }

  /** Started and answering; false while it starts, after a kill and once stopped. */
  serving = false;

  get up(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts it and resolves once it serves; rejects with its last output if it exits or hangs first. */
  async start(): Promise<void> {
    this.log ??= createWriteStream(path.join(this.logDir, `${this.name}.log`), { flags: 'a' });
    this.starts++;
    this.log.write(`--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, [START, this.role], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let tail = '';
    const keep = (chunk: Buffer) => {
      this.log?.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.on('exit', () => {
        this.serving = false;
        resolve();
      }),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${this.name} did not start within ${START_TIMEOUT_MS} ms:\n${tail}`));
      }, START_TIMEOUT_MS);
      const poll = setInterval(() => {
        if (!tail.includes(READY_LINE)) return;
        clearInterval(poll);
        clearTimeout(timer);
        this.serving = true;
        resolve();
      }, 50);
      void this.exited.then(() => {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${tail}`));
      });
    });
  }

  /** SIGKILL: no shutdown hook runs, whatever it was doing stops mid-way. */
  async kill(): Promise<void> {
    if (this.up) this.child!.kill('SIGKILL');
    await this.exited;
    this.log?.write(`--- SIGKILL at ${new Date().toISOString()}\n`);
  }

  /** The graceful stop an orchestrator asks for (SIGTERM), then SIGKILL after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.up) {
      this.child!.kill('SIGTERM');
      const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()));
    this.log = null;
  }
}
