import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  queuePrefix: string;
  publicBaseUrl: string;
  keysDir: string;
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
  train: TrainConfig;
  reverseProxy: ReverseProxySettings;
  metrics: MetricsConfig;
  /** WORKER_PORT: the worker role's small listener for /livez, /readyz and /metrics. */
  workerPort: number;
  retention: RetentionConfig;
}

/**
 * The recurring purge of rows that only grow (docs/operating.md "Retention", docs/decisions.md "Retention"). A kind's days are
 * how long a row is kept once nothing can need it any more; null: that kind is never purged.
 */
export interface RetentionConfig {
  /** RETENTION_ENABLED: false keeps every row (the job still runs and says so). */
  enabled: boolean;
  intervalSeconds: number;
  /** Rows one statement deletes at most, so no statement holds locks for long. */
  batchSize: number;
  /** Batches per kind and run; the next run continues where this one stopped. */
  maxBatchesPerRun: number;
  /** Pause between two batches, so the purge leaves room to the requests and jobs that write the same tables. */
  batchPauseMs: number;
  /** Relayed outbox rows, after their relay. */
  outboxDays: number | null;
  /** Access tokens, after they stopped working (revoked, key retired, or idle past ACCESS_TOKEN_IDLE_DAYS). */
  accessTokenDays: number | null;
  /** Released and captured wallet holds, after they were settled. */
  walletHoldDays: number | null;
  /** Notifications with their deliveries and attempts, once settled and the booking can cause no more messages. */
  notificationDays: number | null;
  /** SGR seat holds of ours, after they lapsed or were released. */
  trainSeatHoldDays: number | null;
  /** The sandbox supplier simulators' own tables, after what they hold can no longer be travelled or asked about. */
  sandboxDays: number | null;
}

