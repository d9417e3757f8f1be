import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { IdempotencyStore } from './idempotency.store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('IdempotencyStore (real Redis)', () => {
  const redis = new Redis(REDIS_URL);
  const prefix = `test_idempotency_${randomUUID()}`;
  const store = new IdempotencyStore(redis, prefix, { leaseMs: 300, keepMs: 60_000, keysPerAccountPerDay: 3 });
  const answer = { status: 201, headers: { location: '/x' }, body: '{"id":1}' };
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('lets the first request run, refuses its twin while it runs, then replays its answer', async () => {
    const first = await store.claim('acct-1', 'key-a', 'fp-1');
    expect(first.kind).toBe('run');
    expect(await store.claim('acct-1', 'key-a', 'fp-1')).toEqual({ kind: 'in-use', retryAfterSeconds: 1 });
    if (first.kind === 'run') await store.keep('acct-1', 'key-a', first.token, 'fp-1', answer);
    expect(await store.claim('acct-1', 'key-a', 'fp-1')).toEqual({ kind: 'replay', answer });
  });

  it('refuses the same key for another request, running or kept; another account has keys of its own', async () => {
    expect(await store.claim('acct-1', 'key-a', 'fp-2')).toEqual({ kind: 'reused' });
    expect((await store.claim('acct-2', 'key-a', 'fp-2')).kind).toBe('run');
  });

  it('frees a released key for the retry, and a key whose process died when its lease ends', async () => {
    const run = await store.claim('acct-3', 'key-b', 'fp');
    if (run.kind === 'run') await store.release('acct-3', 'key-b', run.token);
    const again = await store.claim('acct-3', 'key-b', 'fp');
    expect(again.kind).toBe('run');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await store.claim('acct-3', 'key-b', 'fp')).kind).toBe('run');
  });

  it("settles only its own run: a run whose lease ended cannot overwrite the next run's record", async () => {
    const stale = await store.claim('acct-4', 'key-c', 'fp');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = await store.claim('acct-4', 'key-c', 'fp');
    if (stale.kind === 'run') await store.keep('acct-4', 'key-c', stale.token, 'fp', answer);
    expect(await store.claim('acct-4', 'key-c', 'fp')).toEqual({ kind: 'in-use', retryAfterSeconds: 1 });
    if (fresh.kind === 'run') await store.keep('acct-4', 'key-c', fresh.token, 'fp', { ...answer, body: '{"id":2}' });
    expect(await store.claim('acct-4', 'key-c', 'fp')).toMatchObject({ kind: 'replay', answer: { body: '{"id":2}' } });
  });

  it('bounds the keys one account starts in a day', async () => {
    for (const key of ['k1', 'k2', 'k3']) expect((await store.claim('acct-5', key, 'fp')).kind).toBe('run');
    const refused = await store.claim('acct-5', 'k4', 'fp');
    expect(refused.kind).toBe('limit');
    expect(refused.kind === 'limit' && refused.retryAfterSeconds).toBeGreaterThan(86_000);
  });
});
