import { randomInt } from 'node:crypto';
import type { RoleReplica } from './role-replica.process';

export interface KillRecord {
  replica: string;
  role: string;
  /** Milliseconds since the monkey started. */
  atMs: number;
  /** From the kill until the replica served again; null if it never came back. */
  downMs: number | null;
  error?: string;
}

/**
 * SIGKILLs a random replica of a random role every `everyMs` and starts it again on the same port a moment later.
 * It never takes the last serving replica of a role, as a disruption budget would not: the run checks that a crash
 * loses nothing, not that a role with no replica serves.
 */
export class ChaosMonkey {
  readonly kills: KillRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly restarts = new Set<Promise<void>>();
  private startedAt = 0;

  constructor(
    private readonly replicas: RoleReplica[],
    private readonly everyMs: number,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  start(): void {
    this.startedAt = Date.now();
    this.timer = setInterval(() => this.strike(), this.everyMs);
  }

  /** Stops killing and waits until every replica it killed serves again. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.restarts]);
  }

  private strike(): void {
    const byRole = new Map<string, RoleReplica[]>();
    for (const r of this.replicas) byRole.set(r.role, [...(byRole.get(r.role) ?? []), r]);
    // A role may lose a replica only while every other replica of it serves; one on its way back is left alone.
    const candidates = this.replicas.filter((r) => r.serving && byRole.get(r.role)!.every((other) => other.serving));
    if (candidates.length === 0) return;
    const victim = candidates[randomInt(candidates.length)];
    const record: KillRecord = { replica: victim.name, role: victim.role, atMs: Date.now() - this.startedAt, downMs: null };
    this.kills.push(record);
    this.log(`chaos: SIGKILL ${victim.name} (pid ${victim.pid}) at ${(record.atMs / 1000).toFixed(1)} s`);
    const killedAt = Date.now();
    const restart = (async () => {
      await victim.kill();
      await new Promise((resolve) => setTimeout(resolve, 300 + randomInt(1_000)));
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          await victim.start();
          record.downMs = Date.now() - killedAt;
          return;
        } catch (error) {
          record.error = (error as Error).message.split('\n')[0];
          this.log(`chaos: ${victim.name} failed to start again (attempt ${attempt}): ${record.error}`);
        }
      }
    })();
    this.restarts.add(restart);
    void restart.finally(() => this.restarts.delete(restart));
  }
}
