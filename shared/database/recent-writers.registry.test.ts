import { createLogger } from '../logging/logger';
import type { RedisClient } from '../redis/redis.client';
import { noteAccount, runInRequestScope } from '../context/request-scope.state';
import { RecentWriters } from './recent-writers.registry';

/** The window's bookkeeping over a fake Redis (test/integration/read-replica.test.ts runs it on a real one). */

function fakeRedis(exists: () => Promise<number>) {
  const calls: unknown[][] = [];
  const redis = {
    set: async (...args: unknown[]) => {
      calls.push(['set', ...args]);
      return 'OK';
    },
    exists: (...args: unknown[]) => {
      calls.push(['exists', ...args]);
      return exists();
    },
  };
  return { redis: redis as unknown as RedisClient, calls };
}

const logger = createLogger('error');
const asAccount = <T>(accountId: string | undefined, fn: () => T) =>
  runInRequestScope('req-writers-0001', () => {
    noteAccount(accountId);
    return fn();
  });

describe('RecentWriters', () => {
  it("records the request's account once per request, under the queue prefix with the window as its TTL, and no work without an account", () => {
    const { redis, calls } = fakeRedis(async () => 0);
    const writers = new RecentWriters(redis, '{safiri}', 5000, logger);
    asAccount('acc-1', () => {
      writers.rememberCurrent();
      writers.rememberCurrent();
    });
    asAccount(undefined, () => writers.rememberCurrent());
    expect(calls).toEqual([['set', '{safiri}:db-recent-writer:acc-1', '1', 'PX', 5000]]);
  });

  it('answers yes when Redis fails or does not answer in time, so the read goes to the primary', async () => {
    const failing = new RecentWriters(fakeRedis(() => Promise.reject(new Error('Connection is closed.'))).redis, 'p', 5000, logger);
    expect(await asAccount('acc-1', () => failing.isCurrentRecent())).toBe(true);
    const silent = new RecentWriters(fakeRedis(() => new Promise<number>(() => undefined)).redis, 'p', 5000, logger);
    expect(await asAccount('acc-1', () => silent.isCurrentRecent())).toBe(true);
  });
});
