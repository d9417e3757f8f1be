import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { RedisClient } from '../../../shared/redis/redis.client';
import { FlightException } from '../errors/flight.exception';
import { compressJson, decompressJson } from '../../../shared/redis/compressed-json.codec';
import { isRandomOfferReference, newSearchId, offerReferenceOf, parseOfferReference } from './offer-reference.codec';

export interface OfferSlot {
  offerReference: string;
  expiresAt: Date;
}

/** An offer found for the account that searched it. Past `expiresAt` it is expired, whatever Redis still holds. */
export interface StoredOffer<TOffer, TCriteria> {
  gone: false;
  offerReference: string;
  searchId: string;
  accountId: string;
  expiresAt: Date;
  offer: TOffer;
  criteria: TCriteria;
}

/** A reference whose search is no longer stored and whose own expiry has passed: it expired (410), it is not unknown (404). */
export interface ExpiredOffer {
  gone: true;
  offerReference: string;
  expiresAt: Date;
}

export type LoadedOffer<TOffer, TCriteria> = StoredOffer<TOffer, TCriteria> | ExpiredOffer;

/**
 * A list of offers stored once and shared by every search that shows them (the same supplier
 * answer priced with the same terms is the same list for everyone). Immutable once made; the
 * store notes here how long its Redis copy lives, so a repeated search only extends it.
 */
export interface OfferSnapshot<TOffer> {
  readonly id: string;
  readonly offers: readonly TOffer[];
  /** Epoch ms until which this process last made the stored copy live; 0 when not stored yet. */
  storedUntil: number;
}

/**
 * The one key of a search. It shows `snapshot.offers[indexes[position]]` at each position, or, when
 * `count` is given instead, the first `count` offers of the snapshot in order (the common case: no maxPrice).
 */
export interface StoredSearch<TCriteria> {
  accountId: string;
  snapshotId: string;
  /** Epoch ms: the deadline of every offer of the search. */
  expiresAt: number;
  count?: number;
  indexes?: number[];
  criteria: TCriteria;
}

/**
 * The key and its offer deadline expire together, but on two clocks (Redis's and this process's): a key missing
 * this close to its offers' expiry is taken as expired rather than as never stored.
 */
export const EXPIRY_CLOCK_TOLERANCE_MS = 1000;

/**
 * One search in one atomic command. KEYS: snapshot, search; ARGV: TTL ms, the snapshot (compressed JSON) or '' to
 * only extend it, the search's JSON. The snapshot lives as long as its longest-lived search (PEXPIRE GT never
 * shortens it; SET NX never replaces another search's copy). Answers 0 when the snapshot to extend is gone.
 * Defined with ioredis's defineCommand, which sends EVALSHA and falls back to EVAL when the server has not
 * seen the script (after a restart or SCRIPT FLUSH).
 */
const SAVE_SCRIPT = `local kept = 1
if ARGV[2] == '' or not redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[1], 'NX') then
  if redis.call('PEXPIRE', KEYS[1], ARGV[1], 'GT') == 0 then kept = redis.call('EXISTS', KEYS[1]) end
end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[1])
return kept`;

type RedisWithSave = Redis & {
  saveFlightSearch(snapshotKey: string, searchKey: string, ttlMs: string, snapshot: Buffer | '', search: string): Promise<number>;
};

export const offerKeys = (prefix: string) => ({
  search: (searchId: string) => `${prefix}:flight-offers:${searchId}`,
  /** Compressed JSON (shared/redis/compressed-json.codec.ts). */
  snapshot: (snapshotId: string) => `${prefix}:flight-offer-snapshot:v2:${snapshotId}`,
});

/**
 * The layout before one key per search: a key per random offerReference pointing at a criteria key and the
 * snapshot, each kept an hour past the offer's expiry. Read for references handed out before a deploy, until
 * they are gone (OFFER_TTL_SECONDS plus that hour); nothing writes it any more.
 */
const legacyKeys = (prefix: string) => ({
  reference: (offerReference: string) => `${prefix}:flight-offer:${offerReference}`,
  search: (searchId: string) => `${prefix}:flight-offer-search:${searchId}`,
  snapshot: (snapshotId: string) => `${prefix}:flight-offer-snapshot:${snapshotId}`,
});

interface LegacyReferenceRecord {
  searchId: string;
  snapshotId: string;
  index: number;
  accountId: string;
  expiresAt: number;
}

/**
 * The authoritative server-side snapshot of search offers. An offerReference only resolves for
 * the account that searched; a submitted offer body is never trusted beyond its reference.
 *
 * Kept in Redis, two keys per search whatever its offer count: the search (account, criteria, snapshot,
 * which offers, deadline) under an id the offerReference carries (offer-reference.codec.ts), and the snapshot,
 * compressed, written once per snapshot and then only given a longer life. Both expire exactly at the
 * offers' deadline.
 */
