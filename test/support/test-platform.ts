import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, PlatformConfig } from '../../shared/config/platform.config';
import { createRedis, scanKeys, type RedisTarget } from '../../shared/redis/redis.client';
import { dropDatabase, ensureDatabase } from '../../shared/database/data-source.factory';
import { closePlatform, createPlatform, Platform } from '../../shared/platform/platform.wiring';
import { createLogger, Logger } from '../../shared/logging/logger';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { RunningStack, StackRole, startStack } from '../../bin/stack.wiring';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';

const SERVER = process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Free ports on loopback and a quick outbox relay: what every stack a test starts (in-process or a child) needs. */
export const TEST_PROCESS_ENV = {
  PORT: '0',
  FLIGHT_PORT: '0',
  TRAIN_PORT: '0',
  BUS_PORT: '0',
  ADMIN_PORT: '0',
  HOST: '127.0.0.1',
  OUTBOX_POLL_MS: '50',
};

/** A configuration of its own for one test file: fresh database, queue prefix and keys folder. */
export function testConfig(env: Record<string, string> = {}): PlatformConfig {
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: `${SERVER}/safiri_test_${id}`,
    REDIS_URL,
    QUEUE_PREFIX: `test_${id}`,
    // A folder only when the caller gives none: one made and then overridden would be left in /tmp.
    KEYS_DIR: env.KEYS_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'safiri-keys-')),
    ...TEST_PROCESS_ENV,
    NOTIFICATION_SINK_DIR: env.NOTIFICATION_SINK_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'safiri-sink-')),
    // Empty: the admin subgraph initialises it as the reverse-proxy repository at start.
    REVERSE_PROXY_REPO: env.REVERSE_PROXY_REPO ?? mkdtempSync(path.join(os.tmpdir(), 'safiri-rproxy-')),
    // Suites search in bursts from one account: a limit they never reach, still checked on every search.
    // The rate-limit suite sets its own.
    SEARCH_RATE_PER_SECOND: '1000',
    SEARCH_RATE_BURST: '100000',
    // Production refuses to start without a key-encryption key: a production stack gets one as production does.
    ...(env.NODE_ENV === 'production' && !env.KEY_ENCRYPTION_KEY_FILE ? { KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : {}),
    ...env,
  });
}

/**
 * The key-encryption key of a configuration, for a process that shares its keys: the same key from the same place.
 * Outside production a key generated into KEYS_DIR is found there by the child itself; a production child is pointed at it.
 */
export function keyEncryptionEnv(config: PlatformConfig, production = config.nodeEnv === 'production'): Record<string, string> {
  const { source, file, key, previous } = config.keyEncryption;
  // Empty: unset, whatever the test runner's own environment says.
  const unset = {
    KEY_ENCRYPTION_KEY: '',
    KEY_ENCRYPTION_KEY_FILE: '',
    KEY_ENCRYPTION_KEY_PREVIOUS: previous ? previous.bytes().toString('base64') : '',
    KEY_ENCRYPTION_KEY_PREVIOUS_FILE: '',
  };
  if (source === 'env' && key) return { ...unset, KEY_ENCRYPTION_KEY: key.bytes().toString('base64') };
  if (file && (source === 'file' || production)) return { ...unset, KEY_ENCRYPTION_KEY_FILE: file };
  return unset;
}

/** A configuration's Redis Cluster or Sentinel settings for a child; empty (unset) for one server. */
function redisTopologyEnv({ redisTopology: topology }: PlatformConfig): Record<string, string> {
  const list = (nodes: Array<{ host: string; port: number }>) => nodes.map((n) => `${n.host.includes(':') ? `[${n.host}]` : n.host}:${n.port}`).join(',');
  return {
    REDIS_CLUSTER_NODES: topology.kind === 'cluster' ? list(topology.nodes) : '',
    REDIS_SENTINELS: topology.kind === 'sentinel' ? list(topology.sentinels) : '',
    REDIS_SENTINEL_NAME: topology.kind === 'sentinel' ? topology.name : '',
    REDIS_SENTINEL_USERNAME: topology.kind === 'sentinel' ? (topology.auth.username ?? '') : '',
    REDIS_SENTINEL_PASSWORD: topology.kind === 'sentinel' ? (topology.auth.password?.value() ?? '') : '',
    REDIS_SENTINEL_PASSWORD_FILE: '',
    REDIS_SENTINEL_TLS: topology.kind === 'sentinel' && topology.auth.tls ? 'true' : '',
  };
}

