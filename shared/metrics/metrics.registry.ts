import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The longest one scrape-time collector (queue depths, outbox, pool) may take before it is skipped for this scrape. */
export const COLLECT_TIMEOUT_MS = 2000;

/** Distinct GraphQL operation names kept as label values; later new names count as "other". */
export const MAX_OPERATION_NAMES = 100;

const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/** Seconds: from a cached REST list (~1 ms) to a slow supplier search (~10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/**
 * The process's Prometheus metrics, one registry per platform (a test process runs several stacks; the
 * global registry would mix them). Every label takes values from a bounded set: route templates, known
 * service, queue and job names, a capped set of operation names.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'safiri_http_requests_total',
    help: 'HTTP requests answered, by listener, method, route template and status',
    labelNames: ['service', 'method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'safiri_http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by listener, method, route template and status',
    labelNames: ['service', 'method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlOperations = new Counter({
    name: 'safiri_graphql_operations_total',
    help: 'GraphQL operations, by server, operation name (capped: others are "other") and outcome (ok or error)',
    labelNames: ['service', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly subgraphFetchDuration = new Histogram({
    name: 'safiri_gateway_subgraph_fetch_duration_seconds',
    help: 'Gateway calls to a subgraph, by subgraph and outcome (ok, error: GraphQL errors, failed: no answer)',
    labelNames: ['subgraph', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'safiri_job_duration_seconds',
    help: 'BullMQ job runs in this worker, by queue, job name and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'safiri_job_failures_total',
    help: 'BullMQ job runs that threw (each failed attempt), by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  readonly loginFailures = new Counter({
    name: 'safiri_login_failures_total',
    help: 'Logins refused for a wrong email or password, or a disabled account',
    registers: [this.registry],
  });

  readonly loginThrottled = new Counter({
    name: 'safiri_login_throttled_total',
    help: 'Logins refused with 429, by where: gateway (per-process shedder) or admin (the Redis throttle)',
    labelNames: ['layer'] as const,
    registers: [this.registry],
  });

  readonly searchRateLimited = new Counter({
    name: 'safiri_search_rate_limited_total',
    help: 'Searches refused with 429 SEARCH_RATE_LIMITED, by search (flight, train, bus)',
    labelNames: ['search'] as const,
    registers: [this.registry],
  });

  readonly searchRateLocalDecisions = new Counter({
    name: 'safiri_search_rate_local_decisions_total',
    help: 'Search rate decisions this process made alone because the cache Redis did not answer, by search',
    labelNames: ['search'] as const,
    registers: [this.registry],
  });

  readonly retentionPurgedRows = new Counter({
    name: 'safiri_retention_purged_rows_total',
    help: 'Rows deleted by the retention purge, by kind (outbox, access-tokens, notifications, ...; every table of the kind together)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'safiri_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, retrying, failed: retry window over, refused: destination refused by policy)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveryDuration = new Histogram({
    name: 'safiri_webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempts that reached the receiver, from connecting to its answer, by outcome (delivered or not)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly replicaReads = new Counter({
    name: 'safiri_db_replica_reads_total',
    help:
      'Lag-tolerant reads with DATABASE_REPLICA_URL set, by route: replica; or the primary because the replica failed the read (fallback), ' +
      'was unreachable a moment ago (down), is beyond DATABASE_REPLICA_MAX_LAG_SECONDS or stopped (behind), or the request or its account wrote (wrote)',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly replicaLag = new Gauge({
    name: 'safiri_db_replica_lag_seconds',
    help: 'The read replica behind the primary at its last reading (Seconds_Behind_Master), read with DATABASE_REPLICA_MAX_LAG_SECONDS set; -1: replication stopped or its status unreadable',
    registers: [this.registry],
  });

  private readonly collectFailures = new Counter({
    name: 'safiri_metrics_collect_failures_total',
    help: 'Scrape-time collectors that failed or took longer than the bound, by collector',
    labelNames: ['collector'] as const,
    registers: [this.registry],
  });

  private readonly operationNames = new Set<string>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** A bounded label value for an operation name: the first MAX_OPERATION_NAMES well-formed names, then "other". */
  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    this.operationNames.add(name);
    return name;
  }

  /**
   * A gauge filled on scrape by `read`. A read that fails or outlasts COLLECT_TIMEOUT_MS leaves the gauge without
   * samples (NaN when it has no labels) for that scrape, so no stale value passes for a fresh one, and counts in
   * safiri_metrics_collect_failures_total.
   */
  gaugeOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void>,
  ): void {
    const failures = this.collectFailures;
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const values: Array<[Partial<Record<L, string>>, number]> = [];
        this.reset();
        try {
          await withTimeout(
            read((labels, value) => values.push([labels, value])),
            COLLECT_TIMEOUT_MS,
          );
        } catch {
          failures.inc({ collector: name });
          // A gauge without labels always prints a sample: NaN says "unknown" where 0 would pass for a reading.
          if (labelNames.length === 0) this.set(NaN);
          return;
        }
        for (const [labels, value] of values) this.set(labels, value);
      },
    });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]);
}
