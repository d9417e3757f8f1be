import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { waitFor } from './wait';

export interface RedisServer {
  url: string;
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

/**
 * A redis-server of a test's own on a free loopback port, keeping nothing on disk: a second Redis (the cache Redis of
 * CACHE_REDIS_URL) beside the shared one. `options` are further redis-server arguments, e.g. ['--maxmemory', '64mb'].
 */
export async function startRedisServer(options: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...options], { stdio: 'ignore' });
    const ping = async () => {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return await probe.ping();
      } catch {
        return null;
      } finally {
        probe.disconnect();
      }
    };
    await waitFor(ping, (reply) => reply === 'PONG', 10_000);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url, stop, start };
}