export class OfferStore<TOffer, TCriteria> {
  private readonly keys: ReturnType<typeof offerKeys>;
  private readonly legacy: ReturnType<typeof legacyKeys>;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    /** Epoch ms: when a reference whose search is gone has expired. */
    private readonly now: () => number = Date.now,
  ) {
    this.keys = offerKeys(prefix);
    this.legacy = legacyKeys(prefix);
  }

  /** The connection with the save script defined, on first use: printing the schema builds this store without Redis. */
  private withSaveScript(): RedisWithSave {
    if (!('saveFlightSearch' in this.redis)) this.redis.defineCommand('saveFlightSearch', { numberOfKeys: 2, lua: SAVE_SCRIPT });
    return this.redis as RedisWithSave;
  }

  snapshotOf(offers: readonly TOffer[]): OfferSnapshot<TOffer> {
    return { id: randomUUID(), offers, storedUntil: 0 };
  }

  /** Stores these offers for one search. */
  save(accountId: string, criteria: TCriteria, offers: TOffer[], now: Date, ttlSeconds: number): Promise<OfferSlot[]> {
    return this.saveFrom(
      this.snapshotOf(offers),
      offers.map((_, i) => i),
      accountId,
      criteria,
      now,
      ttlSeconds,
    );
  }

  /** Stores one search showing `snapshot.offers[i]` for each i of `indexes`, in that order. Nothing when there are none. */
  async saveFrom(
    snapshot: OfferSnapshot<TOffer>,
    indexes: readonly number[],
    accountId: string,
    criteria: TCriteria,
    now: Date,
    ttlSeconds: number,
  ): Promise<OfferSlot[]> {
    if (indexes.length === 0) return [];
    const ttlMs = ttlSeconds * 1000;
    const expiresAt = new Date(now.getTime() + ttlMs);
    const searchId = newSearchId(expiresAt.getTime());
    const slots = indexes.map((_, position) => ({ offerReference: offerReferenceOf(searchId, position), expiresAt }));
    const snapshotKey = this.keys.snapshot(snapshot.id);
    const wasStored = snapshot.storedUntil > 0;
    // Set before the await: a concurrent search on this snapshot then only extends it, and its
    // script goes out on the same connection after this one, so after the SET.
    snapshot.storedUntil = expiresAt.getTime();
    const inOrder = indexes.every((index, position) => index === position);
    const search: StoredSearch<TCriteria> = {
      accountId,
      snapshotId: snapshot.id,
      expiresAt: expiresAt.getTime(),
      ...(inOrder ? { count: indexes.length } : { indexes: [...indexes] }),
      criteria,
    };
    const searchJson = JSON.stringify(search);
    const save = (offers: Buffer | '') => this.withSaveScript().saveFlightSearch(snapshotKey, this.keys.search(searchId), String(ttlMs), offers, searchJson);
    const onFailure = () => (snapshot.storedUntil = 0);
    const snapshotKept = await this.guard(() => save(wasStored ? '' : compressJson(snapshot.offers)), onFailure);
    // The shared copy was gone (Redis restarted, flushed or evicted it since this process wrote it): write it again.
    if (snapshotKept === 0) await this.guard(() => save(compressJson(snapshot.offers)), onFailure);
    return slots;
  }

  /**
   * The offer behind a reference; an ExpiredOffer when its search is gone and its deadline has passed; null when
   * it was never stored, belongs to someone else, or is gone before its deadline (evicted), as an unknown one.
   */
  async load(offerReference: string, accountId: string): Promise<LoadedOffer<TOffer, TCriteria> | null> {
    const parts = parseOfferReference(offerReference);
    if (!parts) return isRandomOfferReference(offerReference) ? this.loadLegacy(offerReference, accountId) : null;
    const raw = await this.guard(() => this.redis.get(this.keys.search(parts.searchId)));
    if (!raw) {
      return parts.expiresAt <= this.now() + EXPIRY_CLOCK_TOLERANCE_MS ? { gone: true, offerReference, expiresAt: new Date(parts.expiresAt) } : null;
    }
    const search = JSON.parse(raw) as StoredSearch<TCriteria>;
    if (search.accountId !== accountId) return null;
    const index = search.indexes ? search.indexes[parts.position] : parts.position < (search.count ?? 0) ? parts.position : undefined;
    if (index === undefined) return null;
    const offers = await this.guard(() => this.redis.getBuffer(this.keys.snapshot(search.snapshotId)));
    const offer = offers ? decompressJson<TOffer[]>(offers)[index] : undefined;
    if (offer === undefined) return null;
    return {
      gone: false,
      offerReference,
      searchId: parts.searchId,
      accountId,
      expiresAt: new Date(search.expiresAt),
      offer,
      criteria: search.criteria,
    };
  }

  private async loadLegacy(offerReference: string, accountId: string): Promise<StoredOffer<TOffer, TCriteria> | null> {
    const raw = await this.guard(() => this.redis.get(this.legacy.reference(offerReference)));
    if (!raw) return null;
    const record = JSON.parse(raw) as LegacyReferenceRecord;
    if (record.accountId !== accountId) return null;
    const [criteria, offers] = await this.guard(() => this.redis.mget(this.legacy.search(record.searchId), this.legacy.snapshot(record.snapshotId)));
    const offer = offers ? (JSON.parse(offers) as TOffer[])[record.index] : undefined;
    if (!criteria || offer === undefined) return null;
    return {
      gone: false,
      offerReference,
      searchId: record.searchId,
      accountId,
      expiresAt: new Date(record.expiresAt),
      offer,
      criteria: JSON.parse(criteria) as TCriteria,
    };
  }

  private async guard<T>(work: () => Promise<T>, onFailure?: () => void): Promise<T> {
    try {
      return await work();
    } catch {
      onFailure?.();
      throw FlightException.storeUnavailable('offer storage');
    }
  }
}
