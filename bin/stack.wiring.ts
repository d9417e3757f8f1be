import type { PlatformConfig, SubgraphName } from '../shared/config/platform.config';
import { SUBGRAPH_NAMES } from '../shared/config/platform.config';
import { ensureDatabase } from '../shared/database/data-source.factory';
import { closePlatform, createPlatform, Platform } from '../shared/platform/platform.wiring';
import { startSubgraphServer, RunningServer } from '../shared/http/subgraph.server';
import { OutboxRelay } from '../shared/queue/outbox-relay.service';
import { WorkerHost } from '../shared/queue/worker-host.service';
import { notificationJobs } from '../shared/notifications/notification.jobs';
import { webhookJobs } from '../shared/webhooks/webhook.module';
import { liveJobs } from '../shared/live/live-publisher.service';
import { closeChannelAdapters, createChannelAdapters } from '../shared/notifications/channels/channel.factory';
import { warnIfCacheRefusesWrites, warnUnlessNoEviction } from '../shared/redis/redis.client';
import { createLogger, Logger } from '../shared/logging/logger';
import { startGateway } from '../gateway/gateway.server';
import { OpsServer, opsEndpoints, startOpsServer } from '../shared/http/ops-endpoints.handler';
import { checkAll, dependencyChecks } from '../shared/http/readiness.probe';
import { instrumentJobs } from '../shared/metrics/job-metrics.middleware';
import { collectOutbox, collectQueueDepths } from '../shared/metrics/metrics.collectors';
import { retentionJob } from '../shared/retention/retention.job';
import { platformPurges } from '../shared/retention/platform.purges';
import { DATABASE_MODULES, SUBGRAPH_MODULES } from '../subgraphs/subgraph.registry';
import { prepareDatabase, PreparationReport } from './prepare-database.service';
import { readSupergraph } from './supergraph.builder';
import type { Clock } from '../shared/time/clock.port';
import type { AnswerShortcutFactory } from '../shared/http/answer-shortcut.port';

export const ROLES = ['all', 'gateway', ...SUBGRAPH_NAMES, 'worker'] as const;
export type StackRole = (typeof ROLES)[number];
const CACHE_WRITERS: readonly StackRole[] = ['all', 'flight', 'train', 'bus'];

export interface RunningStack {
  platform: Platform;
  gateway?: RunningServer;
  subgraphs: Partial<Record<SubgraphName, RunningServer>>;
  workers?: { queues: string[]; prefix: string };
  /** The worker role's listener (WORKER_PORT): /livez, /readyz, /metrics. */
  workerServer?: OpsServer;
  /** The separate /metrics listener, when METRICS_PORT is set. */
  metricsServer?: OpsServer;
  preparation?: PreparationReport;
  stop(): Promise<void>;
}

/**
 * Starts one role, or everything in one process ('all': prepare the database, four subgraphs,
 * the gateway pointed at them, the outbox relay and the workers). `clock` replaces the system clock
 * (tools that let time pass, such as the volume seeder's booking flows).
 */
