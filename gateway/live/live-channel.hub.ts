import { createRedis, whenReady, type RedisClient, type RedisTarget } from '../../shared/redis/redis.client';
import type { Logger } from '../../shared/logging/logger';
import { parseLiveUpdate, type LiveBookingUpdate } from '../../shared/live/live-update.contract';

type Listener = (update: LiveBookingUpdate) => void;

/** How long a new stream waits for the subscriber connection before it is refused (the client retries). */
const READY_WAIT_MS = 5_000;

/**
 * One Redis subscriber connection per gateway process, shared by all its live streams: a channel is subscribed while
 * at least one stream listens to it. Pub/sub keeps nothing, so a stream starts only once Redis confirmed its channel.
 */
export class LiveChannelHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscriber: RedisClient | undefined;
  private lost: Array<() => void> = [];
  /** How CLIENT LIST names this process's subscriber: the deployment (queue prefix) and the process id. */
  readonly connectionName: string;

  constructor(
    private readonly target: string | RedisTarget,
    queuePrefix: string,
    private readonly logger: Logger,
  ) {
    this.connectionName = `safiri-live:${queuePrefix}:${process.pid}`;
  }

  /** Listens to `channel` once Redis has confirmed the subscription; the returned function stops listening. */
  async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    try {
      const subscriber = this.connection();
      // Not before the connection's handshake is done (see whenReady): a SUBSCRIBE during it breaks the connection.
      await whenReady(subscriber, READY_WAIT_MS);
      // Another stream's subscribe of this channel may still be on its way: subscribing again is harmless and confirms it.
      await subscriber.subscribe(channel);
    } catch (error) {
      await this.drop(channel, listener);
      throw error;
    }
    if (first) this.logger.debug('live channel subscribed', { channel });
    return () => this.drop(channel, listener);
  }

  /** Called when the subscriber connection drops: updates published meanwhile are lost, so streams must start again. */
  onConnectionLost(callback: () => void): () => void {
    this.lost.push(callback);
    return () => {
      this.lost = this.lost.filter((c) => c !== callback);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.subscriber?.disconnect();
    this.subscriber = undefined;
  }

  private async drop(channel: string, listener: Listener): Promise<void> {
    const set = this.listeners.get(channel);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(channel);
    await this.subscriber?.unsubscribe(channel).catch((error: Error) => this.logger.warn('live channel unsubscribe failed', { reason: error.message }));
  }

  private connection(): RedisClient {
    if (this.subscriber) return this.subscriber;
    // A connection of its own (a subscribed connection runs no other command); it queues the subscribe while connecting.
    const subscriber = createRedis(this.target, 'queue', { autoResubscribe: true, connectionName: this.connectionName });
    subscriber.on('error', (error) => this.logger.warn('redis (live) connection error', { reason: error.message }));
    subscriber.on('message', (channel: string, message: string) => {
      const update = parseLiveUpdate(message);
      if (!update) return;
      for (const listener of this.listeners.get(channel) ?? []) listener(update);
    });
    let wasReady = false;
    subscriber.on('ready', () => {
      wasReady = true;
    });
    subscriber.on('close', () => {
      if (!wasReady) return;
      wasReady = false;
      for (const callback of [...this.lost]) callback();
    });
    this.subscriber = subscriber;
    return subscriber;
  }
}
