import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../../shared/redis/redis.client';
import type { LiveConfig } from '../../shared/config/live.config';

/**
 * Admits at most LIVE_STREAMS_PER_ACCOUNT open streams per account across every gateway replica, and at most
 * LIVE_STREAMS_PER_PROCESS in this process. An account's slots are a Redis sorted set of stream ids scored by lease
 * expiry: each gateway renews the leases of its open streams, so the slots of a crashed replica lapse by themselves.
 */
export type SlotRefusal = { reason: 'ACCOUNT'; limit: number; retryAfterSeconds: number } | { reason: 'PROCESS'; limit: number; retryAfterSeconds: number };

export interface StreamSlot {
  release(): Promise<void>;
}

// Drops lapsed leases, then adds this stream if the account has room. KEYS[1] the set; ARGV now, expiry, id, limit, ttl ms.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export class LiveStreamSlots {
  /** Open streams of this process: slot key and stream id. */
  private readonly open = new Map<string, string>();
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClient,
    private readonly queuePrefix: string,
    private readonly config: LiveConfig,
    private readonly now: () => number = Date.now,
  ) {
    // A third of the lease: two renewals can fail before a live stream's slot lapses.
    this.renewal = setInterval(() => void this.renew().catch(() => undefined), Math.floor(config.streamLeaseMs / 3));
    this.renewal.unref();
  }

  get openCount(): number {
    return this.open.size;
  }

  async acquire(accountId: string): Promise<StreamSlot | SlotRefusal> {
    if (this.open.size >= this.config.streamsPerProcess) return { reason: 'PROCESS', limit: this.config.streamsPerProcess, retryAfterSeconds: 5 };
    const key = `${this.queuePrefix}:live:streams:${accountId}`;
    const id = randomUUID();
    // Counted here before Redis answers, so concurrent requests cannot all pass the process cap.
    this.open.set(id, key);
    const now = this.now();
    const ok = await this.redis
      .eval(ACQUIRE, 1, key, now, now + this.config.streamLeaseMs, id, this.config.streamsPerAccount, this.config.streamLeaseMs)
      .catch((error: unknown) => {
        this.open.delete(id);
        throw error;
      });
    if (Number(ok) !== 1) {
      this.open.delete(id);
      return { reason: 'ACCOUNT', limit: this.config.streamsPerAccount, retryAfterSeconds: Math.ceil(this.config.streamLeaseMs / 1000) };
    }
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.open.delete(id);
        await this.redis.zrem(key, id).catch(() => undefined);
      },
    };
  }

  close(): void {
    clearInterval(this.renewal);
  }

  private async renew(): Promise<void> {
    if (this.open.size === 0) return;
    const expiry = this.now() + this.config.streamLeaseMs;
    const pipeline = this.redis.pipeline();
    for (const [id, key] of this.open) {
      pipeline.zadd(key, 'XX', expiry, id);
      pipeline.pexpire(key, this.config.streamLeaseMs);
    }
    await pipeline.exec();
  }
}

export function isRefusal(value: StreamSlot | SlotRefusal): value is SlotRefusal {
  return 'reason' in value;
}
