import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { createDataSource, ensureDatabase, pingDatabase } from '../../shared/database/data-source.factory';
import { checkAll } from '../../shared/http/readiness.probe';
import { LAG_CHECK_MS, ReplicaReadRouter, watchWrites } from '../../shared/database/replica-read.router';
import { RecentWriters } from '../../shared/database/recent-writers.registry';
import { noteAccount, runInRequestScope } from '../../shared/context/request-scope.state';
import { createRedis, type RedisClient } from '../../shared/redis/redis.client';
import { Role } from '../../shared/auth/roles.types';
import { createWebhookEndpointService } from '../../subgraphs/admin/webhooks.wiring';
import { createLogger } from '../../shared/logging/logger';
import { waitFor } from '../support/wait';
import { createTestPlatform } from '../support/test-platform';

/**
 * A real primary and a real replica (two mariadbd on loopback ports, binlog replication with GTID), started and
 * removed by this file: the lag-tolerant reads go to the replica, a writer reads its own write from the primary
 * while the replica lags and so does the same account on its next request (the recent writers in Redis), a replica
 * with its replication stopped or too far behind and a replica that is gone send reads to the primary.
 */

const DATABASE = 'safiri_replica_test';
/** The server binaries by path: /usr/sbin is not on every PATH (a CI user's). */
const binary = (name: string) => ['/usr/sbin', '/usr/bin'].map((dir) => join(dir, name)).find((file) => existsSync(file)) ?? name;
jest.setTimeout(60_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  port: number;
  dir: string;
  process: ChildProcess;
  exited: Promise<void>;
}

