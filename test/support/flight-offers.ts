import type { Platform } from '../../shared/platform/platform';
import { OfferReferenceRecord, offerKeys } from '../../subgraphs/flight/offers/offer-store';

/** Moves a stored offer's deadline into the past, as time passing would, keeping its key's TTL. */
export async function expireOffer(platform: Platform, offerReference: string, expiresAt = new Date(Date.now() - 1000)): Promise<void> {
  const key = offerKeys(platform.config.queuePrefix).reference(offerReference);
  const raw = await platform.redis.get(key);
  if (!raw) throw new Error(`no stored offer ${offerReference}`);
  const record: OfferReferenceRecord = { ...(JSON.parse(raw) as OfferReferenceRecord), expiresAt: expiresAt.getTime() };
  await platform.redis.set(key, JSON.stringify(record), 'KEEPTTL');
}

/** How many offer references are stored. */
export async function storedOfferCount(platform: Platform): Promise<number> {
  let count = 0;
  const pattern = `${offerKeys(platform.config.queuePrefix).reference('*')}`;
  for await (const keys of platform.redis.scanStream({ match: pattern, count: 1000 })) count += (keys as string[]).length;
  return count;
}
