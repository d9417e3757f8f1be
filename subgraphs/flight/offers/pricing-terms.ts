import { ExchangeRates, snapshotRates } from '../../../shared/money/exchange-rates';
import { PricingContext, ratePairsFor } from '../pricing/flight-pricing';
import type { SupplierOffer } from '../supplier/flight-supplier.port';
import type { PricingTerms } from './offer-view';

/** The rates and currencies one viewer's prices are made with, fetched once per request. */
export class PricingTermsFactory {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly otherCurrencies: readonly string[],
  ) {}

  async termsFor(offers: SupplierOffer[], displayCurrency: string, pricingContext: PricingContext, walletCurrency: string | null): Promise<PricingTerms> {
    const supplierCurrencies = [...new Set(offers.map((o) => o.price.currency))];
    const pairs = supplierCurrencies.flatMap((supplierCurrency) =>
      ratePairsFor({ supplierCurrency, displayCurrency, walletCurrency: walletCurrency ?? undefined, otherCurrencies: this.otherCurrencies }),
    );
    return { displayCurrency, pricingContext, walletCurrency, otherCurrencies: this.otherCurrencies, rates: await snapshotRates(this.rates, pairs) };
  }
}
