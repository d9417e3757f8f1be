import type { PricingContext } from '../pricing/flight-pricing';
import type { FlightSearch } from '../search/flight-search.request';
import type { OfferStore } from './offer-store';
import type { OfferView, StoredOfferPayload } from './offer-view';

/**
 * The flight offers a search stores and review and reservation read back. They live with the offers, not in the
 * search service, so that the readers depend on the offers and on the search request's shape only.
 */

/** A stored offer as review shows it: its priced view, its reference and when it expires. */
export interface SearchedOffer extends OfferView {
  offerReference: string;
  expiresAt: Date;
}

/** What a search stores with its offers: enough to re-check the booking against it later. */
export interface StoredSearchCriteria extends FlightSearch {
  pricingContext: PricingContext;
  walletCurrency: string | null;
}

export type FlightOfferStore = OfferStore<StoredOfferPayload, StoredSearchCriteria>;
