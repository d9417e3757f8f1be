import { createHash } from 'node:crypto';
import type { RedisClient } from '../../../shared/redis/redis.client';
import { FlightException } from '../errors/flight.exception';
import { compressJson, decompressJson } from '../../../shared/redis/compressed-json.codec';
import type { SupplierOffer, SupplierSearchCriteria } from '../supplier/flight-supplier.port';

/**
 * A supplier answer with what has been worked out from it (priced offers per pricing terms),
 * which is valid exactly as long as the answer is. The offers are shared between requests:
 * never mutate them.
 */
export interface SupplierAnswer {
  readonly offers: readonly SupplierOffer[];
  readonly derived: DerivedValues;
}

/** Values computed from one supplier answer, keyed by what else they depend on; at most `max`. */
export class DerivedValues {
  private readonly values = new Map<string, unknown>();

  constructor(private readonly max = 4) {}

  /** The value for `key`, computed once; a computation that throws stores nothing. */
  get<T>(key: string, compute: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = compute();
    if (this.values.size >= this.max) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, value);
    return value;
  }
}

interface LocalAnswer {
  until: number;
  answer: SupplierAnswer;
}

/**
 * Supplier answers for identical criteria, kept briefly in Redis (compressed JSON) so that paging,
 * repeated searches and look-ahead retries do not hit the supplier again. Offers shown to a user are
 * still stored per user; the cache holds only the supplier's anonymous answer.
 *
 * Each process also keeps the parsed answers it used (at most `maxLocal`, least recently used
 * out first) until the same instant the Redis copy expires (stored with it), so a repeated
 * search neither parses the answer again nor prices it again for the same terms.
 */
export class SearchCache {
  private readonly local = new Map<string, LocalAnswer>();

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    private readonly maxLocal = 64,
    private readonly now: () => number = Date.now,
  ) {}

  async getOrFetch(criteria: SupplierSearchCriteria, fetch: () => Promise<SupplierOffer[]>): Promise<SupplierAnswer> {
    if (this.ttlSeconds === 0) return { offers: await fetch(), derived: new DerivedValues() };
    const localKey = canonical(criteria);
    const local = this.local.get(localKey);
    if (local) {
      this.local.delete(localKey);
      if (local.until > this.now()) {
        this.local.set(localKey, local);
        return local.answer;
      }
    }
    const key = `${this.prefix}:flight-search:v3:${createHash('sha256').update(localKey).digest('hex')}`;
    const cached = await this.guard(() => this.redis.getBuffer(key));
    if (cached) {
      const { until, offers } = decompressJson<{ until: number; offers: SupplierOffer[] }>(cached);
      if (until > this.now()) return this.remember(localKey, until, offers);
    }
    const offers = await fetch();
    const until = this.now() + this.ttlSeconds * 1000;
    await this.guard(() => this.redis.set(key, compressJson({ until, offers }), 'PX', this.ttlSeconds * 1000));
    return this.remember(localKey, until, offers);
  }

  private remember(key: string, until: number, offers: SupplierOffer[]): SupplierAnswer {
    const answer: SupplierAnswer = { offers, derived: new DerivedValues() };
    this.local.delete(key);
    if (this.local.size >= this.maxLocal) this.local.delete(this.local.keys().next().value as string);
    this.local.set(key, { until, answer });
    return answer;
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      throw FlightException.storeUnavailable('search cache');
    }
  }
}

/** Key order and list order must not change the cache key. */
function canonical(criteria: SupplierSearchCriteria): string {
  return JSON.stringify(
    {
      ...criteria,
      includedAirlineCodes: [...(criteria.includedAirlineCodes ?? [])].sort(),
      excludedAirlineCodes: [...(criteria.excludedAirlineCodes ?? [])].sort(),
      returnDate: criteria.returnDate ?? null,
      travelClass: criteria.travelClass ?? null,
    },
    Object.keys({ ...criteria, includedAirlineCodes: 0, excludedAirlineCodes: 0, returnDate: 0, travelClass: 0 }).sort(),
  );
}
