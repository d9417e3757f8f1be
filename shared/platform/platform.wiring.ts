import { DataSource } from 'typeorm';
import type { PlatformConfig } from '../config/platform.config';
import { createDataSource, DatabaseModule } from '../database/data-source.factory';
import { createRedis, type RedisClient, type RedisTarget } from '../redis/redis.client';
import { createLogger, Logger } from '../logging/logger';
import { Clock, systemClock } from '../time/clock.port';
import { KeyStore } from '../auth/key.store';
import { KeyEncryption } from '../auth/key-encryption.service';
import { TokenService } from '../auth/token.service';
import { Outbox } from '../queue/outbox.service';
import { QueueRegistry } from '../queue/queue.registry';
import { WalletLedger } from '../wallet/wallet-ledger.service';
import { AccountEntity } from '../auth/entities/account.entity';
import { AccessTokenEntity } from '../auth/entities/access-token.entity';
import { SigningKeyEntity } from '../auth/entities/signing-key.entity';
import { WalletEntity } from '../wallet/entities/wallet.entity';
import { WalletEntryEntity } from '../wallet/entities/wallet-entry.entity';
import { WalletHoldEntity } from '../wallet/entities/wallet-hold.entity';
import { OutboxMessageEntity } from '../queue/entities/outbox-message.entity';
import { PlatformInit1763800000000 } from '../database/migrations/1763800000000-platform-init';
import { Notifications1763800000200 } from '../database/migrations/1763800000200-notifications';
import { WalletHolds1764000000100 } from '../database/migrations/1764000000100-wallet-holds';
import { OutboxJobKeys1764000000510 } from '../database/migrations/1764000000510-outbox-job-keys';
import { OutboxRequestId1764200000100 } from '../database/migrations/1764200000100-outbox-request-id';
import { OutboxTraceParent1764200000300 } from '../database/migrations/1764200000300-outbox-trace-parent';
import { NotificationLogKeyset1764400000200 } from '../database/migrations/1764400000200-notification-log-keyset';
import { RetentionIndexes1764500000610 } from '../database/migrations/1764500000610-retention-indexes';
import { Webhooks1764700000610 } from '../database/migrations/1764700000610-webhooks';
import { Trips1764800000200 } from '../database/migrations/1764800000200-trips';
import { WalletStatement1764800000300 } from '../database/migrations/1764800000300-wallet-statement';
import { SigningKeyPrivate1764900000240 } from '../database/migrations/1764900000240-signing-key-private';
import { WebhookInterruptedSends1764900000300 } from '../database/migrations/1764900000300-webhook-interrupted-sends';
import { PaymentCallbacks1765000000100 } from '../database/migrations/1765000000100-payment-callbacks';
import { Metrics } from '../metrics/metrics.registry';
import { collectDatabasePool } from '../metrics/metrics.collectors';
import { InvalidationBus } from '../cache/invalidation-bus.service';
import { guardPool, QueryKiller } from '../database/pool.guard';
import { detectServerFlavour, StatementLimits } from '../database/statement-limit.policy';
import { ReplicaReadRouter, type ReplicaRoutingOptions, watchWrites } from '../database/replica-read.router';
import { RecentWriters } from '../database/recent-writers.registry';

/**
 * The tables of shared/: accounts, tokens, keys, wallet ledger, outbox, and the migrations of the notification log
 * (its entities are NOTIFICATIONS_DATABASE_MODULE, which subgraphs/subgraph.registry.ts lists with the subgraphs' tables).
 */
export const SHARED_DATABASE_MODULE: DatabaseModule = {
  entities: [AccountEntity, AccessTokenEntity, SigningKeyEntity, WalletEntity, WalletEntryEntity, WalletHoldEntity, OutboxMessageEntity],
  migrations: [
    PlatformInit1763800000000,
    Notifications1763800000200,
    WalletHolds1764000000100,
    OutboxJobKeys1764000000510,
    OutboxRequestId1764200000100,
    OutboxTraceParent1764200000300,
    NotificationLogKeyset1764400000200,
    RetentionIndexes1764500000610,
    Webhooks1764700000610,
    Trips1764800000200,
    WalletStatement1764800000300,
    SigningKeyPrivate1764900000240,
    WebhookInterruptedSends1764900000300,
    PaymentCallbacks1765000000100,
  ],
};

/** The process-wide services every role gets: built once at start, closed once at shutdown. */
export interface Platform {
  /** All of it, for bin/ and the servers; a module root sees only the settings it names (subgraphs/subgraph-module.port.ts). */
  config: PlatformConfig;
  logger: Logger;
  clock: Clock;
  dataSource: DataSource;
  /**
   * The broad searches' own small pool (ticket lookup, notification log): however slow they get, they never hold a
   * connection booking, payment or issuance needs. Bounded wait, and a statement whose client left is killed.
   */
  broadReads: DataSource;
  /**
   * The lag-tolerant reads (ticket lookup, notification log): on DATABASE_REPLICA_URL through `replica`, else the
   * broad-read pool. Never for a read that decides money or a booking state.
   */
  lagTolerantReads: DataSource;
  /** The read replica's router when DATABASE_REPLICA_URL is set (its state for /readyz). */
  replica: ReplicaReadRouter | null;
  /** Stops broad reads whose client left (closed with the platform). */
  queryKiller: QueryKiller;
  /** Fail-fast client for request paths on the queue Redis (login throttling, dashboard sessions, invalidations). */
  redis: RedisClient;
  /**
   * Fail-fast client for what may be evicted (search cache, flight offers, search rate limits): on CACHE_REDIS_URL,
   * which may run allkeys-lru; the same client as `redis` when that is not set.
   */
  cacheRedis: RedisClient;
  /** Blocking-safe client for BullMQ (maxRetriesPerRequest null). */
  queueRedis: RedisClient;
  /** Redis pub/sub that empties every process's caches when what they hold changes (shared/cache). */
  invalidations: InvalidationBus;
  queues: QueueRegistry;
  keys: KeyStore;
  tokens: TokenService;
  outbox: Outbox;
  ledger: WalletLedger;
  /** This process's Prometheus registry and series (GET /metrics). */
  metrics: Metrics;
}

