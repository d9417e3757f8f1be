import os from 'node:os';
import path from 'node:path';
import { readDatabaseLimits, readDatabaseUrl, type DatabaseLimitsConfig } from './database.config';
import { readLoginConfig, type LoginConfig } from './login.config';
import { readNotificationConfig, type NotificationConfig } from './notification.config';
import { readFlightConfig, type FlightConfig } from './flight.config';
import { readPaymentsConfig, type PaymentsConfig } from './payments.config';
import { readFlightSupplierConfig, type FlightSupplierConfig } from './flight-supplier.config';
import { readTrainConfig, type TrainConfig } from './train.config';
import { readWebhookConfig, type WebhookConfig } from './webhook.config';
import { readLiveConfig, type LiveConfig } from './live.config';
import { readReverseProxySettings, type ReverseProxySettings } from './reverse-proxy.config';
import { readRetentionConfig, type RetentionConfig } from './retention.config';
import { EnvReader, type Env } from './env.reader';
import { readKeyEncryptionConfig, type KeyEncryptionConfig } from './key-encryption.config';
import { readRedisTopologyAndPrefix, type RedisTopology } from './redis-topology.config';

// Each module's settings have a file of their own beside this one; they are named here too, so that a reader of the
// whole configuration finds every part through this file.
export type { DatabaseLimitsConfig } from './database.config';
export type { FlightConfig } from './flight.config';
export type { FlightSupplierConfig } from './flight-supplier.config';
export type { KeyEncryptionConfig } from './key-encryption.config';
export type { FlutterwaveConfig, PaymentsConfig } from './payments.config';
export type { LoginConfig } from './login.config';
export type { HttpChannelConfig, NotificationConfig } from './notification.config';
export type { RetentionConfig } from './retention.config';
export type { ReverseProxySettings } from './reverse-proxy.config';
export type { TrainConfig } from './train.config';
export type { WebhookConfig } from './webhook.config';
export { redact } from './env.reader';

/**
 * Every setting the platform reads from the environment, validated once at start.
 * Nothing else reads process.env: pass this object (or a part of it) down.
 */
export interface PlatformConfig {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  subgraphHost: string;
  port: number;
  subgraphPorts: Record<SubgraphName, number>;
  subgraphUrls: Record<SubgraphName, string>;
  databaseUrl: string;
  /** Statement time limits and the broad-read pool: see docs/decisions.md "No request can starve another". */
  database: DatabaseLimitsConfig;
  redisUrl: string;
  /** CACHE_REDIS_URL: the Redis for caches (search cache, offers, search rate limits); REDIS_URL unless set. */
  cacheRedisUrl: string;
  /** REDIS_CLUSTER_NODES or REDIS_SENTINELS: the servers standing for REDIS_URL's, if any (docs/operating.md, Redis). */
  redisTopology: RedisTopology;
  queuePrefix: string;
  publicBaseUrl: string;
  keysDir: string;
  /**
   * The key-encryption key of the private signing keys in the database: KEY_ENCRYPTION_KEY or KEY_ENCRYPTION_KEY_FILE,
   * the same for every replica; required in production (docs/decisions.md "Keys shared by every replica").
   */
  keyEncryption: KeyEncryptionConfig;
  logLevel: LogLevel;
  maxBodyBytes: number;
  graphqlMaxDepth: number;
  /** The cost budget of a request that sends Authorization. */
  graphqlMaxCost: number;
  /** The tighter cost budget of a request without Authorization (public lists and login only). */
  graphqlMaxCostPublic: number;
  /** Fields one operation may select once its fragments are expanded. */
  graphqlMaxSelections: number;
  graphqlMaxAliases: number;
  /** Fragment spreads one operation may make once its fragments are expanded. */
  graphqlMaxFragmentSpreads: number;
  /** Lexical tokens a document may have: a longer one is refused while parsing, before any rule runs. */
  graphqlMaxTokens: number;
  /** Reverse proxies in front of the gateway whose X-Forwarded-For entry is believed (0: the socket peer is the client). */
  trustProxy: number;
  /** CORS_ORIGINS: browser origins that may call the gateway ('*' for any); none in production until configured. */
  corsOrigins: '*' | string[];
  /** EXPLORER_ENABLED: GraphiQL at /explorer (on outside production, off in production unless enabled). */
  explorerEnabled: boolean;
  /** QUEUE_DASHBOARD_ENABLED: Bull Board at /admin/queues for ADMIN and SUDO (on outside production, off in production unless enabled). */
  queueDashboardEnabled: boolean;
  login: LoginConfig;
  searchRate: SearchRateConfig;
  /**
   * ACCESS_TOKEN_IDLE_DAYS: a token not used for this long stops working (null: tokens never lapse). Tokens carry no
   * expiry (the spec), so without this every token ever issued would have to be kept.
   */
  accessTokenIdleDays: number | null;
  outboxPollMs: number;
  /** How long a worker holds a job before BullMQ treats it as stalled (its worker died). */
  jobLockMs: number;
  recovery: RecoveryConfig;
  notifications: NotificationConfig;
  flight: FlightConfig;
  /** PAYMENTS_PROVIDER and the chosen provider's credentials (docs/decisions.md "Payment provider"). */
  payments: PaymentsConfig;
  /** FLIGHT_SUPPLIER (sandbox unless set) and, for duffel, its token and API URL: docs/decisions.md "Duffel adapter". */
  flightSupplier: FlightSupplierConfig;
  train: TrainConfig;
  webhooks: WebhookConfig;
  live: LiveConfig;
  reverseProxy: ReverseProxySettings;
  metrics: MetricsConfig;
  /** WORKER_PORT: the worker role's small listener for /livez, /readyz and /metrics. */
  workerPort: number;
  retention: RetentionConfig;
}

