import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { PlatformConfig } from '../../shared/config/platform.config';
import type { StackRole } from '../../bin/stack.wiring';
import { childEnv } from './test-platform';

const START = path.resolve(__dirname, '..', '..', 'bin', 'start.js');

/** A role started by a test as its own process (`node dist/bin/start.js <role>`): where it answers, and how to stop it. */
export interface RoleProcess {
  /** The gateway's base URL, or a subgraph's GraphQL endpoint. */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** How a start that should fail ended: its exit code (null: it started, and was stopped) and what it printed. */
export interface BootOutcome {
  status: number | null;
  output: string;
}

/**
 * A replica of one role (gateway or a subgraph) on a test stack's database and Redis, as a second host runs it;
 * `extra` overrides its environment (KEYS_DIR of its own, another key-encryption key, the subgraph URLs of a gateway).
 */
export async function startRoleProcess(
  config: PlatformConfig,
  role: Exclude<StackRole, 'all' | 'worker'>,
  extra: Record<string, string> = {},
): Promise<RoleProcess> {
  const port = await freePort();
  const portVariable = role === 'gateway' ? 'PORT' : `${role.toUpperCase()}_PORT`;
  const started = launch(config, role, {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    PUBLIC_BASE_URL: config.publicBaseUrl,
    [portVariable]: String(port),
    ...extra,
  });
  const outcome = await started.ready;
  if (outcome.status !== null) throw new Error(`the ${role} process exited early (${outcome.status}):\n${outcome.output}`);
  return { url: role === 'gateway' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/graphql`, pid: started.pid, stop: started.stop };
}

/** Starts a role that is expected to refuse to start; one that starts after all is stopped, and its status is null. */
export async function bootOutcome(config: PlatformConfig, role: StackRole, extra: Record<string, string> = {}): Promise<BootOutcome> {
  const port = String(await freePort());
  const started = launch(config, role, { HOST: '127.0.0.1', LOG_LEVEL: 'error', PORT: port, ADMIN_PORT: port, ...extra });
  const outcome = await started.ready;
  if (outcome.status === null) await started.stop();
  return outcome;
}

function launch(config: PlatformConfig, role: StackRole, env: Record<string, string>) {
  const child = spawn(process.execPath, [START, role], { env: childEnv(config, env) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close': the exit code and every byte it printed are in.
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const ready = new Promise<BootOutcome>((resolve) => {
    const poll = setInterval(() => {
      if (!output.includes('Press Ctrl-C to stop.')) return;
      clearInterval(poll);
      resolve({ status: null, output });
    }, 100);
    void exited.then((status) => {
      clearInterval(poll);
      resolve({ status, output });
    });
  });
  return {
    pid: child.pid!,
    ready,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

/** A loopback port nothing listens on (a moment ago). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