export async function startStack(config: PlatformConfig, role: StackRole, logger?: Logger, clock?: Clock): Promise<RunningStack> {
  if (role === 'all') await ensureDatabase(config.databaseUrl);
  // Every line names the role that wrote it: one request id is followed across processes by `role` and `service`.
  const platform = await createPlatform(config, DATABASE_MODULES, { logger: logger ?? createLogger(config.logLevel, { role }), clock });
  const closers: Array<[string, () => Promise<void>]> = [];
  const stack: RunningStack = {
    platform,
    subgraphs: {},
    stop: async () => {
      for (const [name, close] of closers.reverse()) {
        await close().then(
          () => platform.logger.info('stopped', { part: name }),
          (e) => platform.logger.error('error while stopping', { part: name, reason: (e as Error).message }),
        );
      }
      await closePlatform(platform);
    },
  };
  try {
    if (role === 'all') stack.preparation = await prepareDatabase(platform);
    else {
      if (role !== 'gateway') await refuseIfUnmigrated(platform);
      // An older version's key files in KEYS_DIR move into the database; a wrong key-encryption key stops the start here.
      await platform.keys.prepare();
    }

    // The roles that write to a cache Redis of its own (the search subgraphs) say whether it can make room.
    if (CACHE_WRITERS.includes(role) && config.cacheRedisUrl !== config.redisUrl) await warnIfCacheRefusesWrites(platform.cacheRedis, platform.logger);
    const subgraphUrls = { ...config.subgraphUrls };
    for (const name of SUBGRAPH_NAMES) {
      if (role !== 'all' && role !== name) continue;
      await SUBGRAPH_MODULES[name].prepare?.(platform);
      const shortcuts: AnswerShortcutFactory[] = [];
      const schema = await SUBGRAPH_MODULES[name].buildSchema(platform, { add: (factory) => shortcuts.push(factory) });
      const server = await startSubgraphServer(name, schema, platform, config.subgraphPorts[name], SUBGRAPH_MODULES[name].referenceFields, shortcuts);
      closers.push([`${name} subgraph`, server.close]);
      stack.subgraphs[name] = server;
      subgraphUrls[name] = server.url;
    }
    if (role === 'all' || role === 'worker') {
      await warnUnlessNoEviction(platform.queueRedis, platform.logger);
      const relay = new OutboxRelay(platform.dataSource, platform.queues, platform.clock, platform.logger.child({ service: 'outbox-relay' }));
      relay.start(config.outboxPollMs);
      const host = new WorkerHost(platform.queueRedis, config.queuePrefix, platform.logger.child({ service: 'worker' }), config.jobLockMs);
      const modules = Object.values(SUBGRAPH_MODULES);
      const channels = createChannelAdapters(config.notifications, platform.logger.child({ service: 'notifications' }));
      const notificationSources = modules.flatMap((m) => m.notificationSources?.(platform) ?? []);
      const purges = [...platformPurges(platform, notificationSources), ...modules.flatMap((m) => m.retentionPurges?.(platform) ?? [])];
      const moduleJobs = modules.flatMap((m) => m.jobs?.(platform) ?? []);
      const platformJobs = [...notificationJobs(platform, notificationSources, channels), ...webhookJobs(platform), ...liveJobs(platform)];
      const jobs = instrumentJobs([...moduleJobs, ...platformJobs, retentionJob(platform, purges)], platform.metrics);
      host.start(jobs);
      await host.schedule(jobs, platform.queues);
      // Closed in reverse: workers finish their jobs before the channels they send through close.
      closers.push(['notification channels', () => closeChannelAdapters(channels)], ['outbox relay', () => relay.stop()], ['workers', () => host.close()]);
      stack.workers = { queues: host.queueNames, prefix: config.queuePrefix };
      collectQueueDepths(platform.metrics, () => host.queueNames.map((name) => platform.queues.get(name)));
      collectOutbox(platform.metrics, platform.dataSource, platform.clock);
      if (role === 'worker') {
        const readiness = () => checkAll(dependencyChecks(platform, { queues: true, cache: false }));
        stack.workerServer = await startOpsServer('worker', platform, config.workerPort, config.subgraphHost, opsEndpoints(platform, readiness));
        closers.push(['worker listener', stack.workerServer.close]);
      }
    }
    if (role === 'all' || role === 'gateway') {
      const gateway = await startGateway(platform, readSupergraph(), subgraphUrls, config.port);
      closers.push(['gateway', gateway.close]);
      stack.gateway = gateway;
    }
    if (config.metrics.port !== null) {
      const { port, host } = config.metrics;
      stack.metricsServer = await startOpsServer('metrics', platform, port, host, opsEndpoints(platform, null, { metricsListener: true }));
      closers.push(['metrics listener', stack.metricsServer.close]);
    }
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

async function refuseIfUnmigrated(platform: Platform): Promise<void> {
  if (await platform.dataSource.showMigrations()) {
    throw new Error('the database has pending migrations: run `npm run migrate` (or `npm start`, which runs them) first');
  }
}