async function startServer(root: string, name: string, serverId: number): Promise<Server> {
  const dir = join(root, name);
  mkdirSync(`${dir}/tmp`, { recursive: true });
  await promisify(execFile)(binary('mariadb-install-db'), [
    '--no-defaults',
    `--datadir=${dir}/data`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const port = await freePort();
  const child = spawn(
    binary('mariadbd'),
    [
      '--no-defaults',
      `--datadir=${dir}/data`,
      `--socket=${dir}/mysqld.sock`,
      `--pid-file=${dir}/mysqld.pid`,
      `--tmpdir=${dir}/tmp`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-name-resolve',
      `--server-id=${serverId}`,
      `--log-bin=${dir}/data/binlog`,
      '--binlog-format=ROW',
      '--innodb-buffer-pool-size=16M',
      '--user=root',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server = { port, dir, process: child, exited };
  await waitFor(
    () =>
      admin(server, 'SELECT 1').then(
        () => true,
        () => false,
      ),
    (up) => up,
  );
  return server;
}

async function admin(server: Server, sql: string, params: unknown[] = []): Promise<unknown[]> {
  const connection = await mysql.createConnection({ host: '127.0.0.1', port: server.port, user: 'root' });
  try {
    const [rows] = await connection.query(sql, params);
    return rows as unknown[];
  } finally {
    await connection.end();
  }
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  if (server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

const logger = createLogger('error');
let root: string;
let primary: Server;
let replica: Server;
let primaryReads: DataSource;
let router: ReplicaReadRouter;
let redis: RedisClient;
let writers: RecentWriters;
/** Routers a test makes for itself (other options than `router`'s), closed with the file. */
const routers: ReplicaReadRouter[] = [];

const url = (server: Server) => `mysql://root@127.0.0.1:${server.port}/${DATABASE}`;
type Ticket = { id: string; origin: string };
const lookupOn = (on: ReplicaReadRouter, id: string) => on.dataSource().query('SELECT id, origin FROM ticket WHERE id = ?', [id]) as Promise<Ticket[]>;
const lookup = (id: string) => lookupOn(router, id);
/** Runs fn as a request of that account (its token verified). */
const asAccount = <T>(requestId: string, accountId: string, fn: () => Promise<T>) =>
  runInRequestScope(requestId, () => {
    noteAccount(accountId);
    return fn();
  });
const newRouter = async (options: ConstructorParameters<typeof ReplicaReadRouter>[3]) => {
  const made = new ReplicaReadRouter(primaryReads, createDataSource(url(replica), [{ entities: [], migrations: [] }], 2), logger, options);
  routers.push(made);
  await made.start();
  return made;
};
type ReplicaStatus = { Seconds_Behind_Master: number | string | null };
const secondsBehind = async () => ((await admin(replica, 'SHOW SLAVE STATUS')) as ReplicaStatus[])[0].Seconds_Behind_Master;
/** Replication running and nothing left to apply: the replica has every write. */
const caughtUp = () =>
  waitFor(
    () => secondsBehind(),
    (seconds) => seconds !== null && Number(seconds) === 0,
  );
const replicaHas = async (id: string) => (await admin(replica, `SELECT id FROM ${DATABASE}.ticket WHERE id = ?`, [id])).length === 1;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'safiri-replica-'));
  // One after the other: two bootstraps at once trip over each other's temporary tables.
  primary = await startServer(root, 'primary', 1);
  replica = await startServer(root, 'replica', 2);
  await admin(
    replica,
    `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos`,
  );
  await admin(replica, 'START SLAVE');
  await admin(primary, `CREATE DATABASE ${DATABASE}`);
  await admin(primary, `CREATE TABLE ${DATABASE}.ticket (id VARCHAR(40) PRIMARY KEY, origin VARCHAR(20) NOT NULL)`);
  await admin(primary, `INSERT INTO ${DATABASE}.ticket VALUES ('replicated', 'primary')`);
  await waitFor(
    () => replicaHas('replicated').catch(() => false),
    (has) => has,
  );
  primaryReads = createDataSource(url(primary), [{ entities: [], migrations: [] }], 2);
  await primaryReads.initialize();
  redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', 'request');
  writers = new RecentWriters(redis, `test_replica_${process.pid}`, 60_000, logger);
  watchWrites(primaryReads.logger, () => writers.rememberCurrent());
  const replicaReads = createDataSource(url(replica), [{ entities: [], migrations: [] }], 2);
  router = new ReplicaReadRouter(primaryReads, replicaReads, logger);
  await router.start();
});

afterAll(async () => {
  await router?.close().catch(() => undefined);
  await Promise.all(routers.map((made) => made.close().catch(() => undefined)));
  if (redis) {
    const keys = await redis.keys(`test_replica_${process.pid}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  if (primaryReads?.isInitialized) await primaryReads.destroy();
  await Promise.all([stopServer(primary), stopServer(replica)]);
  if (root) rmSync(root, { recursive: true, force: true });
});

test('a lookup is served by the replica: it finds the row only the replica has', async () => {
  // Written on the replica without the binlog: it exists there and nowhere else.
  const connection = await mysql.createConnection({ host: '127.0.0.1', port: replica.port, user: 'root' });
  await connection.query('SET SESSION sql_log_bin = 0');
  await connection.query(`INSERT INTO ${DATABASE}.ticket VALUES ('replica-only', 'replica')`);
  await connection.end();

  const rows = await runInRequestScope('req-replica-0001', () => lookup('replica-only'));
  expect(rows).toEqual([{ id: 'replica-only', origin: 'replica' }]);
  expect(await primaryReads.query(`SELECT id FROM ticket WHERE id = 'replica-only'`)).toEqual([]);
  expect(router.served.replica).toBeGreaterThan(0);
});

test('a request that wrote reads its write from the primary while the replica lags', async () => {
  await admin(replica, 'STOP SLAVE');
  try {
    const rows = await runInRequestScope('req-writer-0001', async () => {
      await primaryReads.query(`INSERT INTO ticket VALUES ('just-booked', 'primary')`);
      return lookup('just-booked');
    });
    expect(rows).toEqual([{ id: 'just-booked', origin: 'primary' }]);
    // Proof the replica lags: another request, which wrote nothing, does not see it yet.
    expect(await runInRequestScope('req-reader-0001', () => lookup('just-booked'))).toEqual([]);
    expect(await replicaHas('just-booked')).toBe(false);
  } finally {
    await admin(replica, 'START SLAVE');
  }
  await waitFor(
    () => replicaHas('just-booked'),
    (has) => has,
  );
});

test('an account that wrote reads its write on its next request while the replica lags; another account still reads the replica', async () => {
  const sticky = await newRouter({ recentWriters: writers });
  const exists = jest.spyOn(redis, 'exists');
  // The SQL thread stopped: the replica receives the write but does not apply it, so it lags for as long as the test needs.
  await admin(replica, 'STOP SLAVE SQL_THREAD');
  try {
    await asAccount('req-sticky-0001', 'account-writer', () => primaryReads.query(`INSERT INTO ticket VALUES ('sticky-booked', 'primary')`));
    // Request B of the same account: no write of its own, yet it reads the primary and finds request A's row.
    expect(await asAccount('req-sticky-0002', 'account-writer', () => lookupOn(sticky, 'sticky-booked'))).toEqual([{ id: 'sticky-booked', origin: 'primary' }]);
    // Another account reads the lagging replica: not there yet, and the row only the replica has is.
    const other = await asAccount('req-sticky-0003', 'account-reader', async () => [
      await lookupOn(sticky, 'sticky-booked'),
      await lookupOn(sticky, 'replica-only'),
    ]);
    expect(other).toEqual([[], [{ id: 'replica-only', origin: 'replica' }]]);
    // One Redis question per request, however many reads it makes; none for work with no account (a job).
    expect(exists).toHaveBeenCalledTimes(2);
    expect(await runInRequestScope('req-sticky-0004', () => lookupOn(sticky, 'replica-only'))).toEqual([{ id: 'replica-only', origin: 'replica' }]);
    expect(exists).toHaveBeenCalledTimes(2);
    // The window is a key under the queue prefix that expires by itself.
    const ttl = await redis.pttl(writers.key('account-writer'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.exists(writers.key('account-reader'))).toBe(0);
  } finally {
    exists.mockRestore();
    await admin(replica, 'START SLAVE SQL_THREAD');
  }
  await waitFor(
    () => replicaHas('sticky-booked'),
    (has) => has,
  );
});

test('with Redis not answering, a signed-in account reads from the primary and the request does not fail', async () => {
  const closed = await freePort();
  const deadRedis = createRedis(`redis://127.0.0.1:${closed}`, 'request');
  deadRedis.on('error', () => undefined);
  try {
    const blind = await newRouter({ recentWriters: new RecentWriters(deadRedis, `test_replica_${process.pid}`, 60_000, logger) });
    // Not a writer at all, but nothing can say so: the primary, which lacks the replica-only row, answers.
    expect(await asAccount('req-blind-0001', 'account-reader', () => lookupOn(blind, 'replica-only'))).toEqual([]);
    // Work with no account never asks: the replica answers.
    expect(await runInRequestScope('req-blind-0002', () => lookupOn(blind, 'replica-only'))).toEqual([{ id: 'replica-only', origin: 'replica' }]);
  } finally {
    deadRedis.disconnect();
  }
});

test('with replication stopped or the replica beyond the lag limit, reads go to the primary and readiness says degraded', async () => {
  let now = Date.now();
  const lags: Array<number | null> = [];
  const limited = await newRouter({ maxLagSeconds: 10, now: () => now, lag: (seconds) => lags.push(seconds) });
  const readiness = () => checkAll({ mysql: () => pingDatabase(primaryReads), replica: () => limited.ping() });
  const nextCheck = () => (now += LAG_CHECK_MS);
  expect(await runInRequestScope('req-lag-0001', () => lookupOn(limited, 'replica-only'))).toEqual([{ id: 'replica-only', origin: 'replica' }]);
  expect((await readiness()).body.status).toBe('ok');

  await admin(replica, 'STOP SLAVE SQL_THREAD');
  try {
    nextCheck();
    expect(await runInRequestScope('req-lag-0002', () => lookupOn(limited, 'replica-only'))).toEqual([]);
    // The metrics see why: a read sent to the primary because the replica is behind, and a lag reading of "stopped".
    expect(limited.served.behind).toBe(1);
    expect(lags.at(-1)).toBeNull();
    const report = await readiness();
    expect(report.httpStatus).toBe(200);
    expect(report.body).toMatchObject({
      status: 'degraded',
      degraded: ['replica'],
      checks: { replica: { reason: expect.stringMatching(/replication stopped/) } },
    });
  } finally {
    await admin(replica, 'START SLAVE SQL_THREAD');
  }
  await caughtUp();
  nextCheck();
  expect(await runInRequestScope('req-lag-0003', () => lookupOn(limited, 'replica-only'))).toEqual([{ id: 'replica-only', origin: 'replica' }]);
  expect((await readiness()).body.status).toBe('ok');

  // Replication running but an hour behind: the replica's SQL thread waits on a global read lock to apply a write
  // stamped an hour ago, so Seconds_Behind_Master says about 3600.
  const lock = await mysql.createConnection({ host: '127.0.0.1', port: replica.port, user: 'root' });
  const writer = await mysql.createConnection({ host: '127.0.0.1', port: primary.port, user: 'root', database: DATABASE });
  try {
    await lock.query('FLUSH TABLES WITH READ LOCK');
    await writer.query('SET TIMESTAMP = UNIX_TIMESTAMP() - 3600');
    await writer.query(`INSERT INTO ticket VALUES ('an-hour-old', 'primary')`);
    await waitFor(
      () => secondsBehind(),
      (seconds) => Number(seconds) > 10,
    );
    nextCheck();
    expect(await runInRequestScope('req-lag-0004', () => lookupOn(limited, 'replica-only'))).toEqual([]);
    expect(lags.at(-1)).toBeGreaterThan(10);
    const report = await readiness();
    expect(report.httpStatus).toBe(200);
    expect(report.body).toMatchObject({
      status: 'degraded',
      checks: { replica: { reason: expect.stringMatching(/\d+ s behind the primary \(limit 10 s\)/) } },
    });
  } finally {
    await lock.query('UNLOCK TABLES');
    await Promise.all([lock.end(), writer.end()]);
  }
  await caughtUp();
  nextCheck();
  expect(await runInRequestScope('req-lag-0005', () => lookupOn(limited, 'replica-only'))).toEqual([{ id: 'replica-only', origin: 'replica' }]);
});

test('a platform with DATABASE_REPLICA_URL sends its lag-tolerant reads to the replica, and those of a request or account that wrote to the primary', async () => {
  const name = 'safiri_replica_platform';
  await ensureDatabase(`mysql://root@127.0.0.1:${primary.port}/${name}`);
  await waitFor(
    async () => (await admin(replica, 'SHOW DATABASES LIKE ?', [name])).length,
    (found) => found === 1,
  );
  const env = await createTestPlatform({
    DATABASE_URL: `mysql://root@127.0.0.1:${primary.port}/${name}`,
    DATABASE_REPLICA_URL: `mysql://root@127.0.0.1:${replica.port}/${name}`,
    // Far longer than the test: the window cannot run out between two requests of a slow machine.
    DATABASE_REPLICA_STICKY_MS: '600000',
  });
  try {
    const { platform } = env;
    const serverOf = async (dataSource: DataSource) => Number(((await dataSource.query('SELECT @@server_id AS id')) as Array<{ id: number }>)[0].id);
    expect(await serverOf(platform.dataSource)).toBe(1);
    expect(await runInRequestScope('req-platform-0001', () => serverOf(platform.lagTolerantReads))).toBe(2);
    expect(await platform.metrics.text()).toMatch(/safiri_db_replica_reads_total\{route="replica"\} [1-9]/);
    // The migrations ran on the primary only, and reached the replica by replication.
    await waitFor(
      async () => (await admin(replica, `SELECT COUNT(*) AS n FROM ${name}.schema_migration`)) as Array<{ n: number }>,
      (rows) => Number(rows[0].n) > 0,
    );
    const wrote = await asAccount('req-platform-0002', 'account-platform', async () => {
      await platform.dataSource.query('UPDATE schema_migration SET name = name WHERE id = 0');
      return serverOf(platform.lagTolerantReads);
    });
    expect(wrote).toBe(1);
    expect(await platform.metrics.text()).toMatch(/safiri_db_replica_reads_total\{route="wrote"\} [1-9]/);
    // The platform keeps its recent writers in its Redis: that account's next request reads the primary, another's the replica.
    expect(await asAccount('req-platform-0003', 'account-platform', () => serverOf(platform.lagTolerantReads))).toBe(1);
    expect(await asAccount('req-platform-0004', 'account-other', () => serverOf(platform.lagTolerantReads))).toBe(2);

    // The admin webhook lists read the replica too: an endpoint written there alone is listed, and opened from the primary it is not.
    const operator = { accountId: '00000000-0000-4000-8000-00000000ad01', role: Role.ADMIN };
    const onReplica = await mysql.createConnection({ host: '127.0.0.1', port: replica.port, user: 'root', database: name });
    try {
      await onReplica.query('SET SESSION sql_log_bin = 0');
      await onReplica.query(
        `INSERT INTO webhook_endpoint (id, account_id, url, events, secret, created_at, updated_at) VALUES ('whe_replicaonly', ?, 'https://hooks.example/x', 'booking.issued', 'whsec_x', NOW(3), NOW(3))`,
        [operator.accountId],
      );
    } finally {
      await onReplica.end();
    }
    const webhooks = createWebhookEndpointService(platform, platform.replica!.dataSource(platform.dataSource));
    const listed = await asAccount('req-platform-0005', operator.accountId, () => webhooks.page(operator, { first: 10 }));
    expect(listed.items.map((endpoint) => endpoint.id)).toEqual(['whe_replicaonly']);
    await expect(asAccount('req-platform-0006', operator.accountId, () => webhooks.get(operator, 'whe_replicaonly'))).rejects.toMatchObject({ status: 404 });
  } finally {
    await env.close();
  }
});

test('with the replica gone, lookups answer from the primary and the replica is marked down', async () => {
  const readiness = () => checkAll({ mysql: () => pingDatabase(primaryReads), replica: () => router.ping() });
  expect((await readiness()).body.status).toBe('ok');
  await stopServer(replica);
  const rows = await runInRequestScope('req-fallback-0001', () => lookup('replicated'));
  expect(rows).toEqual([{ id: 'replicated', origin: 'primary' }]);
  expect(router.served.fallback).toBe(1);
  expect(router.replicaDown).toBe(true);
  // Within the down window the replica is not tried again: the next lookup goes straight to the primary.
  expect(await runInRequestScope('req-fallback-0002', () => lookup('replica-only'))).toEqual([]);
  expect(router.served.fallback).toBe(1);
  expect(router.served.down).toBe(1);
  // Readiness says degraded, still 200: every read can be served by the primary.
  const report = await readiness();
  expect(report.httpStatus).toBe(200);
  expect(report.body).toMatchObject({ status: 'degraded', degraded: ['replica'] });
});
