import type { PlatformConfig } from '../../shared/config/platform.config';
import { startRoleProcess, type RoleProcess } from './role.process';

/** A gateway replica started by a test: where it answers, its process id, and how to stop it. */
export type GatewayProcess = RoleProcess;

/**
 * A second gateway as its own process (`node dist/bin/start.js gateway`), on the test stack's database, Redis, keys and
 * subgraphs (`subgraphUrls`: FLIGHT_URL and the others), as a replica behind a balancer runs.
 */
export function startGatewayProcess(config: PlatformConfig, subgraphUrls: Record<string, string>, extra: Record<string, string> = {}): Promise<GatewayProcess> {
  return startRoleProcess(config, 'gateway', { ...subgraphUrls, ...extra });
}

/** The subgraph URLs of a test stack, as a gateway process takes them from its environment. */
export function subgraphUrlsOf(subgraphs: Record<string, { url: string } | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(subgraphs).flatMap(([name, server]) => (server ? [[`${name.toUpperCase()}_URL`, server.url]] : [])));
}