export async function createPlatform(config: PlatformConfig, modules: DatabaseModule[], overrides: { clock?: Clock; logger?: Logger } = {}): Promise<Platform> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const databaseModules = [SHARED_DATABASE_MODULE, ...modules];
  const dataSource = createDataSource(config.databaseUrl, databaseModules);
  await dataSource.initialize();
  const flavour = await detectServerFlavour(dataSource);
  if (flavour.kind === 'none')
    logger.warn('the database server has no statement time limit: statements run as long as they take', { version: flavour.version });
  const limits: StatementLimits = { requestMs: config.database.statementTimeoutMs, jobMs: config.database.jobStatementTimeoutMs };
  const databaseLogger = logger.child({ service: 'database' });
  guardPool(dataSource, { flavour, limits, logger: databaseLogger });
  const broadReads = createDataSource(config.databaseUrl, databaseModules, config.database.broadReadPoolSize, dataSource.logger);
  await broadReads.initialize();
  const queryKiller = new QueryKiller(config.databaseUrl, databaseLogger);
  guardPool(broadReads, { flavour, limits, logger: databaseLogger, queueLimit: config.database.broadReadQueue, killer: queryKiller });
  const queueTarget: RedisTarget = { url: config.redisUrl, topology: config.redisTopology };
  const redis = createRedis(queueTarget, 'request');
  const queueRedis = createRedis(queueTarget, 'queue');
  const cacheRedis = config.cacheRedisUrl === config.redisUrl ? redis : createRedis(config.cacheRedisUrl, 'request');
  redis.on('error', (e) => logger.warn('redis connection error', { reason: e.message }));
  queueRedis.on('error', (e) => logger.warn('redis (queue) connection error', { reason: e.message }));
  if (cacheRedis !== redis) cacheRedis.on('error', (e) => logger.warn('redis (cache) connection error', { reason: e.message }));
  // Kept only where a replica can lag behind a write: no replica, no window, no Redis round trip.
  const recentWriters =
    config.database.replicaUrl && config.database.replicaStickyMs > 0
      ? new RecentWriters(redis, config.queuePrefix, config.database.replicaStickyMs, databaseLogger)
      : null;
  watchWrites(dataSource.logger, recentWriters ? () => recentWriters.rememberCurrent() : undefined);
  const metrics = new Metrics();
  const replica = await connectReplica(config, databaseModules, broadReads, databaseLogger, {
    prepare: (replicaSource) => guardPool(replicaSource, { flavour, limits, logger: databaseLogger, queueLimit: config.database.broadReadQueue }),
    count: (route) => metrics.replicaReads.inc({ route }),
    lag: (seconds) => metrics.replicaLag.set(seconds ?? -1),
    maxLagSeconds: config.database.replicaMaxLagSeconds,
    recentWriters,
  });
  const invalidations = new InvalidationBus(redis, queueTarget, `${config.queuePrefix}:invalidations`, logger.child({ service: 'invalidations' }));
  const keysLogger = logger.child({ service: 'signing-keys' });
  const keys = new KeyStore(dataSource, config.keysDir, clock, invalidations, new KeyEncryption(config.keyEncryption, keysLogger), keysLogger);
  const outbox = new Outbox(clock);
  collectDatabasePool(metrics, dataSource);
  return {
    config,
    logger,
    clock,
    dataSource,
    broadReads,
    lagTolerantReads: replica ? replica.dataSource() : broadReads,
    replica,
    queryKiller,
    redis,
    cacheRedis,
    queueRedis,
    invalidations,
    queues: new QueueRegistry(queueRedis, config.queuePrefix),
    keys,
    tokens: new TokenService(dataSource, keys, clock, config.publicBaseUrl, invalidations, config.accessTokenIdleDays),
    outbox,
    ledger: new WalletLedger(dataSource, clock, invalidations),
    metrics,
  };
}

export async function closePlatform(platform: Platform): Promise<void> {
  await platform.queues.close();
  await platform.invalidations.close();
  platform.redis.disconnect();
  if (platform.cacheRedis !== platform.redis) platform.cacheRedis.disconnect();
  platform.queueRedis.disconnect();
  if (platform.broadReads.isInitialized) await platform.broadReads.destroy();
  await platform.replica?.close();
  await platform.queryKiller.close();
  if (platform.dataSource.isInitialized) await platform.dataSource.destroy();
}

/**
 * The replica's own pool, the size of the broad-read one; entities only, so nothing could run a migration on it.
 * A replica away at boot does not stop the boot: its reads go to the primary until it answers.
 */
async function connectReplica(
  config: PlatformConfig,
  modules: DatabaseModule[],
  primaryReads: DataSource,
  logger: Logger,
  options: Omit<ReplicaRoutingOptions, 'now'>,
): Promise<ReplicaReadRouter | null> {
  if (!config.database.replicaUrl) return null;
  const replica = createDataSource(
    config.database.replicaUrl,
    [{ entities: modules.flatMap((m) => m.entities), migrations: [] }],
    config.database.broadReadPoolSize,
  );
  const router = new ReplicaReadRouter(primaryReads, replica, logger, options);
  await router.start();
  return router;
}
