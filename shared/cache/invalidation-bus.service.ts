import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import { createRedis, whenReady, type RedisClient, type RedisTarget } from '../redis/redis.client';

/** What a process tells every other one: a topic (which cache) and, optionally, which part of it changed. */
export interface Invalidation {
  topic: string;
  /** Absent: forget everything under the topic. */
  key?: string;
  /** The publishing bus, which applied it already and ignores its own echo. */
  from?: string;
}

type Handler = (key: string | undefined) => void;

/** A subscriber pings this often; a reply older than TRUST_WINDOW_MS means the link is not known to be alive. */
const HEARTBEAT_MS = 300;
export const TRUST_WINDOW_MS = 1_000;
/** A publisher waits this long for its Redis connection before giving up (logged; the cache TTLs still bound staleness). */
const PUBLISH_WAIT_MS = 2_000;

/**
 * Redis pub/sub between processes that cache: a change (revocation, a company edit) is published after it
 * commits, and every subscribed process drops what it cached. A cache may serve an entry only while this bus
 * is trusted: subscribed, with a heartbeat answered within the last second. Whenever that stops (disconnect,
 * a hung link) every cache is cleared, because messages sent meanwhile are lost; until the subscription is
 * back, caches load from the database every time (see "Caches and invalidation" in docs/decisions.md).
 */
export class InvalidationBus {
  private readonly handlers = new Map<string, Set<Handler>>();
  /** Bumped on every invalidation of a topic: a load that started before must not be stored. */
  private readonly topicVersions = new Map<string, number>();
  /** Bumped whenever trust is lost: entries and loads from before cannot be told apart from stale ones. */
  private generation = 0;
  private subscriber: RedisClient | undefined;
  private subscribed = false;
  private lastHeartbeat = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  /** How this process's subscriber shows in Redis's CLIENT LIST. */
  readonly connectionName: string;
  private readonly id = randomUUID();

  constructor(
    private readonly publisher: RedisClient,
    private readonly target: string | RedisTarget,
    /** One channel per deployment (the queue prefix), so deployments and test files sharing a Redis do not mix. */
    readonly channel: string,
    private readonly logger: Logger,
  ) {
    this.connectionName = `safiri-invalidation:${channel}:${process.pid}`;
  }

  /** Calls handler for every invalidation of topic, from this process or another; starts the subscription. */
  listen(topic: string, handler: Handler): void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    this.start();
  }

  /** True while every invalidation published elsewhere is known to reach this process. */
  trusted(): boolean {
    return this.subscribed && Date.now() - this.lastHeartbeat <= TRUST_WINDOW_MS;
  }

  /** Changes whenever an entry of the topic loaded before now may be stale; compare before and after a load. */
  version(topic: string): string {
    return `${this.generation}:${this.topicVersions.get(topic) ?? 0}`;
  }

  /**
   * Applies the invalidation here at once, then tells every other process. Call it after the change commits.
   * A failed publish is logged, not thrown: the change itself is done, and the caches' TTLs bound the rest.
   */
  async publish(topic: string, key?: string): Promise<void> {
    this.apply({ topic, key });
    const message = JSON.stringify({ topic, key, from: this.id });
    try {
      await whenReady(this.publisher, PUBLISH_WAIT_MS);
      await this.publisher.publish(this.channel, message);
    } catch (error) {
      this.logger.error('could not publish a cache invalidation: other processes keep their copy until its TTL ends', {
        topic,
        key,
        reason: (error as Error).message,
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.subscribed = false;
    this.subscriber?.disconnect();
    this.subscriber = undefined;
  }

  /** Subscribes now rather than at a cache's first use (a caller that wants the bus trusted before it starts). */
  start(): void {
    if (this.subscriber || this.closed) return;
    // A connection of its own: a subscribed connection can run no other command. It queues commands while
    // reconnecting (the subscribe on 'ready' must not be dropped) and resubscribes by itself below.
    const subscriber = createRedis(this.target, 'queue', { autoResubscribe: false, connectionName: this.connectionName });
    this.subscriber = subscriber;
    subscriber.on('error', (error) => this.logger.warn('redis (invalidation) connection error', { reason: error.message }));
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => {
          // Anything published while unsubscribed was missed: start from empty caches.
          this.loseTrust();
          this.lastHeartbeat = Date.now();
          this.subscribed = true;
        },
        (error: Error) => this.logger.warn('could not subscribe to cache invalidations', { reason: error.message }),
      );
    });
    subscriber.on('close', () => {
      if (this.subscribed) this.logger.warn('cache invalidations unavailable: caches are bypassed until Redis is back');
      this.subscribed = false;
      this.loseTrust();
    });
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      this.lastHeartbeat = Date.now();
      const message = parseInvalidation(raw);
      if (message) {
        if (message.from !== this.id) this.apply(message);
      } else this.logger.warn('ignored a malformed cache invalidation', { length: raw.length });
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private beat(): void {
    const subscriber = this.subscriber;
    if (!subscriber || !this.subscribed) return;
    const sent = Date.now();
    subscriber.ping().then(
      () => {
        // The answer came, but after a silence long enough that trust had lapsed: entries from before are suspect.
        if (sent - this.lastHeartbeat > TRUST_WINDOW_MS) this.loseTrust();
        this.lastHeartbeat = Date.now();
      },
      () => undefined,
    );
  }

  private loseTrust(): void {
    this.generation++;
    for (const [topic, set] of this.handlers) {
      this.bump(topic);
      for (const handler of set) handler(undefined);
    }
  }

  private apply({ topic, key }: Invalidation): void {
    this.bump(topic);
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }

  private bump(topic: string): void {
    this.topicVersions.set(topic, (this.topicVersions.get(topic) ?? 0) + 1);
  }
}

const MAX_MESSAGE_BYTES = 1_024;

function parseInvalidation(raw: string): Invalidation | undefined {
  if (raw.length > MAX_MESSAGE_BYTES) return undefined;
  try {
    const value = JSON.parse(raw) as { topic?: unknown; key?: unknown; from?: unknown };
    if (typeof value.topic !== 'string') return undefined;
    if (value.key !== undefined && typeof value.key !== 'string') return undefined;
    return { topic: value.topic, key: value.key as string | undefined, from: typeof value.from === 'string' ? value.from : undefined };
  } catch {
    return undefined;
  }
}
