import net, { type AddressInfo } from 'node:net';
import type { PlatformConfig } from '../../shared/config/platform.config';
import type { StackRole } from '../../bin/stack.wiring';
import { childEnv } from './test-platform';
import { type BootOutcome, spawnRole } from './started-role.process';

export type { BootOutcome } from './started-role.process';

/** A role started by a test as its own process (`node dist/bin/start.js <role>`): where it answers, and how to stop it. */
export interface RoleProcess {
  /** The gateway's base URL, or a subgraph's GraphQL endpoint. */
  url: string;
  pid: number;
  stop(): Promise<void>;
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
  const started = spawnRole(
    role,
    childEnv(config, {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      PUBLIC_BASE_URL: config.publicBaseUrl,
      [portVariable]: String(port),
      ...extra,
    }),
  );
  const outcome = await started.ready;
  if (outcome.status !== null) throw new Error(`the ${role} process exited early (${outcome.status}):\n${outcome.output}`);
  return { url: role === 'gateway' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/graphql`, pid: started.pid, stop: () => started.stop() };
}

/** Starts a role that is expected to refuse to start; one that starts after all is stopped, and its status is null. */
export async function bootOutcome(config: PlatformConfig, role: StackRole, extra: Record<string, string> = {}): Promise<BootOutcome> {
  const port = String(await freePort());
  const started = spawnRole(role, childEnv(config, { HOST: '127.0.0.1', LOG_LEVEL: 'error', PORT: port, ADMIN_PORT: port, ...extra }));
  const outcome = await started.ready;
  if (outcome.status === null) await started.stop();
  return outcome;
}

/** A loopback port nothing listens on (a moment ago). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