/** Where GET /metrics is served: see docs/operating.md "Metrics" and docs/decisions.md "Metrics and health". */
export interface MetricsConfig {
  /** METRICS_TOKEN: when set, /metrics answers on every listener to `Authorization: Bearer <token>` only. */
  token: string | null;
  /** METRICS_PORT: a separate listener for /metrics (null: none). */
  port: number | null;
  /** METRICS_HOST: the address that listener binds (SUBGRAPH_HOST unless set). */
  host: string;
}

/** The per-account limit on searches (flight, train, bus): see docs/decisions.md "Bounded Redis". */
export interface SearchRateConfig {
  /** SEARCH_RATE_PER_SECOND: the sustained rate one account may search at; 0 turns the limit off. */
  perSecond: number;
  /** SEARCH_RATE_BURST: searches one account may make at once after a quiet spell. */
  burst: number;
}

/** The repeatable job that finishes bookings a crash left half done (docs/decisions.md "Recovery without the client"). */
export interface RecoveryConfig {
  /** How often the recovery job looks. */
  intervalSeconds: number;
  /** A booking must have been still this long, past any lease on it, before recovery takes it over. */
  staleSeconds: number;
  /** Recovery tries one booking at most this often; then it is left for an operator, with an error log line. */
  maxAttempts: number;
  /** How long one caller may drive a flight issuance at the supplier before another may take over. */
  issuanceLeaseSeconds: number;
  /** How long one caller may drive a flight cancellation at the supplier before another (or recovery) may take over. */
  cancellationLeaseSeconds: number;
}

export const SUBGRAPH_NAMES = ['flight', 'train', 'bus', 'admin'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_SUBGRAPH_PORTS: Record<SubgraphName, number> = { flight: 4001, train: 4002, bus: 4003, admin: 4004 };

/**
 * Reads and validates the environment; throws ConfigError naming every bad value at once. Each step reads its
 * variables in the order the problems are listed, so the steps run in this order.
 */
export function loadConfig(env: Env = process.env): PlatformConfig {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'test', 'production'] as const, 'development');
  const production = nodeEnv === 'production';
  const listeners = readListeners(read);
  const stores = readStores(read, env, production, problems, listeners.port);
  const graphqlMaxCost = read.integer('GRAPHQL_MAX_COST', 20_000, 10, 10_000_000);
  const config: PlatformConfig = {
    nodeEnv,
    ...listeners,
    ...stores,
    keyEncryption: readKeyEncryptionConfig(read, production, stores.keysDir, problems),
    database: readDatabaseLimits(read, problems),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'warn' : 'info'),
    maxBodyBytes: read.integer('MAX_BODY_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    ...readGraphqlLimits(read, graphqlMaxCost),
    ...readHttpEdge(read, production, problems),
    login: readLoginConfig(read),
    searchRate: {
      perSecond: read.decimal('SEARCH_RATE_PER_SECOND', 10, 0, 100_000),
      burst: read.integer('SEARCH_RATE_BURST', 50, 1, 1_000_000),
    },
    accessTokenIdleDays: read.integer('ACCESS_TOKEN_IDLE_DAYS', 90, 0, 3650) || null,
    outboxPollMs: read.integer('OUTBOX_POLL_MS', 250, 10, 60_000),
    jobLockMs: read.integer('JOB_LOCK_MS', 30_000, 500, 600_000),
    recovery: readRecoveryConfig(read),
    notifications: readNotificationConfig(read, production, problems),
    flight: readFlightConfig(read),
    payments: readPaymentsConfig(read, stores.publicBaseUrl, problems),
    flightSupplier: readFlightSupplierConfig(read, problems),
    train: readTrainConfig(read, production, problems),
    webhooks: readWebhookConfig(read, production, problems),
    live: readLiveConfig(read),
    reverseProxy: readReverseProxySettings(read, problems),
    metrics: readMetricsConfig(read, listeners.subgraphHost),
    workerPort: read.port('WORKER_PORT', 4005),
    retention: readRetentionConfig(read),
  };
  checkAcrossSettings(config, problems);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

