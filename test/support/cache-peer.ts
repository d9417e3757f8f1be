import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PlatformConfig } from '../../shared/config/platform.config';
import type { CompanyInput } from '../../shared/companies/company.service';
import { childEnv } from './test-platform';

export type PeerCommand =
  | { op: 'verify'; token: string }
  | { op: 'revoke'; email: string }
  | { op: 'disable'; email: string }
  | { op: 'retire'; kid: string }
  | { op: 'company'; uuid: string }
  | { op: 'updateCompany'; uuid: string; patch: Partial<CompanyInput> };

/** A second process with caches of its own (cache-peer.process.ts), driven one command at a time. */
export class CachePeer {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stderr = '';

  private constructor(private readonly child: ChildProcess) {}

  static async start(config: PlatformConfig): Promise<CachePeer> {
    const script = path.join(__dirname, 'cache-peer.process.js');
    const child = spawn(process.execPath, [script], { env: childEnv(config, { PUBLIC_BASE_URL: config.publicBaseUrl }), stdio: ['pipe', 'pipe', 'pipe'] });
    const peer = new CachePeer(child);
    child.stderr!.on('data', (d) => (peer.stderr += d));
    const lines = createInterface({ input: child.stdout! });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`cache peer exited ${code}: ${peer.stderr}`)));
      lines.on('line', (line) => {
        if (line === 'READY') return resolve();
        const reply = JSON.parse(line) as { id: number; result?: unknown; error?: string };
        const waiter = peer.waiting.get(reply.id);
        peer.waiting.delete(reply.id);
        if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
        else waiter?.resolve(reply.result);
      });
    });
    return peer;
  }

  send<T = Record<string, unknown>>(command: PeerCommand): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.stdin!.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin!.end();
    await exited;
  }
}

/** Polls until done holds, up to withinMs; answers how long it took (the window is a bound, not a timing assertion). */
export async function within<T>(withinMs: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<{ value: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    const elapsedMs = Date.now() - started;
    if (done(value)) return { value, elapsedMs };
    if (elapsedMs > withinMs) throw new Error(`not reached within ${withinMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
