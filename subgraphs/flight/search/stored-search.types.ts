import type { OfferStore } from '../offers/offer.store';
import type { StoredOfferPayload } from '../offers/offer.view';
import type { PricingContext } from '../pricing/flight-pricing.calculator';
import type { FlightSearch } from '../../../shared/api-contract/flight-search.validator';

/** What a search stores with its offers: enough to re-check the booking against it later. */
export interface StoredSearchCriteria extends FlightSearch {
  pricingContext: PricingContext;
  walletCurrency: string | null;
}

/** The offer store as search writes it and reservation reads it: each offer with the criteria it was found by. */
export type FlightOfferStore = OfferStore<StoredOfferPayload, StoredSearchCriteria>;