/** The environment a child process (CLI, `start.js`) needs to run against a test configuration. */
export function childEnv(config: PlatformConfig, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: config.nodeEnv,
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    CACHE_REDIS_URL: config.cacheRedisUrl,
    ...redisTopologyEnv(config),
    QUEUE_PREFIX: config.queuePrefix,
    KEYS_DIR: config.keysDir,
    NOTIFICATION_SINK_DIR: config.notifications.sinkDir,
    REVERSE_PROXY_REPO: config.reverseProxy.repoPath,
    JOB_LOCK_MS: String(config.jobLockMs),
    // A flight purchase's or cancellation's lease is the crashed process's, so a child must take it from the test's
    // config: with the default 60 s a booking a child left ISSUING or CANCELLING could not be recovered within a wait.
    FLIGHT_ISSUANCE_LEASE_SECONDS: String(config.recovery.issuanceLeaseSeconds),
    FLIGHT_CANCELLATION_LEASE_SECONDS: String(config.recovery.cancellationLeaseSeconds),
    SEARCH_RATE_PER_SECOND: String(config.searchRate.perSecond),
    SEARCH_RATE_BURST: String(config.searchRate.burst),
    ...keyEncryptionEnv(config, (extra.NODE_ENV ?? config.nodeEnv) === 'production'),
    ...extra,
  };
}

/** Deletes what a test file made: its database, its Redis keys (in the cache Redis too, when it has its own), its key files. */
export async function cleanUp(config: PlatformConfig): Promise<void> {
  await dropDatabase(config.databaseUrl);
  await deleteKeys({ url: config.redisUrl, topology: config.redisTopology }, `${config.queuePrefix}:*`);
  if (config.cacheRedisUrl !== config.redisUrl) await deleteKeys({ url: config.cacheRedisUrl, topology: { kind: 'single' } }, `${config.queuePrefix}:*`);
  rmSync(config.keysDir, { recursive: true, force: true });
  removeOwnFolders(config);
}

/** Deletes the keys of a pattern on one server or on every primary of a cluster (one key a command: a cluster refuses a DEL across slots). */
export async function deleteKeys(target: string | RedisTarget, pattern: string): Promise<void> {
  const redis = createRedis(target, 'queue');
  try {
    for (let keys = await scanKeys(redis, pattern, 10_000); keys.length; keys = await scanKeys(redis, pattern, 10_000)) {
      await Promise.all(keys.map((key) => redis.del(key)));
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * The folders a configuration has to itself when it shares its database, queues and keys with another
 * (a second role on the same stack): the notification sink and the reverse-proxy repository.
 */
export function removeOwnFolders(config: PlatformConfig): void {
  for (const dir of [config.notifications.sinkDir, config.reverseProxy.repoPath]) rmSync(dir, { recursive: true, force: true });
}

/**
 * Another role (a process of its own under docker-compose) on a test stack's database, queues and keys, in this
 * process but with its own platform (pool, Redis connections, invalidation bus); `extra` overrides the configuration.
 * stop() stops it and removes the folders it had to itself.
 */
export async function startSideRole(
  base: PlatformConfig,
  role: StackRole,
  extra: Record<string, string> = {},
): Promise<{ stack: RunningStack; config: PlatformConfig; stop(): Promise<void> }> {
  const config = testConfig({
    DATABASE_URL: base.databaseUrl,
    CACHE_REDIS_URL: base.cacheRedisUrl,
    QUEUE_PREFIX: base.queuePrefix,
    KEYS_DIR: base.keysDir,
    ...keyEncryptionEnv(base),
    WORKER_PORT: '0',
    ...extra,
  });
  const stack = await startStack(config, role, createLogger('error'));
  return {
    stack,
    config,
    stop: async () => {
      await stack.stop();
      removeOwnFolders(config);
    },
  };
}

/** A migrated, seeded database with a signing key, and the platform services over it. */
export async function createTestPlatform(env: Record<string, string> = {}): Promise<{ platform: Platform; config: PlatformConfig; close(): Promise<void> }> {
  const config = testConfig(env);
  await ensureDatabase(config.databaseUrl);
  const platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
  await prepareDatabase(platform);
  return {
    platform,
    config,
    close: async () => {
      await closePlatform(platform);
      await cleanUp(config);
    },
  };
}

/** The whole stack on free ports, as `npm start` runs it; `logger` lets a test read what the roles log. */
export async function startTestStack(
  env: Record<string, string> = {},
  { logger = createLogger('error') }: { logger?: Logger } = {},
): Promise<{ stack: RunningStack; config: PlatformConfig; baseUrl: string; close(): Promise<void> }> {
  const config = testConfig(env);
  const stack = await startStack(config, 'all', logger);
  return {
    stack,
    config,
    baseUrl: stack.gateway!.url,
    close: async () => {
      await stack.stop();
      await cleanUp(config);
    },
  };
}

/** Creates a customer account on a started stack and logs it on through REST, as a client would: its bearer token. */
export async function signedInCustomer(env: { stack: RunningStack; baseUrl: string }, email: string, password = 'customer password 1'): Promise<string> {
  await createAccountService(env.stack.platform).create({ email, password, role: 'CUSTOMER' });
  const res = await fetch(`${env.baseUrl}/api/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`logon of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
