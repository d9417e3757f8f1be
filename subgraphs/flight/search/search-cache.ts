import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { FlightException } from '../errors/flight.exception';
import type { SupplierOffer, SupplierSearchCriteria } from '../supplier/flight-supplier.port';

/**
 * Supplier answers for identical criteria, kept briefly in Redis so that paging, repeated
 * searches and look-ahead retries do not hit the supplier again. Offers shown to a user are
 * still stored per user; the cache holds only the supplier's anonymous answer.
 */
export class SearchCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  async getOrFetch(criteria: SupplierSearchCriteria, fetch: () => Promise<SupplierOffer[]>): Promise<SupplierOffer[]> {
    if (this.ttlSeconds === 0) return fetch();
    const key = `${this.prefix}:flight-search:${createHash('sha256').update(canonical(criteria)).digest('hex')}`;
    const cached = await this.guard(() => this.redis.get(key));
    if (cached) return JSON.parse(cached) as SupplierOffer[];
    const offers = await fetch();
    await this.guard(() => this.redis.set(key, JSON.stringify(offers), 'EX', this.ttlSeconds));
    return offers;
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
