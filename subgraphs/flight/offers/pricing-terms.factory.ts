import { ExchangeRates, snapshotRates } from '../../../shared/money/exchange-rates.port';
import { PricingContext, ratePairsFor } from '../pricing/flight-pricing.calculator';
import type { SupplierOffer } from '../supplier/flight-supplier.port';
import type { PricingTerms } from './offer.view';

/** The rates and currencies one viewer's prices are made with, fetched once per request. */
export class PricingTermsFactory {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly otherCurrencies: readonly string[],
  ) {}

  async termsFor(
    offers: readonly SupplierOffer[],
    displayCurrency: string,
    pricingContext: PricingContext,
    walletCurrency: string | null,
  ): Promise<PricingTerms> {
    const supplierCurrencies = [...new Set(offers.map((o) => o.price.currency))];
    const pairs = supplierCurrencies.flatMap((supplierCurrency) =>
      ratePairsFor({ supplierCurrency, displayCurrency, walletCurrency: walletCurrency ?? undefined, otherCurrencies: this.otherCurrencies }),
    );
    const rates = await snapshotRates(this.rates, pairs);
    // Everything the prices depend on, rate values included: equal keys price identically.
    const key = [
      displayCurrency,
      pricingContext,
      walletCurrency ?? '',
      this.otherCurrencies.join(','),
      ...pairs.map(([from, to]) => `${from}>${to}=${rates(from, to)?.toString() ?? ''}`),
    ].join('|');
    return { key, displayCurrency, pricingContext, walletCurrency, otherCurrencies: this.otherCurrencies, rates };
  }
}
