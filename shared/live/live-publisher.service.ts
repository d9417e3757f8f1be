import type Redis from 'ioredis';
import type { RedisClient } from '../redis/redis.client';
import type { JobDefinition } from '../queue/worker-host.service';
import { LIVE_JOBS } from './live.jobs';
import { accountChannel, bookingChannel, type LiveBookingUpdate } from './live-update.contract';

/**
 * Publishes a committed booking change to the account's and the booking's channels. Pub/sub keeps nothing: a gateway
 * that is not subscribed at that moment misses it, which is why a live stream starts with the booking's current state.
 */
export class LivePublisher {
  constructor(
    private readonly redis: Pick<Redis, 'publish'>,
    private readonly queuePrefix: string,
  ) {}

  async publish(update: LiveBookingUpdate): Promise<{ receivers: number }> {
    const message = JSON.stringify(update);
    const [byAccount, byBooking] = await Promise.all([
      this.redis.publish(accountChannel(this.queuePrefix, update.accountId), message),
      this.redis.publish(bookingChannel(this.queuePrefix, update.kind, update.bookingId), message),
    ]);
    return { receivers: byAccount + byBooking };
  }
}

/** The live queue's job, for the worker role. */
export function liveJobs(ports: { redis: RedisClient; config: { queuePrefix: string } }): JobDefinition[] {
  const publisher = new LivePublisher(ports.redis, ports.config.queuePrefix);
  return [LIVE_JOBS.publish.runs((update) => publisher.publish(update))];
}