/** How long one statement may run, and the separate pool of the broad searches (ticket lookup, notification log). */
export interface DatabaseLimitsConfig {
  /** DATABASE_STATEMENT_TIMEOUT_MS: the server stops a statement sent while serving a request after this long. */
  statementTimeoutMs: number;
  /** DATABASE_JOB_STATEMENT_TIMEOUT_MS: the same for a statement of a background job; 0 leaves the server's own setting. */
  jobStatementTimeoutMs: number;
  /** DATABASE_BROAD_READ_POOL_SIZE: connections of the broad-read pool, so that many broad searches run at once at most. */
  broadReadPoolSize: number;
  /** DATABASE_BROAD_READ_QUEUE: broad searches that may wait for one of those connections; beyond them 503 SEARCH_BUSY. */
  broadReadQueue: number;
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

/** Login throttling: see docs/decisions.md, "Login throttling". */
export interface LoginConfig {
  /** Failed logins for one email from one client address within failureWindowSeconds before 429. */
  maxFailures: number;
  failureWindowSeconds: number;
  /** Failed logins from one client address, whatever the email, within addressFailureWindowSeconds before 429. */
  addressMaxFailures: number;
  addressFailureWindowSeconds: number;
  /** Login attempts from one client address within addressAttemptWindowSeconds; refused before any hashing. */
  addressMaxAttempts: number;
  addressAttemptWindowSeconds: number;
  /** Password checks running at once in one process; more wait in a queue of at most hashQueue, beyond it 503. */
  hashConcurrency: number;
  hashQueue: number;
}

export interface ReverseProxySettings {
  /** The git repository holding the tenant server blocks (initialised on first start when absent or empty). */
  repoPath: string;
  /** The nginx upstream the tenant blocks proxy to; the host's nginx.conf defines it (verification defines a stand-in). */
  upstream: string;
  /** `simulated` (default, deterministic) or `dns` (node:dns lookups against dnsTargets). */
  dnsVerifier: 'simulated' | 'dns';
  /** Addresses or host names a tenant name must resolve (or CNAME) to, for the `dns` verifier. */
  dnsTargets: string[];
  /** Shown as the domain record's `server` when set: the proxy host that serves the tenants. */
  serverName: string | null;
  /** How long a write waits for the repository lock held by another writer before answering 503. */
  lockTimeoutSeconds: number;
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
}

export interface TrainConfig {
  /** Display currencies always given in train prices' otherCurrencies (fares are TZS). */
  otherCurrencies: string[];
  /** A look-ahead date that takes longer counts as not checkable (INCOMPLETE). */
  lookAheadTimeoutMs: number;
  /** A seat hold lapses after this long unless a reservation uses it. */
  holdLifetimeSeconds: number;
  /** Active holds one account may keep at once, so nobody can hold a whole train. */
  maxActiveHoldsPerAccount: number;
  /** The customer payment window after a reservation; the spec caps it at 25 minutes. */
  paymentWindowMinutes: number;
  /** The payment window always ends at least this long before the provider's bill expiry. */
  providerExpiryMarginSeconds: number;
  /** A reservation whose provider answer was lost is reconciled in the background this long after, unless a retry did it. */
  reconcileDelaySeconds: number;
  /** Runs of that reconciliation in all; after the last one fails the reservation stays PENDING flagged for an operator. */
  reconcileAttempts: number;
  /** Backoff before the reconciliation's second run, doubling for each later one. */
  reconcileBackoffMs: number;
  /** Sent to the provider instead of an international phone (it takes Tanzanian mobiles only); 9 digits, no leading zero. */
  localFallbackPhone: string;
  /** Agent issuance callbacks may go to private, loopback or link-local addresses (and plain http): tests only. */
  callbackAllowPrivate: boolean;
  /** Owner password of the SGR ticket PDFs (editing locked, opening free); required in production. */
  ticketPdfOwnerPassword: string;
  /** Currencies an online train reservation may be paid in (quotes are frozen per currency); TZS, the fare currency, is always one. */
  paymentCurrencies: string[];
  /** How long a staff resend (send-notification) waits for its deliveries before answering with what it has. */
  resendWaitMs: number;
}

export interface FlightConfig {
  /** How long a search offer may be reviewed and reserved (the offer's expiresAt). */
  offerTtlSeconds: number;
  /** How long an unpaid reservation may be purchased (paymentDeadlineAt). */
  paymentWindowSeconds: number;
  /** Identical supplier searches within this time are answered from the search cache. */
  searchCacheSeconds: number;
  /** A look-ahead date that takes longer counts as failed (INCOMPLETE), not as empty. */
  lookAheadTimeoutMs: number;
  /** Display currencies always offered in otherCurrencies. */
  otherCurrencies: string[];
}

export interface HttpChannelConfig {
  url: string;
  token: string | null;
}

export interface NotificationConfig {
  /** Where the local sinks keep messages for inspection: email/*.eml, sms|whatsapp|push/*.json. */
  sinkDir: string;
  /** nodemailer transport URL; null sends email to the local sink. */
  smtpUrl: string | null;
  mailFrom: string;
  sms: HttpChannelConfig | null;
  whatsapp: HttpChannelConfig | null;
  push: HttpChannelConfig | null;
  httpTimeoutMs: number;
  /** Attempts per delivery, with exponential backoff from backoffMs, before it is FAILED. */
  maxAttempts: number;
  backoffMs: number;
  /** An unpaid reservation's reminder goes out this long before its payment deadline. */
  reminderLeadSeconds: number;
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

type Env = Record<string, string | undefined>;

const DEFAULT_SUBGRAPH_PORTS: Record<SubgraphName, number> = { flight: 4001, train: 4002, bus: 4003, admin: 4004 };

/** Reads and validates the environment; throws ConfigError naming every bad value at once. */
export function loadConfig(env: Env = process.env): PlatformConfig {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'test', 'production'] as const, 'development');
  const production = nodeEnv === 'production';
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

