import type { Platform } from '../../shared/platform/platform.wiring';
import { scanKeys } from '../../shared/redis/redis.client';
import { offerKeys, StoredSearch } from '../../subgraphs/flight/offers/offer.store';
import { parseOfferReference } from '../../subgraphs/flight/offers/offer-reference.codec';

/** Moves the deadline of a stored offer's search into the past, as time passing would, keeping its key's TTL. */
export async function expireOffer(platform: Platform, offerReference: string, expiresAt = new Date(Date.now() - 1000)): Promise<void> {
  const parts = parseOfferReference(offerReference);
  if (!parts) throw new Error(`not an offerReference of this layout: ${offerReference}`);
  const key = offerKeys(platform.config.queuePrefix).search(parts.searchId);
  const raw = await platform.cacheRedis.get(key);
  if (!raw) throw new Error(`no stored offer ${offerReference}`);
  const search: StoredSearch<unknown> = { ...(JSON.parse(raw) as StoredSearch<unknown>), expiresAt: expiresAt.getTime() };
  await platform.cacheRedis.set(key, JSON.stringify(search), 'KEEPTTL');
}

/** How many searches have offers stored (one key each, whatever their offer count). */
export async function storedSearchCount(platform: Platform): Promise<number> {
  return (await scanKeys(platform.cacheRedis, offerKeys(platform.config.queuePrefix).search('*'), 1_000_000)).length;
}
