import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from './invalidation-bus.service';

export interface InvalidatedCacheOptions<K, V> {
  /** The bus topic whose invalidations empty this cache (or the entries `matches` picks). */
  topic: string;
  /** Entry bound. */
  max: number;
  /** Longest life of an entry: a backstop for a change made behind the services' back (hand-written SQL). */
  ttlMs: number;
  /** Optional size bound, in the unit sizeOf counts (rows, bytes); an entry larger than maxSize is not kept. */
  maxSize?: number;
  sizeOf?: (value: V, key: K) => number;
  /** Which entries an invalidation with a key removes; by default the entry whose key is that string. */
  matches?: (invalidationKey: string, key: K, value: V) => boolean;
  /**
   * For a cache whose loads read through another process's cache of the same topic (the gateway's REST replies,
   * read through a subgraph's): that process may apply an invalidation after this one, and answer stale meanwhile.
   * A value whose load began within settleMs of an invalidation here is kept only settleMs.
   */
  settleMs?: number;
}

/**
 * A bounded in-process cache (LRU, entries or size, TTL) that forgets on every invalidation published on the
 * bus, serves nothing while the bus is not trusted, and never stores a value loaded before an invalidation.
 */
export class InvalidatedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  /** Loads in progress, so concurrent misses of one key make one load; emptied with the cache. */
  private readonly loading = new Map<K, Promise<V>>();
  private listening = false;
  /** When this cache last forgot (Date.now()); only read with settleMs. */
  private invalidatedAt = -Infinity;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly options: InvalidatedCacheOptions<K, V>,
  ) {
    this.entries = new LRUCache<K, V>({
      max: options.max,
      ttl: options.ttlMs,
      ...(options.maxSize ? { maxSize: options.maxSize, maxEntrySize: options.maxSize, sizeCalculation: (v, k) => Math.max(1, options.sizeOf!(v, k)) } : {}),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** A token to pass to set(): taken before a load, it tells whether the load may be stale by the time it ends. */
  version(): string | undefined {
    this.listen();
    return this.bus.trusted() ? this.bus.version(this.options.topic) : undefined;
  }

  get(key: K): V | undefined {
    this.listen();
    return this.bus.trusted() ? this.entries.get(key) : undefined;
  }

  /** Stores value unless the bus lost trust or the topic was invalidated since version() was taken. */
  set(key: K, value: V, version: string | undefined, ttlMs?: number): void {
    if (version === undefined || !this.bus.trusted() || this.bus.version(this.options.topic) !== version) return;
    const ttl = Math.min(ttlMs ?? Infinity, this.settleTtl(Date.now()));
    this.entries.set(key, value, ttl === Infinity ? undefined : { ttl: Math.max(1, Math.min(ttl, this.options.ttlMs)) });
  }

  /** The cached value, or load()'s, shared by concurrent callers; while the bus is not trusted, always load(). */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const version = this.version();
    if (version === undefined) return load();
    const hit = this.entries.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const startedAt = Date.now();
    const promise = load().finally(() => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    });
    this.loading.set(key, promise);
    return promise.then((value) => {
      this.set(key, value, version, this.settleTtl(startedAt));
      return value;
    });
  }

  /** settleMs for a load begun within settleMs of the last invalidation, else no limit of its own. */
  private settleTtl(startedAt: number): number {
    const settle = this.options.settleMs;
    return settle !== undefined && startedAt - this.invalidatedAt < settle ? settle : Infinity;
  }

  /** Subscribes on first use, not when built: building a schema to print it wires services but calls nothing. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this.bus.listen(this.options.topic, (key) => this.invalidate(key));
  }

  private invalidate(key: string | undefined): void {
    // Callers arriving after an invalidation must not join a load that began before it.
    this.loading.clear();
    this.invalidatedAt = Date.now();
    if (key === undefined) return this.entries.clear();
    const matches = this.options.matches ?? ((k: string, entryKey: K) => String(entryKey) === k);
    const doomed = [...this.entries.entries()].filter(([entryKey, value]) => matches(key, entryKey, value));
    for (const [entryKey] of doomed) this.entries.delete(entryKey);
  }
}
