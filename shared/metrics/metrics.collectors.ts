import type { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import type { Clock } from '../time/clock.port';
import { outboxBacklog } from '../queue/outbox.repository';
import type { Metrics } from './metrics.registry';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** BullMQ job counts per queue and state, read from Redis on scrape. */
export function collectQueueDepths(metrics: Metrics, queues: () => Queue[]): void {
  metrics.gaugeOnScrape(
    'safiri_queue_jobs',
    'BullMQ jobs per queue and state (waiting, active, delayed, failed, completed)',
    ['queue', 'state'],
    async (set) => {
      await Promise.all(
        queues().map(async (queue) => {
          const counts = await queue.getJobCounts(...JOB_STATES);
          for (const state of JOB_STATES) set({ queue: queue.name, state }, counts[state] ?? 0);
        }),
      );
    },
  );
}

/** Outbox rows not yet relayed to BullMQ, and how long the oldest has waited. */
export function collectOutbox(metrics: Metrics, dataSource: DataSource, clock: Clock): void {
  let last: Promise<Awaited<ReturnType<typeof outboxBacklog>>> | undefined;
  // Both gauges come from one query pair per scrape.
  const read = () => (last ??= outboxBacklog(dataSource).finally(() => setImmediate(() => (last = undefined))));
  metrics.gaugeOnScrape('safiri_outbox_backlog', 'Outbox rows committed and not yet relayed to BullMQ', [], async (set) => {
    set({}, (await read()).backlog);
  });
  metrics.gaugeOnScrape('safiri_outbox_oldest_age_seconds', 'Age of the oldest outbox row not yet relayed (0 when none)', [], async (set) => {
    const { oldestCreatedAt } = await read();
    set({}, oldestCreatedAt ? Math.max(0, (clock.now().getTime() - oldestCreatedAt.getTime()) / 1000) : 0);
  });
}

interface Mysql2PoolInternals {
  config?: { connectionLimit?: number };
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/**
 * The mysql2 pool under TypeORM's driver. mysql2 publishes no pool statistics: these are its own queues
 * (stable since mysql2 1.x); a driver without them reports nothing rather than wrong numbers.
 */
export function collectDatabasePool(metrics: Metrics, dataSource: DataSource): void {
  const pool = () => (dataSource.driver as unknown as { pool?: Mysql2PoolInternals }).pool;
  metrics.gaugeOnScrape('safiri_db_pool_connections', 'MySQL pool connections by state (open, idle, in_use) and the pool limit', ['state'], async (set) => {
    const p = pool();
    if (!p?._allConnections || !p._freeConnections) return;
    set({ state: 'open' }, p._allConnections.length);
    set({ state: 'idle' }, p._freeConnections.length);
    set({ state: 'in_use' }, p._allConnections.length - p._freeConnections.length);
    if (p.config?.connectionLimit) set({ state: 'limit' }, p.config.connectionLimit);
  });
  metrics.gaugeOnScrape('safiri_db_pool_waiting', 'Queries waiting for a free MySQL pool connection', [], async (set) => {
    const p = pool();
    if (p?._connectionQueue) set({}, p._connectionQueue.length);
  });
}
