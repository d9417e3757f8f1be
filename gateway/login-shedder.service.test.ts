import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { LoginShedder } from './login-shedder.service';
import { loginAttemptsLimiter } from '../shared/auth/login-attempts.limiter';
import { throttleAddress } from '../shared/http/client-address.reader';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMITS = { addressMaxAttempts: 3, addressAttemptWindowSeconds: 60 };

describe('LoginShedder (real Redis)', () => {
  const redis = new Redis(REDIS_URL);
  const prefix = `test_login_shedder_${randomUUID()}`;
  // What the admin subgraph's throttle counts in: the shedder only reads it.
  const throttleWindow = loginAttemptsLimiter(redis, prefix, LIMITS);
  // The limiter refuses to count on a connection that is not ready yet (rejectIfRedisNotReady).
  beforeAll(() => redis.ping());
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("admits an address until the throttle's window holds its budget, then gives the seconds until the window ends", async () => {
    const shedder = new LoginShedder(redis, prefix, LIMITS);
    for (let i = 0; i < LIMITS.addressMaxAttempts; i++) {
      expect(await shedder.admit('203.0.113.7')).toBeNull();
      await throttleWindow.consume('203.0.113.7');
    }
    const wait = await shedder.admit('203.0.113.7');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.addressAttemptWindowSeconds);
    expect(await shedder.admit('203.0.113.8')).toBeNull();
    // Reading counts nothing: the window still holds the budget, not more.
    expect((await throttleWindow.get('203.0.113.7'))?.consumedPoints).toBe(LIMITS.addressMaxAttempts);
  });

  it('sees the same window in every process, and an unlock (the counter deleted) reopens it for all', async () => {
    const [one, other] = [new LoginShedder(redis, prefix, LIMITS), new LoginShedder(redis, prefix, LIMITS)];
    for (let i = 0; i < LIMITS.addressMaxAttempts; i++) await throttleWindow.consume('203.0.113.9');
    expect(await one.admit('203.0.113.9')).not.toBeNull();
    expect(await other.admit('203.0.113.9')).not.toBeNull();
    await throttleWindow.delete('203.0.113.9');
    expect(await one.admit('203.0.113.9')).toBeNull();
    expect(await other.admit('203.0.113.9')).toBeNull();
  });

  it('counts an IPv6 /64 as one address', async () => {
    const shedder = new LoginShedder(redis, prefix, LIMITS);
    // The throttle counts under the address's /64, as the shedder reads it.
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) await throttleWindow.consume(throttleAddress(address));
    expect(await shedder.admit('2001:db8:1:2::42')).not.toBeNull();
    expect(await shedder.admit('2001:db8:1:3::1')).toBeNull();
  });

  it('lets the attempt through to the throttle (which answers 503) when Redis cannot be asked', async () => {
    const closed = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    expect(await new LoginShedder(closed, prefix, LIMITS).admit('203.0.113.7')).toBeNull();
    closed.disconnect();
  });
});
