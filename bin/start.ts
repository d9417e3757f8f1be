// First: tracing (when configured) must patch http and mysql2 before anything loads them.
import '../shared/telemetry/tracing.preload';
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../shared/config/platform.config';
import { redact } from '../shared/config/platform.config';
import { describeIntegration, integrationsOf } from '../shared/config/integrations.view';
import { shutdownTracing } from '../shared/telemetry/tracing.service';
import { ROLES, RunningStack, StackRole, startStack } from './stack.wiring';

/** `node dist/bin/start.js <role>`: runs one role, or all of them, until Ctrl-C. */
async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as StackRole;
  if (!(ROLES as readonly string[]).includes(role)) {
    console.error(`unknown role "${role}": use one of ${ROLES.join(', ')}`);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const stack = await startStack(config, role);
  printWhereEverythingListens(stack, role);

  let stoppingSince: number | undefined;
  const shutdown = (signal: string) => {
    if (stoppingSince !== undefined) {
      // Ctrl-C under `npm start` arrives twice at once (from the terminal and forwarded by npm):
      // only a second signal a moment later means "stop now".
      if (Date.now() - stoppingSince < 1000) return;
      console.error(`${signal} again: exiting now`);
      process.exit(130);
    }
    stoppingSince = Date.now();
    stack.platform.logger.info('shutting down gracefully', { signal });
    stack
      .stop()
      // Buffered spans are sent before the exit; a collector that is down does not make a clean stop fail.
      .then(() => shutdownTracing().catch(() => undefined))
      .then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

function printWhereEverythingListens(stack: RunningStack, role: StackRole): void {
  const { config } = stack.platform;
  const lines = [`Safiri (${role}) is running:`];
  if (stack.preparation) {
    const p = stack.preparation;
    lines.push(`  database        ${redact(config.databaseUrl)} (migrations run now: ${p.migrations.length || 'none'}; signing key ${p.signingKid})`);
    if (config.database.replicaUrl) lines.push(`  read replica    ${redact(config.database.replicaUrl)} (lag-tolerant reads only)`);
    lines.push(
      `  reference data  ${Object.entries(p.referenceData)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
  }
  if (stack.gateway) {
    lines.push(
      `  gateway         ${config.publicBaseUrl}/graphql  (Apollo Sandbox in a browser${config.nodeEnv === 'production' ? ': off in production' : ''})`,
    );
    lines.push(`  REST            ${config.publicBaseUrl}/api/...  e.g. POST /api/logon, GET /api/companies`);
    lines.push(`  health          ${config.publicBaseUrl}/health, /livez, /readyz`);
    lines.push(`  discovery       ${config.publicBaseUrl}/.well-known/api-discovery`);
  }
  for (const [name, server] of Object.entries(stack.subgraphs)) lines.push(`  ${`${name} subgraph`.padEnd(16)}${server!.url}`);
  if (stack.workers)
    lines.push(`  workers         outbox relay + queues [${stack.workers.queues.join(', ') || 'none registered yet'}], prefix "${stack.workers.prefix}"`);
  if (stack.workerServer) lines.push(`  worker health   ${stack.workerServer.url}/livez, /readyz`);
  if (stack.metricsServer) lines.push(`  metrics         ${stack.metricsServer.url}/metrics${config.metrics.token ? ' (Bearer METRICS_TOKEN)' : ''}`);
  else if (config.metrics.token) lines.push('  metrics         /metrics on each listener (Bearer METRICS_TOKEN)');
  const integrations = integrationsOf(config);
  lines.push(`  flight supplier ${describeIntegration(integrations.flightSupplier)}`);
  lines.push(`  payments        ${describeIntegration(integrations.payments)}`);
  lines.push('Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