type Listeners = Pick<PlatformConfig, 'port' | 'subgraphPorts' | 'host' | 'subgraphHost' | 'subgraphUrls'>;

/** The gateway's and each subgraph's port and address, and the URL the gateway calls each subgraph at. */
function readListeners(read: EnvReader): Listeners {
  const port = read.port('PORT', 4000);
  const subgraphPorts = {} as Record<SubgraphName, number>;
  for (const name of SUBGRAPH_NAMES) {
    subgraphPorts[name] = read.port(`${name.toUpperCase()}_PORT`, DEFAULT_SUBGRAPH_PORTS[name]);
  }
  const host = read.string('HOST', '0.0.0.0');
  const subgraphHost = read.string('SUBGRAPH_HOST', '127.0.0.1');
  const subgraphUrls = {} as Record<SubgraphName, string>;
  for (const name of SUBGRAPH_NAMES) {
    const local = subgraphHost === '0.0.0.0' ? '127.0.0.1' : subgraphHost;
    subgraphUrls[name] = read.url(`${name.toUpperCase()}_URL`, `http://${local}:${subgraphPorts[name]}/graphql`, ['http:', 'https:']);
  }
  return { port, subgraphPorts, host, subgraphHost, subgraphUrls };
}

type Stores = Pick<PlatformConfig, 'databaseUrl' | 'redisUrl' | 'cacheRedisUrl' | 'redisTopology' | 'queuePrefix' | 'publicBaseUrl' | 'keysDir'>;

/** Where data lives: the database, the two Redis, the queue prefix, the signing keys, and the public base URL. */
function readStores(read: EnvReader, env: Env, production: boolean, problems: string[], port: number): Stores {
  const databaseUrl = readDatabaseUrl(read, env, production, problems);
  const redisUrl = read.url('REDIS_URL', production ? undefined : 'redis://127.0.0.1:6379', ['redis:', 'rediss:']);
  return {
    databaseUrl,
    redisUrl,
    cacheRedisUrl: read.optionalUrl('CACHE_REDIS_URL', ['redis:', 'rediss:']) ?? redisUrl,
    ...readRedisTopologyAndPrefix(read, problems),
    publicBaseUrl: read.url('PUBLIC_BASE_URL', production ? undefined : `http://localhost:${port}`, ['http:', 'https:']).replace(/\/+$/, ''),
    keysDir: path.resolve(read.string('KEYS_DIR', path.join(os.homedir(), '.safiri', 'keys'))),
  };
}

type GraphqlLimits = Pick<
  PlatformConfig,
  | 'graphqlMaxDepth'
  | 'graphqlMaxCost'
  | 'graphqlMaxCostPublic'
  | 'graphqlMaxSelections'
  | 'graphqlMaxAliases'
  | 'graphqlMaxFragmentSpreads'
  | 'graphqlMaxTokens'
>;

