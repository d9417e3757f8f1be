import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { FlightException } from '../errors/flight.exception';

export interface OfferSlot {
  offerReference: string;
  expiresAt: Date;
}

export interface StoredOffer<TOffer, TCriteria> {
  offerReference: string;
  searchId: string;
  accountId: string;
  expiresAt: Date;
  offer: TOffer;
  criteria: TCriteria;
}

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

/** What one offerReference points at; `expiresAt` is the offer's own deadline, epoch ms. */
export interface OfferReferenceRecord {
  searchId: string;
  snapshotId: string;
  index: number;
  accountId: string;
  expiresAt: number;
}

/**
 * Keys stay this long past the offer's expiry, so a late review or reservation is told the
 * offer expired (410) rather than that it never existed (404).
 */
export const EXPIRED_OFFER_GRACE_SECONDS = 3600;

/**
 * One search's keys in one atomic command (a MULTI costs a reply per command). KEYS: snapshot,
 * search, then one per offerReference; ARGV: TTL ms, the snapshot's JSON or '' to only extend
 * it, the criteria, then one value per offerReference. Answers 0 when the snapshot to extend
 * is gone. Defined with ioredis's defineCommand, which sends EVALSHA and falls back to EVAL
 * when the server has not seen the script (after a restart or SCRIPT FLUSH).
 */
const SAVE_SCRIPT = `local ttl = ARGV[1]
local kept = 1
if ARGV[2] == '' then kept = redis.call('PEXPIRE', KEYS[1], ttl) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl) end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ttl)
for i = 3, #KEYS do redis.call('SET', KEYS[i], ARGV[i + 1], 'PX', ttl) end
return kept`;

type RedisWithSave = Redis & { saveFlightOffers(numberOfKeys: number, ...keysThenValues: string[]): Promise<number> };

export const offerKeys = (prefix: string) => ({
  reference: (offerReference: string) => `${prefix}:flight-offer:${offerReference}`,
  search: (searchId: string) => `${prefix}:flight-offer-search:${searchId}`,
  snapshot: (snapshotId: string) => `${prefix}:flight-offer-snapshot:${snapshotId}`,
});

/**
 * The authoritative server-side snapshot of search offers. An offerReference only resolves for
 * the account that searched; a submitted offer body is never trusted beyond its reference.
 *
 * Kept in Redis with a TTL: per search one script setting a small key per offerReference (bound to
 * the account, pointing at a snapshot and an index), one key with the search criteria, and the
 * snapshot itself written once per snapshot and then only given a longer life.
 */
export class OfferStore<TOffer, TCriteria> {
  private readonly keys: ReturnType<typeof offerKeys>;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly graceSeconds = EXPIRED_OFFER_GRACE_SECONDS,
  ) {
    this.keys = offerKeys(prefix);
  }

  /** The connection with the save script defined, on first use: printing the schema builds this store without Redis. */
  private withSaveScript(): RedisWithSave {
    // Without numberOfKeys: each call passes its own key count (one key per offerReference).
    if (!('saveFlightOffers' in this.redis)) this.redis.defineCommand('saveFlightOffers', { lua: SAVE_SCRIPT });
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

  /** Stores one search showing `snapshot.offers[i]` for each i of `indexes`, in that order. */
  async saveFrom(
    snapshot: OfferSnapshot<TOffer>,
    indexes: readonly number[],
    accountId: string,
    criteria: TCriteria,
    now: Date,
    ttlSeconds: number,
  ): Promise<OfferSlot[]> {
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    const slots = indexes.map(() => ({ offerReference: randomUUID(), expiresAt }));
    if (indexes.length === 0) return slots;
    const searchId = randomUUID();
    const keyTtlMs = ttlSeconds * 1000 + this.graceSeconds * 1000;
    const keptUntil = now.getTime() + keyTtlMs;
    const snapshotKey = this.keys.snapshot(snapshot.id);
    const wasStored = snapshot.storedUntil > 0;
    // Set before the await: a concurrent search on this snapshot then only extends it, and its
    // script goes out on the same connection after this one, so after the SET.
    snapshot.storedUntil = keptUntil;
    const head = `{"searchId":"${searchId}","snapshotId":"${snapshot.id}","accountId":${JSON.stringify(accountId)},"expiresAt":${expiresAt.getTime()},"index":`;
    const keys = [snapshotKey, this.keys.search(searchId)];
    const values = [String(keyTtlMs), wasStored ? '' : JSON.stringify(snapshot.offers), JSON.stringify(criteria)];
    for (let i = 0; i < slots.length; i++) {
      keys.push(this.keys.reference(slots[i].offerReference));
      values.push(`${head}${indexes[i]}}`);
    }
    const onFailure = () => (snapshot.storedUntil = 0);
    const snapshotKept = await this.guard(() => this.withSaveScript().saveFlightOffers(keys.length, ...keys, ...values), onFailure);
    // The shared copy was gone (Redis restarted or flushed since this process wrote it): write it again.
    if (snapshotKept === 0) {
      await this.guard(() => this.redis.set(snapshotKey, JSON.stringify(snapshot.offers), 'PX', keyTtlMs), onFailure);
    }
    return slots;
  }

  /** The offer behind a reference, or null when it does not exist or belongs to someone else. */
  async load(offerReference: string, accountId: string): Promise<StoredOffer<TOffer, TCriteria> | null> {
    const raw = await this.guard(() => this.redis.get(this.keys.reference(offerReference)));
    if (!raw) return null;
    const record = JSON.parse(raw) as OfferReferenceRecord;
    if (record.accountId !== accountId) return null;
    const [criteria, offers] = await this.guard(() => this.redis.mget(this.keys.search(record.searchId), this.keys.snapshot(record.snapshotId)));
    const offer = offers ? (JSON.parse(offers) as TOffer[])[record.index] : undefined;
    if (!criteria || offer === undefined) return null;
    return {
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
