import type { SubgraphName } from '../shared/config/platform.config';
import { checkAll, dependencyChecks, DependencyPorts, HealthReport } from '../shared/http/readiness.probe';

async function answers(url: string): Promise<void> {
  const res = await fetch(url);
  await res.body?.cancel();
  if (res.status !== 200) throw new Error(`answered HTTP ${res.status}`);
}

/** One check per subgraph: its own `path` (the subgraph URLs end in /graphql) answers 200. */
function subgraphChecks(subgraphUrls: Record<SubgraphName, string>, path: '/health' | '/readyz'): Record<string, () => Promise<void>> {
  return Object.fromEntries(Object.entries(subgraphUrls).map(([name, url]) => [name, () => answers(url.replace(/\/graphql$/, path))]));
}

/**
 * GET /health (as the spec documents it): the gateway, every subgraph, MySQL and Redis, checked in parallel. The
 * gateway shows these names to the METRICS_TOKEN bearer only (operatorAsks); anyone else gets the verdict alone.
 */
export function healthReport(ports: DependencyPorts, subgraphUrls: Record<SubgraphName, string>): Promise<HealthReport> {
  return checkAll({ gateway: async () => undefined, ...subgraphChecks(subgraphUrls, '/health'), ...dependencyChecks(ports) });
}

/** GET /readyz: the gateway can serve when MySQL, Redis and every subgraph are ready (each subgraph's own /readyz). */
export function gatewayReadiness(ports: DependencyPorts, subgraphUrls: Record<SubgraphName, string>): Promise<HealthReport> {
  return checkAll({ ...dependencyChecks(ports), ...subgraphChecks(subgraphUrls, '/readyz') });
}