/** What one GraphQL document may ask for (docs/decisions.md "No request can starve another"). */
function readGraphqlLimits(read: EnvReader, graphqlMaxCost: number): GraphqlLimits {
  return {
    graphqlMaxDepth: read.integer('GRAPHQL_MAX_DEPTH', 12, 2, 100),
    graphqlMaxCost,
    graphqlMaxCostPublic: read.integer('GRAPHQL_MAX_COST_PUBLIC', Math.min(10_000, graphqlMaxCost), 10, 10_000_000),
    graphqlMaxSelections: read.integer('GRAPHQL_MAX_SELECTIONS', 500, 10, 100_000),
    graphqlMaxAliases: read.integer('GRAPHQL_MAX_ALIASES', 30, 0, 10_000),
    graphqlMaxFragmentSpreads: read.integer('GRAPHQL_MAX_FRAGMENT_SPREADS', 100, 0, 10_000),
    graphqlMaxTokens: read.integer('GRAPHQL_MAX_TOKENS', 5000, 100, 1_000_000),
  };
}

type HttpEdge = Pick<PlatformConfig, 'trustProxy' | 'explorerEnabled' | 'queueDashboardEnabled' | 'corsOrigins'>;

/** What the gateway's edge believes and serves: proxies, browser origins, the explorer and the queue dashboard. */
function readHttpEdge(read: EnvReader, production: boolean, problems: string[]): HttpEdge {
  return {
    trustProxy: read.integer('TRUST_PROXY', 0, 0, 10),
    explorerEnabled: read.oneOf('EXPLORER_ENABLED', ['true', 'false'] as const, production ? 'false' : 'true') === 'true',
    queueDashboardEnabled: read.oneOf('QUEUE_DASHBOARD_ENABLED', ['true', 'false'] as const, production ? 'false' : 'true') === 'true',
    corsOrigins: readCorsOrigins(read.string('CORS_ORIGINS', production ? '' : '*'), problems),
  };
}

function readRecoveryConfig(read: EnvReader): RecoveryConfig {
  return {
    intervalSeconds: read.integer('RECOVERY_INTERVAL_SECONDS', 60, 1, 3600),
    staleSeconds: read.integer('RECOVERY_STALE_SECONDS', 120, 1, 86_400),
    maxAttempts: read.integer('RECOVERY_MAX_ATTEMPTS', 10, 1, 1000),
    issuanceLeaseSeconds: read.integer('FLIGHT_ISSUANCE_LEASE_SECONDS', 60, 1, 3600),
    cancellationLeaseSeconds: read.integer('FLIGHT_CANCELLATION_LEASE_SECONDS', 60, 1, 3600),
  };
}

function readMetricsConfig(read: EnvReader, subgraphHost: string): MetricsConfig {
  return {
    token: read.optionalString('METRICS_TOKEN'),
    port: read.optionalString('METRICS_PORT') === null ? null : read.port('METRICS_PORT', 0),
    host: read.string('METRICS_HOST', subgraphHost),
  };
}

/** The rules that tie settings to each other, checked once every setting is read. */
function checkAcrossSettings(config: PlatformConfig, problems: string[]): void {
  // A guessable token would publish the platform's internals: ask for a real secret.
  if (config.metrics.token !== null && !/^[\x21-\x7e]{24,256}$/.test(config.metrics.token)) {
    problems.push('METRICS_TOKEN must be 24 to 256 visible ASCII characters without spaces (e.g. `openssl rand -hex 24`)');
  }
  const taken = new Map<number, string>([
    [config.port, 'PORT'],
    [config.workerPort, 'WORKER_PORT'],
  ]);
  for (const name of SUBGRAPH_NAMES) taken.set(config.subgraphPorts[name], `${name.toUpperCase()}_PORT`);
  if (config.metrics.port !== null && config.metrics.port !== 0 && taken.has(config.metrics.port)) {
    problems.push(`METRICS_PORT (${config.metrics.port}) must differ from ${taken.get(config.metrics.port)}: the metrics listener is a separate, internal one`);
  }
  // A token-less request must never get more than an authenticated one.
  if (config.graphqlMaxCostPublic > config.graphqlMaxCost) {
    problems.push(`GRAPHQL_MAX_COST_PUBLIC (${config.graphqlMaxCostPublic}) must not exceed GRAPHQL_MAX_COST (${config.graphqlMaxCost})`);
  }
}

/** `*`, or comma-separated origins such as https://app.safiri.co.tz (scheme, host and port; no path). */
function readCorsOrigins(value: string, problems: string[]): '*' | string[] {
  if (value.trim() === '*') return '*';
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      problems.push(`CORS_ORIGINS must be * or comma-separated origins like https://app.example.com (got "${item}")`);
    } else origins.push(url.origin);
  }
  return origins;
}