  const databaseUrl = readDatabaseUrl(read, env, production, problems);
  const redisUrl = read.url('REDIS_URL', production ? undefined : 'redis://127.0.0.1:6379', ['redis:', 'rediss:']);
  const cacheRedisUrl = read.optionalUrl('CACHE_REDIS_URL', ['redis:', 'rediss:']) ?? redisUrl;
  const queuePrefix = read.pattern('QUEUE_PREFIX', 'safiri', /^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, "_", "." or "-", at most 64');
  const publicBaseUrl = read.url('PUBLIC_BASE_URL', production ? undefined : `http://localhost:${port}`, ['http:', 'https:']).replace(/\/+$/, '');
  const keysDir = path.resolve(read.string('KEYS_DIR', path.join(os.homedir(), '.safiri', 'keys')));
  const graphqlMaxCost = read.integer('GRAPHQL_MAX_COST', 20_000, 10, 10_000_000);

  const config: PlatformConfig = {
    nodeEnv,
    host,
    subgraphHost,
    port,
    subgraphPorts,
    subgraphUrls,
    databaseUrl,
    database: {
      statementTimeoutMs: read.integer('DATABASE_STATEMENT_TIMEOUT_MS', 5000, 100, 300_000),
      jobStatementTimeoutMs: read.integer('DATABASE_JOB_STATEMENT_TIMEOUT_MS', 60_000, 0, 3_600_000),
      broadReadPoolSize: read.integer('DATABASE_BROAD_READ_POOL_SIZE', 2, 1, 50),
      broadReadQueue: read.integer('DATABASE_BROAD_READ_QUEUE', 16, 0, 1000),
    },
    redisUrl,
    cacheRedisUrl,
    queuePrefix,
    publicBaseUrl,
    keysDir,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'warn' : 'info'),
    maxBodyBytes: read.integer('MAX_BODY_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    graphqlMaxDepth: read.integer('GRAPHQL_MAX_DEPTH', 12, 2, 100),
    graphqlMaxCost,
    graphqlMaxCostPublic: read.integer('GRAPHQL_MAX_COST_PUBLIC', Math.min(10_000, graphqlMaxCost), 10, 10_000_000),
    graphqlMaxSelections: read.integer('GRAPHQL_MAX_SELECTIONS', 500, 10, 100_000),
    graphqlMaxAliases: read.integer('GRAPHQL_MAX_ALIASES', 30, 0, 10_000),
    graphqlMaxFragmentSpreads: read.integer('GRAPHQL_MAX_FRAGMENT_SPREADS', 100, 0, 10_000),
    graphqlMaxTokens: read.integer('GRAPHQL_MAX_TOKENS', 5000, 100, 1_000_000),
    trustProxy: read.integer('TRUST_PROXY', 0, 0, 10),
    explorerEnabled: read.oneOf('EXPLORER_ENABLED', ['true', 'false'] as const, production ? 'false' : 'true') === 'true',
    queueDashboardEnabled: read.oneOf('QUEUE_DASHBOARD_ENABLED', ['true', 'false'] as const, production ? 'false' : 'true') === 'true',
    corsOrigins: readCorsOrigins(read.string('CORS_ORIGINS', production ? '' : '*'), problems),
    login: readLoginConfig(read),
    searchRate: {
      perSecond: read.decimal('SEARCH_RATE_PER_SECOND', 10, 0, 100_000),
      burst: read.integer('SEARCH_RATE_BURST', 50, 1, 1_000_000),
    },
    accessTokenIdleDays: read.integer('ACCESS_TOKEN_IDLE_DAYS', 90, 0, 3650) || null,
    outboxPollMs: read.integer('OUTBOX_POLL_MS', 250, 10, 60_000),
    jobLockMs: read.integer('JOB_LOCK_MS', 30_000, 500, 600_000),
    recovery: {
      intervalSeconds: read.integer('RECOVERY_INTERVAL_SECONDS', 60, 1, 3600),
      staleSeconds: read.integer('RECOVERY_STALE_SECONDS', 120, 1, 86_400),
      maxAttempts: read.integer('RECOVERY_MAX_ATTEMPTS', 10, 1, 1000),
      issuanceLeaseSeconds: read.integer('FLIGHT_ISSUANCE_LEASE_SECONDS', 60, 1, 3600),
    },
    notifications: readNotificationConfig(read, production, problems),
    flight: {
      offerTtlSeconds: read.integer('OFFER_TTL_SECONDS', 1800, 10, 86_400),
      paymentWindowSeconds: read.integer('FLIGHT_PAYMENT_WINDOW_SECONDS', 3600, 60, 7 * 86_400),
      searchCacheSeconds: read.integer('FLIGHT_SEARCH_CACHE_SECONDS', 60, 0, 3600),
      lookAheadTimeoutMs: read.integer('FLIGHT_LOOKAHEAD_TIMEOUT_MS', 5000, 50, 60_000),
      otherCurrencies: read
        .pattern('FLIGHT_OTHER_CURRENCIES', 'USD,TZS,KES,UGX,EUR', /^[A-Z]{3}(,[A-Z]{3})*$/, 'comma-separated ISO 4217 codes, e.g. USD,TZS')
        .split(','),
    },
    train: {
      otherCurrencies: read
        .pattern('TRAIN_OTHER_CURRENCIES', 'USD,KES,UGX,EUR', /^[A-Z]{3}(,[A-Z]{3})*$/, 'comma-separated ISO 4217 codes, e.g. USD,KES')
        .split(','),
      lookAheadTimeoutMs: read.integer('TRAIN_LOOKAHEAD_TIMEOUT_MS', 5000, 50, 60_000),
      holdLifetimeSeconds: read.integer('SGR_HOLD_LIFETIME_SECONDS', 900, 10, 3600),
      maxActiveHoldsPerAccount: read.integer('SGR_MAX_ACTIVE_HOLDS', 10, 1, 200),
      paymentWindowMinutes: read.integer('SGR_PAYMENT_WINDOW_MINUTES', 25, 1, 25),
      providerExpiryMarginSeconds: read.integer('SGR_PROVIDER_EXPIRY_MARGIN_SECONDS', 120, 0, 3600),
      reconcileDelaySeconds: read.integer('SGR_RECONCILE_DELAY_SECONDS', 30, 0, 3600),
      // 8 runs 10 s apart and doubling: the last about 21 minutes after the first, inside the 25-minute payment window.
      reconcileAttempts: read.integer('SGR_RECONCILE_ATTEMPTS', 8, 1, 20),
      reconcileBackoffMs: read.integer('SGR_RECONCILE_BACKOFF_MS', 10_000, 10, 600_000),
      // The provider accepts mobile numbers only (9 digits starting 6 or 7), so the fallback must be one.
      localFallbackPhone: read.pattern(
        'SGR_LOCAL_FALLBACK_PHONE',
        '620000000',
        /^[67]\d{8}$/,
        '9 digits starting 6 or 7 (national format without the leading zero)',
      ),
      callbackAllowPrivate: read.oneOf('SGR_CALLBACK_ALLOW_PRIVATE', ['true', 'false'] as const, 'false') === 'true',
      // A secret: no silent default in production.
      ticketPdfOwnerPassword: production
        ? read.optionalString('SGR_TICKET_PDF_OWNER_PASSWORD') || (problems.push('SGR_TICKET_PDF_OWNER_PASSWORD is required when NODE_ENV=production'), '')
        : read.string('SGR_TICKET_PDF_OWNER_PASSWORD', 'safiri-dev-ticket-owner'),
      paymentCurrencies: [
        ...new Set([
          'TZS',
          ...read
            .pattern('SGR_PAYMENT_CURRENCIES', 'TZS,KES,UGX,RWF,USD,EUR,GBP', /^[A-Z]{3}(,[A-Z]{3})*$/, 'comma-separated ISO 4217 codes, e.g. TZS,KES,USD')
            .split(','),
        ]),
      ],
      resendWaitMs: read.integer('SGR_RESEND_WAIT_MS', 10_000, 0, 60_000),
    },
    reverseProxy: readReverseProxySettings(read, problems),
    metrics: {
      token: read.optionalString('METRICS_TOKEN'),
      port: read.optionalString('METRICS_PORT') === null ? null : read.port('METRICS_PORT', 0),
      host: read.string('METRICS_HOST', subgraphHost),
    },
    workerPort: read.port('WORKER_PORT', 4005),
    retention: readRetentionConfig(read),
  };
  // A guessable token would publish the platform's internals: ask for a real secret.
  if (config.metrics.token !== null && !/^[\x21-\x7e]{24,256}$/.test(config.metrics.token)) {
    problems.push('METRICS_TOKEN must be 24 to 256 visible ASCII characters without spaces (e.g. `openssl rand -hex 24`)');
  }
  const taken = new Map<number, string>([
    [port, 'PORT'],
    [config.workerPort, 'WORKER_PORT'],
  ]);
  for (const name of SUBGRAPH_NAMES) taken.set(subgraphPorts[name], `${name.toUpperCase()}_PORT`);
  if (config.metrics.port !== null && config.metrics.port !== 0 && taken.has(config.metrics.port)) {
    problems.push(`METRICS_PORT (${config.metrics.port}) must differ from ${taken.get(config.metrics.port)}: the metrics listener is a separate, internal one`);
  }
  // A token-less request must never get more than an authenticated one.
  if (config.graphqlMaxCostPublic > config.graphqlMaxCost) {
    problems.push(`GRAPHQL_MAX_COST_PUBLIC (${config.graphqlMaxCostPublic}) must not exceed GRAPHQL_MAX_COST (${config.graphqlMaxCost})`);
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

const DATABASE_PARTS = ['DATABASE_HOST', 'DATABASE_PORT', 'DATABASE_NAME', 'DATABASE_USER', 'DATABASE_PASSWORD', 'DATABASE_PASSWORD_FILE'];

/**
 * DATABASE_URL, or the same connection in parts (DATABASE_HOST, _PORT, _NAME, _USER and _PASSWORD or _PASSWORD_FILE)
 * so that a password can come from a Docker secret instead of sitting in a URL. One or the other, never both.
 * The parts are joined into a URL (encoded) for the drivers; printing it goes through redact().
 */
function readDatabaseUrl(read: EnvReader, env: Env, production: boolean, problems: string[]): string {
  const parts = DATABASE_PARTS.filter((name) => (name === 'DATABASE_PASSWORD' ? !!env[name] : read.optionalString(name) !== null));
  if (parts.length === 0) {
    // The database URL carries a password in production: no silent default there.
    const url = read.url('DATABASE_URL', production ? undefined : 'mysql://root@127.0.0.1:3306/safiri', ['mysql:', 'mariadb:']);
    if (url && !new URL(url).pathname.replace(/^\//, '')) {
      problems.push(`DATABASE_URL must name a database, e.g. mysql://user:pass@host:3306/safiri (got "${redact(url)}")`);
    }
    return url;
  }
  if (read.optionalString('DATABASE_URL') !== null) {
    problems.push(`DATABASE_URL and ${parts.join(', ')} are both set: give the connection one way only`);
    return '';
  }
  const host = read.pattern('DATABASE_HOST', '', /^[A-Za-z0-9.-]{1,253}$|^\[[0-9A-Fa-f:.]+\]$/, 'a host name or address');
  if (!host) problems.push('DATABASE_HOST is required when the connection is given in parts (DATABASE_USER, ...)');
  const dbPort = read.port('DATABASE_PORT', 3306);
  const name = read.pattern('DATABASE_NAME', 'safiri', /^[A-Za-z0-9_]{1,64}$/, 'letters, digits or "_" (at most 64)');
  const user = read.optionalString('DATABASE_USER');
  if (!user) problems.push('DATABASE_USER is required when the connection is given in parts (DATABASE_HOST, ...)');
  // Taken as given, untrimmed: spaces around a password are part of it.
  let password = env.DATABASE_PASSWORD ? env.DATABASE_PASSWORD : null;
  const passwordFile = read.optionalString('DATABASE_PASSWORD_FILE');
  if (password !== null && passwordFile !== null) problems.push('DATABASE_PASSWORD and DATABASE_PASSWORD_FILE are both set: give the password one way only');
  else if (passwordFile !== null) {
    try {
      // A secret file ends with a newline more often than not; a password never does.
      password = readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`DATABASE_PASSWORD_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ${passwordFile}`);
    }
  }
  if (production && !password) problems.push('DATABASE_PASSWORD or DATABASE_PASSWORD_FILE is required when NODE_ENV=production');
  if (!host || !user) return '';
  const credentials = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
  return `mysql://${credentials}@${host}:${dbPort}/${name}`;
}

function readLoginConfig(read: EnvReader): LoginConfig {
  return {
    maxFailures: read.integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
    failureWindowSeconds: read.integer('LOGIN_FAILURE_WINDOW_SECONDS', 900, 1, 86_400),
    addressMaxFailures: read.integer('LOGIN_ADDRESS_MAX_FAILURES', 20, 1, 100_000),
    addressFailureWindowSeconds: read.integer('LOGIN_ADDRESS_FAILURE_WINDOW_SECONDS', 3600, 1, 86_400),
    addressMaxAttempts: read.integer('LOGIN_ADDRESS_MAX_ATTEMPTS', 60, 1, 100_000),
    addressAttemptWindowSeconds: read.integer('LOGIN_ADDRESS_ATTEMPT_WINDOW_SECONDS', 60, 1, 86_400),
    // Half the cores: a login spray can then take at most half the CPU, and leaves libuv threads
    // (4 by default, shared with file and DNS work) to everything else.
    hashConcurrency: read.integer('LOGIN_HASH_CONCURRENCY', Math.max(1, Math.floor(os.availableParallelism() / 2)), 1, 64),
    hashQueue: read.integer('LOGIN_HASH_QUEUE', 64, 0, 10_000),
  };
}

/** Days 0 turn a kind's purge off; otherwise at least a day, at most ten years. */
function readRetentionConfig(read: EnvReader): RetentionConfig {
  const days = (name: string, fallback: number) => read.integer(name, fallback, 0, 3650) || null;
  return {
    enabled: read.oneOf('RETENTION_ENABLED', ['true', 'false'] as const, 'true') === 'true',
    intervalSeconds: read.integer('RETENTION_INTERVAL_SECONDS', 600, 10, 86_400),
    batchSize: read.integer('RETENTION_BATCH_SIZE', 1000, 1, 10_000),
    maxBatchesPerRun: read.integer('RETENTION_MAX_BATCHES', 10, 1, 1000),
    batchPauseMs: read.integer('RETENTION_BATCH_PAUSE_MS', 50, 0, 10_000),
    outboxDays: days('RETENTION_OUTBOX_DAYS', 30),
    accessTokenDays: days('RETENTION_ACCESS_TOKEN_DAYS', 30),
    walletHoldDays: days('RETENTION_WALLET_HOLD_DAYS', 90),
    notificationDays: days('RETENTION_NOTIFICATION_DAYS', 90),
    trainSeatHoldDays: days('RETENTION_TRAIN_SEAT_HOLD_DAYS', 30),
    sandboxDays: days('RETENTION_SANDBOX_DAYS', 30),
  };
}

function readReverseProxySettings(read: EnvReader, problems: string[]): ReverseProxySettings {
  const dnsVerifier = read.oneOf('REVERSE_PROXY_DNS_VERIFIER', ['simulated', 'dns'] as const, 'simulated');
  const targets = read.optionalString('REVERSE_PROXY_DNS_TARGETS');
  const dnsTargets = targets
    ? targets
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean)
    : [];
  // Real lookups without targets would mark every tenant unverified: say so at start instead.
  if (dnsVerifier === 'dns' && dnsTargets.length === 0) {
    problems.push('REVERSE_PROXY_DNS_TARGETS is required when REVERSE_PROXY_DNS_VERIFIER=dns (comma-separated addresses or host names of the proxy)');
  }
  return {
    repoPath: path.resolve(read.string('REVERSE_PROXY_REPO', path.join('var', 'reverse-proxy'))),
    // Interpolated into nginx config: a bare upstream name only, nothing that could end a directive.
    upstream: read.pattern('REVERSE_PROXY_UPSTREAM', 'safiri_gateway', /^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'an nginx upstream name (letters, digits, "_")'),
    dnsVerifier,
    dnsTargets,
    serverName: read.optionalString('REVERSE_PROXY_SERVER_NAME'),
    lockTimeoutSeconds: read.integer('REVERSE_PROXY_LOCK_TIMEOUT_SECONDS', 10, 1, 300),
  };
}

function readNotificationConfig(read: EnvReader, production: boolean, problems: string[]): NotificationConfig {
  const smtpUrl = read.optionalUrl('SMTP_URL', ['smtp:', 'smtps:']);
  const httpChannel = (prefix: string): HttpChannelConfig | null => {
    const url = read.optionalUrl(`${prefix}_API_URL`, ['http:', 'https:']);
    return url ? { url, token: read.optionalString(`${prefix}_API_TOKEN`) } : null;
  };
  const config: NotificationConfig = {
    sinkDir: path.resolve(read.string('NOTIFICATION_SINK_DIR', path.join('var', 'notifications'))),
    smtpUrl,
    mailFrom: read.string('MAIL_FROM', 'Safiri <no-reply@safiri.example>'),
    sms: httpChannel('SMS'),
    whatsapp: httpChannel('WHATSAPP'),
    push: httpChannel('PUSH'),
    httpTimeoutMs: read.integer('NOTIFICATION_HTTP_TIMEOUT_MS', 10_000, 100, 120_000),
    maxAttempts: read.integer('NOTIFICATION_MAX_ATTEMPTS', 6, 1, 50),
    backoffMs: read.integer('NOTIFICATION_BACKOFF_MS', 5_000, 1, 3_600_000),
    reminderLeadSeconds: read.integer('UNPAID_REMINDER_LEAD_SECONDS', 600, 1, 7 * 86_400),
  };
  // In production a channel left on the local sink would silently drop customer messages.
  if (production && read.oneOf('NOTIFICATION_SINK_ALLOWED', ['true', 'false'] as const, 'false') !== 'true') {
    const missing = [
      !config.smtpUrl && 'SMTP_URL',
      !config.sms && 'SMS_API_URL',
      !config.whatsapp && 'WHATSAPP_API_URL',
      !config.push && 'PUSH_API_URL',
    ].filter(Boolean);
    if (missing.length) {
      problems.push(
        `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required when NODE_ENV=production (or set NOTIFICATION_SINK_ALLOWED=true to keep messages in the local sink)`,
      );
    }
  }
  return config;
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  optionalString(name: string): string | null {
    return this.raw(name) ?? null;
  }

  optionalUrl(name: string, protocols: string[]): string | null {
    return this.raw(name) === undefined ? null : this.url(name, undefined, protocols) || null;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  /** A non-negative number with an optional fraction (a rate such as 0.5). */
  decimal(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d{1,9}(\.\d{1,9})?$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max}, a fraction allowed (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  port(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) > 65535) {
      this.problems.push(`${name} must be a TCP port from 0 to 65535 (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  pattern(name: string, fallback: string, re: RegExp, what: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!re.test(value)) {
      this.problems.push(`${name} must be ${what} (got "${value}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, fallback: string | undefined, protocols: string[]): string {
    const value = this.raw(name);
    if (value === undefined) {
      if (fallback === undefined) this.problems.push(`${name} is required when NODE_ENV=production`);
      return fallback ?? '';
    }
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name} is not a valid URL (got "${redact(value)}")`);
      return '';
    }
    if (!protocols.includes(parsed.protocol)) {
      this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${redact(value)}")`);
      return '';
    }
    return value;
  }
}

/** Hides a password in a URL so that config errors never print secrets. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
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
