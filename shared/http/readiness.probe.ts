import type { RedisClient } from '../redis/redis.client';
import type { DataSource } from 'typeorm';
import { pingDatabase } from '../database/data-source.factory';

export type CheckResult = { status: 'up' } | { status: 'down'; reason: string };

/** How long one dependency check may take before it counts as down. */
export const CHECK_TIMEOUT_MS = 2000;

export interface HealthReport {
  httpStatus: 200 | 503;
  body: Record<string, unknown>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))),
  ]);
}

async function check(fn: () => Promise<unknown>, what: string): Promise<CheckResult> {
  try {
    await withTimeout(fn(), CHECK_TIMEOUT_MS, what);
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', reason: (error as Error).message };
  }
}

/** Checks whose failure leaves the process able to serve everything, more slowly: the read replica (its reads go to the primary). */
const DEGRADING_CHECKS = new Set(['replica']);

/** Runs the checks in parallel: 200 when all are up (status degraded when only a degrading one is down), else 503 naming what is down. */
export async function checkAll(checks: Record<string, () => Promise<unknown>>): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => check(checks[name], name)));
  const byName: Record<string, CheckResult> = Object.fromEntries(names.map((name, i) => [name, results[i]]));
  const failed = names.filter((name) => byName[name].status === 'down');
  const down = failed.filter((name) => !DEGRADING_CHECKS.has(name));
  if (down.length === 0 && failed.length > 0) return { httpStatus: 200, body: { status: 'degraded', degraded: failed, checks: byName } };
  return down.length === 0
    ? { httpStatus: 200, body: { status: 'ok', checks: byName } }
    : {
        httpStatus: 503,
        body: { status: 'unavailable', errorCode: 'SERVICE_UNAVAILABLE', errorMessage: `Down: ${down.join(', ')}`, down, checks: byName },
      };
}

/**
 * The same verdict without the parts: `{"status":"ok"}` or a 503 that names nothing, for whoever is not an operator
 * (probes and balancers read the status code only).
 */
export function withoutDetails(report: HealthReport): HealthReport {
  return report.httpStatus === 200
    ? { httpStatus: 200, body: { status: 'ok' } }
    : { httpStatus: 503, body: { status: 'unavailable', errorCode: 'SERVICE_UNAVAILABLE', errorMessage: 'Not every part of the platform is up' } };
}

/** A Redis client that is not connected is down at once; a connected one must answer PING. */
async function pingRedis(client: RedisClient): Promise<void> {
  if (client.status !== 'ready') throw new Error(`not connected (${client.status})`);
  await client.ping();
}

/** What the readiness checks ping (a Platform has each under these names). */
export interface DependencyPorts {
  dataSource: DataSource;
  redis: RedisClient;
  queueRedis: RedisClient;
  cacheRedis: RedisClient;
  /** Set when DATABASE_REPLICA_URL is: its being down degrades readiness, never fails it. */
  replica?: { ping(): Promise<void> } | null;
}

/**
 * What every role needs to serve: MySQL and Redis (the queue connection too, for a role that runs jobs), and the
 * cache Redis when CACHE_REDIS_URL names one of its own (flight searches cannot store offers without it; the
 * worker, which never touches it, passes `cache: false`).
 */
export function dependencyChecks(ports: DependencyPorts, options: { queues?: boolean; cache?: boolean } = {}): Record<string, () => Promise<unknown>> {
  const replica = ports.replica;
  return {
    mysql: () => pingDatabase(ports.dataSource),
    redis: () => Promise.all([pingRedis(ports.redis), ...(options.queues ? [pingRedis(ports.queueRedis)] : [])]),
    ...(options.cache !== false && ports.cacheRedis !== ports.redis ? { cacheRedis: () => pingRedis(ports.cacheRedis) } : {}),
    ...(replica ? { replica: () => replica.ping() } : {}),
  };
}
