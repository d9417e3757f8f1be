import { createWriteStream, WriteStream } from 'node:fs';
import path from 'node:path';
import { spawnRole, type StartedRole } from '../../test/support/started-role.process';
/** A start that takes longer is a failure of the run (a loaded 2-core machine starts a role in 2–8 s). */
const START_TIMEOUT_MS = 60_000;

export type ChaosRole = 'gateway' | 'flight' | 'train' | 'bus' | 'admin' | 'worker';

/**
 * One replica of one role, `node dist/bin/start.js <role>` on a port of its own that it keeps across restarts (the
 * balancer's upstream names it). Its output goes to `<logDir>/<role>-<n>.log`, appended across restarts, so an
 * operator can read what each life of it said.
 */
export class RoleReplica {
  private started: StartedRole | null = null;
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
    const child = this.started?.child;
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.started?.pid;
  }

  /** Starts it and resolves once it serves; rejects with its last output if it exits or hangs first. */
  async start(): Promise<void> {
    this.log ??= createWriteStream(path.join(this.logDir, `${this.name}.log`), { flags: 'a' });
    this.starts++;
    this.log.write(`--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const started = spawnRole(this.role, this.env, { keepChars: 4000, onOutput: (chunk) => this.log?.write(chunk) });
    this.started = started;
    void started.exited.then(() => (this.serving = false));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), START_TIMEOUT_MS)));
    const outcome = await Promise.race([started.ready, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      started.child.kill('SIGKILL');
      throw new Error(`${this.name} did not start within ${START_TIMEOUT_MS} ms:\n${started.output()}`);
    }
    if (outcome.status !== null) throw new Error(`${this.name} exited (${outcome.status}) while starting:\n${outcome.output}`);
    this.serving = true;
  }

  /** SIGKILL: no shutdown hook runs, whatever it was doing stops mid-way. */
  async kill(): Promise<void> {
    await this.started?.stop('SIGKILL');
    this.log?.write(`--- SIGKILL at ${new Date().toISOString()}\n`);
  }

  /** The graceful stop an orchestrator asks for (SIGTERM), then SIGKILL after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.started && this.up) {
      const { child } = this.started;
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await this.started.stop('SIGTERM');
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()));
    this.log = null;
  }
}
