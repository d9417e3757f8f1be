import { setTimeout as sleep } from 'node:timers/promises';
import type { RetentionConfig } from '../config/retention.config';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics.registry';
import type { JobDefinition } from '../queue/worker-host.service';
import type { Clock } from '../time/clock.port';
import { daysBefore, PurgeCursor, RetentionPurge } from './retention.types';

export const RETENTION_QUEUE = 'retention';
export const RETENTION_JOB = 'retention-purge';

/** What one run did to one kind: the job's return value holds one per kind. */
export interface KindOutcome {
  /** null: the kind is kept forever (its days are 0). */
  days: number | null;
  /** Rows older than this were looked at (ISO 8601); null when the kind was skipped. */
  cutoff: string | null;
  /** Rows deleted, all tables of the kind together, and by table. */
  removed: number;
  tables: Record<string, number>;
  batches: number;
  /** True when no candidate was left; false when the run stopped at RETENTION_MAX_BATCHES (the next run goes on). */
  complete: boolean;
  error?: string;
}

/** What the purge job uses: its settings, the time, its log and its counter (a Platform has each under these names). */
export interface RetentionPorts {
  config: { retention: RetentionConfig };
  clock: Clock;
  logger: Logger;
  metrics: Pick<Metrics, 'retentionPurgedRows'>;
}

export interface RetentionRun {
  enabled: boolean;
  kinds: Record<string, KindOutcome>;
}

/**
 * The recurring purge (docs/operating.md "Retention"): every RETENTION_INTERVAL_SECONDS one worker runs each kind's purge in
 * batches of RETENTION_BATCH_SIZE, at most RETENTION_MAX_BATCHES per kind, pausing RETENTION_BATCH_PAUSE_MS between
 * batches. Each batch is its own short statement, so no table is locked for long, and a run that stops early leaves
 * the rest to the next. A kind that fails does not stop the others; the run then fails naming it (the dashboard keeps
 * failed runs), after the other kinds' rows are counted. Rows removed are counted in
 * safiri_retention_purged_rows_total{kind} and logged per kind.
 */
export function retentionJob(ports: RetentionPorts, purges: RetentionPurge[]): JobDefinition<object> {
  const settings = ports.config.retention;
  const log = ports.logger.child({ service: 'retention' });
  const kinds = new Set<string>();
  for (const purge of purges) {
    if (kinds.has(purge.kind)) throw new Error(`two retention purges for kind ${purge.kind}`);
    kinds.add(purge.kind);
  }
  return {
    queue: RETENTION_QUEUE,
    name: RETENTION_JOB,
    repeatEveryMs: settings.intervalSeconds * 1000,
    async process(): Promise<RetentionRun> {
      if (!settings.enabled) return { enabled: false, kinds: {} };
      const run: RetentionRun = { enabled: true, kinds: {} };
      for (const purge of purges) run.kinds[purge.kind] = await purgeKind(ports, purge);
      for (const [kind, outcome] of Object.entries(run.kinds)) {
        if (outcome.error) log.warn('retention purge failed', { kind, reason: outcome.error, removed: outcome.removed });
        else if (outcome.removed > 0) log.info('retention purged', { kind, removed: outcome.removed, tables: outcome.tables, complete: outcome.complete });
      }
      const failed = Object.entries(run.kinds).filter(([, o]) => o.error);
      if (failed.length) throw new Error(`retention purge failed for ${failed.map(([kind, o]) => `${kind} (${o.error})`).join(', ')}`);
      return run;
    },
  };
}

async function purgeKind(ports: RetentionPorts, purge: RetentionPurge): Promise<KindOutcome> {
  const { batchSize, maxBatchesPerRun, batchPauseMs } = ports.config.retention;
  const outcome: KindOutcome = { days: purge.days, cutoff: null, removed: 0, tables: {}, batches: 0, complete: false };
  const days = purge.days;
  if (days === null) return { ...outcome, complete: true };
  const now = ports.clock.now();
  const cutoff = purge.cutoff ? purge.cutoff(now, days) : daysBefore(now, days);
  outcome.cutoff = cutoff.toISOString();
  // The series exists from the first run on, so a rate over it reads 0 rather than nothing.
  ports.metrics.retentionPurgedRows.inc({ kind: purge.kind }, 0);
  let after: PurgeCursor | null = null;
  try {
    while (outcome.batches < maxBatchesPerRun) {
      if (outcome.batches > 0 && batchPauseMs > 0) await sleep(batchPauseMs);
      const batch = await purge.purgeBatch(cutoff, batchSize, after);
      outcome.batches++;
      for (const [table, rows] of Object.entries(batch.removed)) {
        if (rows === 0) continue;
        outcome.tables[table] = (outcome.tables[table] ?? 0) + rows;
        outcome.removed += rows;
        ports.metrics.retentionPurgedRows.inc({ kind: purge.kind }, rows);
      }
      if (batch.next === null) {
        outcome.complete = true;
        break;
      }
      after = batch.next;
    }
  } catch (error) {
    outcome.error = (error as Error).message;
  }
  return outcome;
}
