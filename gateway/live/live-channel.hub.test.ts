import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createLogger } from '../../shared/logging/logger';
import type { RedisClient } from '../../shared/redis/redis.client';
import { LiveChannelHub } from './live-channel.hub';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The hub's subscriber connection against a real Redis. A stream that subscribes while the connection is in its
 * handshake (TCP connected, ready check not done) must not break it: ioredis writes the SUBSCRIBE at once, and Redis
 * then refuses the ready check's INFO on the subscribed connection (redis/ioredis#2037). Seen as a live stream that
 * answered "ERR Can't execute 'info'" and completed at once, while the test waited for its first message.
 */
describe('LiveChannelHub (real Redis)', () => {
  const prefix = `test_live_hub_${randomUUID()}`;
  const publisher = new Redis(REDIS_URL);
  afterAll(() => publisher.quit());

  it('admits a stream that subscribes during the connection handshake, and delivers to both', async () => {
    const hub = new LiveChannelHub(REDIS_URL, prefix, createLogger('error'));
    try {
      const first = hub.listen(`${prefix}:a`, () => undefined);
      // The connection the first listen made; the second stream arrives the moment TCP connects, before the ready check.
      const subscriber = (hub as unknown as { subscriber: RedisClient }).subscriber;
      const second = new Promise<{ unlisten: () => Promise<void>; got: Promise<string> }>((resolve, reject) => {
        subscriber.once('connect', () => {
          let delivered!: (bookingId: string) => void;
          const got = new Promise<string>((r) => (delivered = r));
          hub.listen(`${prefix}:b`, (update) => delivered(update.bookingId)).then((unlisten) => resolve({ unlisten, got }), reject);
        });
      });
      await expect(first).resolves.toEqual(expect.any(Function));
      const { got } = await second;
      const update = {
        eventId: randomUUID(),
        eventType: 'train.issuance.issued',
        accountId: randomUUID(),
        kind: 'TRAIN',
        bookingId: randomUUID(),
        status: 'ISSUED',
        occurredAt: new Date().toISOString(),
      };
      await publisher.publish(`${prefix}:b`, JSON.stringify(update));
      await expect(got).resolves.toBe(update.bookingId);
    } finally {
      await hub.close();
    }
  });
});
