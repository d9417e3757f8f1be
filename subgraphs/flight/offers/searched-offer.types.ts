import type { OfferStore } from './offer.store';
import type { OfferView, StoredOfferPayload } from './offer.view';

/** A stored offer as review shows it: its priced view, its reference and when it expires. */
export interface SearchedOffer extends OfferView {
  offerReference: string;
  expiresAt: Date;
}

/**
 * What offer review needs of the offer store: load one offer. The search criteria stored with it are the search's
 * (search/stored-search.types.ts) and review does not read them, so offers depend on nothing of the search.
 */
export type StoredOfferLoader = Pick<OfferStore<StoredOfferPayload, unknown>, 'load'>;
