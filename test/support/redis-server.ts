import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { waitFor } from './wait';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then waits for it to exit). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/** A free loopback port, as the OS hands one out. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One command to a server of the test's, on a connection of its own; null when it does not answer. */
async function ask(port: number | { port: number; password?: string }, ...command: [string, ...(string | number)[]]): Promise<unknown> {
  const { port: to, password } = typeof port === 'number' ? { port } : port;
  const probe = new Redis(to, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, password });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return await probe.call(...command);
  } catch {
    return null;
  } finally {
    probe.disconnect();
  }
}

/** A redis-server process on `port`, started by `args` (a config file first, for Sentinel), until it answers PING. */
function serverProcess(port: number, args: () => string[], password?: string): RedisServer {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', args(), { stdio: 'ignore' });
    await waitFor(
      () => ask({ port, password }, 'PING'),
      (reply) => reply === 'PONG',
      10_000,
    );
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  return { url: `redis://${password ? `:${encodeURIComponent(password)}@` : ''}127.0.0.1:${port}`, port, stop, start };
}

/**
 * A redis-server of a test's own on a free loopback port, keeping nothing on disk: a second Redis (the cache Redis of
 * CACHE_REDIS_URL) beside the shared one. `options` are further redis-server arguments, e.g. ['--maxmemory', '64mb'].
 */
export async function startRedisServer(options: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const server = serverProcess(port, () => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...options]);
  await server.start();
  return server;
}

export interface RedisCluster {
  /** host:port of every primary, as REDIS_CLUSTER_NODES takes them. */
  nodes: string[];
  servers: RedisServer[];
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of `primaries` redis-server processes on loopback (no replicas), made by `redis-cli --cluster
 * create`, ready once every node says cluster_state:ok. Each node's cluster bus gets a free port of its own
 * (cluster-port) rather than port + 10000, which may be past 65535 for an ephemeral port.
 */
export async function startRedisCluster(primaries = 3): Promise<RedisCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-redis-cluster-'));
  const servers: RedisServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < primaries; i++) {
      const busPort = await freePort();
      servers.push(
        await startRedisServer(['--cluster-enabled', 'yes', '--cluster-port', String(busPort), '--cluster-config-file', `nodes-${i}.conf`, '--dir', dir]),
      );
    }
    const nodes = servers.map((s) => `127.0.0.1:${s.port}`);
    await promisify(execFile)('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], { timeout: 30_000 });
    for (const server of servers) {
      await waitFor(
        () => ask(server.port, 'CLUSTER', 'INFO'),
        (info) => String(info).includes('cluster_state:ok'),
        20_000,
      );
    }
    return { nodes, servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface RedisSentinelSetup {
  primary: RedisServer;
  replica: RedisServer;
  sentinel: RedisServer;
  /** The name the sentinel monitors the primary under (REDIS_SENTINEL_NAME). */
  name: string;
  /** The port of the server the sentinel names as primary now. */
  primaryPort(): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * One primary, one replica (replicaof) and one sentinel monitoring them with a quorum of one, on loopback; ready once
 * the sentinel knows the replica (it can fail over to it). The sentinel rewrites its config file, so it has one in a
 * folder of its own.
 */
export async function startRedisSentinel(name = 'safiri-test', options: { sentinelPassword?: string } = {}): Promise<RedisSentinelSetup> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-redis-sentinel-'));
  const started: RedisServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // In the test's folder: a full sync writes an RDB file on both sides, whatever --save says.
    const primary = await startRedisServer(['--dir', dir]);
    started.push(primary);
    const replica = await startRedisServer(['--dir', dir, '--replicaof', '127.0.0.1', String(primary.port)]);
    started.push(replica);
    const sentinelPort = await freePort();
    const file = path.join(dir, 'sentinel.conf');
    writeFileSync(
      file,
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primary.port} 1`,
        `sentinel down-after-milliseconds ${name} 2000`,
        `sentinel failover-timeout ${name} 10000`,
        ...(options.sentinelPassword ? [`requirepass ${options.sentinelPassword}`] : []),
        '',
      ].join('\n'),
    );
    const sentinel = serverProcess(sentinelPort, () => [file, '--sentinel'], options.sentinelPassword);
    await sentinel.start();
    started.push(sentinel);
    const atSentinel = { port: sentinelPort, password: options.sentinelPassword };
    const replicaKnown = async () => ((await ask(atSentinel, 'SENTINEL', 'REPLICAS', name)) as unknown[] | null)?.length ?? 0;
    await waitFor(replicaKnown, (count) => count > 0, 20_000);
    await waitFor(
      () => ask(replica.port, 'INFO', 'replication'),
      (info) => String(info).includes('master_link_status:up'),
      20_000,
    );
    const primaryPort = async () => {
      const reply = (await ask(atSentinel, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as string[] | null;
      return reply ? Number(reply[1]) : null;
    };
    return { primary, replica, sentinel, name, primaryPort, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
