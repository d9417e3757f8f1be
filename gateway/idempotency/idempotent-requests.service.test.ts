import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createLogger } from '../../shared/logging/logger';
import { IdempotencyStore } from './idempotency.store';
import { IdempotentRequests } from './idempotent-requests.service';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('IdempotentRequests lease (real Redis)', () => {
  const redis = new Redis(REDIS_URL);
  const prefix = `test_idempotent_requests_${randomUUID()}`;
  // A lease far shorter than the request below: only its renewal keeps the twin out.
  const store = new IdempotencyStore(redis, prefix, { leaseMs: 300, keepMs: 60_000, keysPerAccountPerDay: 100 });
  const requests = new IdempotentRequests(store, createLogger('error'));
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('keeps the key of a request that runs longer than its lease, then replays its answer', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const first = requests.run('acct-1', 'key-long', 'fp', async () => {
      await finished;
      return { status: 201, headers: {}, body: { id: 1 } };
    });
    // Three leases later the first request still runs: its twin is still refused.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await store.claim('acct-1', 'key-long', 'fp')).toEqual({ kind: 'in-use', retryAfterSeconds: 1 });
    finish();
    expect(await first).toMatchObject({ status: 201, replayed: false });
    expect(await store.claim('acct-1', 'key-long', 'fp')).toMatchObject({ kind: 'replay', answer: { status: 201 } });
  });

  it('renews only its own run: a record taken over after a lapse is not extended by the old run', async () => {
    const stale = await store.claim('acct-2', 'key-x', 'fp');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = await store.claim('acct-2', 'key-x', 'fp');
    expect(fresh.kind).toBe('run');
    expect(stale.kind === 'run' && (await store.renew('acct-2', 'key-x', stale.token))).toBe(false);
    expect(fresh.kind === 'run' && (await store.renew('acct-2', 'key-x', fresh.token))).toBe(true);
  });
});
