import type { RateLookup } from '../../../shared/money/exchange-rates.port';
import { formatAmount, parseAmount, roundFor } from '../../../shared/money/money.calculator';
import { FlightException } from '../errors/flight.exception';
import { FlightOfferPrice, priceOffer, PricingContext, PricingError } from '../pricing/flight-pricing.calculator';
import type { SupplierOffer } from '../supplier/flight-supplier.port';

/** The flight offer as the API shows it, before it gets its offerReference and expiresAt. */
export interface OfferView {
  type: 'flight-offer';
  id: string;
  source: string;
  instantTicketingRequired: boolean;
  nonHomogeneous: boolean;
  oneWay: boolean;
  isUpsellOffer: boolean;
  lastTicketingDate: string;
  lastTicketingDateTime: string;
  numberOfBookableSeats: number;
  itineraries: Array<{ duration: string; durations: object; segments: object[] }>;
  price: FlightOfferPrice;
  pricingOptions: object;
  commission: object;
  fareRules: object;
  policiesAndAllowance: object;
  validatingAirlineCodes: string[];
  travelerPricings: Array<{
    travelerId: string;
    fareOption: string;
    travelerType: string;
    price: { currency: string; total: string; base: string };
    fareDetailsBySegment: object[];
  }>;
}

/** What the offer store keeps per offer: the supplier's own offer and exactly what was shown. */
export interface StoredOfferPayload {
  supplierOffer: SupplierOffer;
  view: OfferView;
}

export interface PricingTerms {
  /** Identifies these terms, rate values included: offers priced under equal keys are equal. */
  key: string;
  displayCurrency: string;
  pricingContext: PricingContext;
  walletCurrency: string | null;
  otherCurrencies: readonly string[];
  rates: RateLookup;
}

/** Prices a supplier offer for one viewer and shapes it as the contract's offer (OpenAPI `FlightOffer`). */
export function toOfferView(offer: SupplierOffer, terms: PricingTerms): OfferView {
  const price = priceFor(offer, terms);
  const convert = (amount: string, from: string): string => {
    if (from === terms.displayCurrency) return formatAmount(roundFor(parseAmount(amount), from), from);
    const rate = terms.rates(from, terms.displayCurrency);
    if (!rate) throw FlightException.supplierCurrencyUnavailable(terms.displayCurrency);
    return formatAmount(roundFor(parseAmount(amount).times(rate), terms.displayCurrency), terms.displayCurrency);
  };
  return {
    type: 'flight-offer',
    id: offer.id,
    source: offer.source,
    instantTicketingRequired: offer.instantTicketingRequired,
    nonHomogeneous: offer.nonHomogeneous,
    oneWay: offer.oneWay,
    isUpsellOffer: false,
    lastTicketingDate: offer.lastTicketingDate,
    lastTicketingDateTime: `${offer.lastTicketingDate}T23:59:00`,
    numberOfBookableSeats: offer.numberOfBookableSeats,
    itineraries: offer.itineraries.map((itinerary) => ({
      duration: itinerary.duration,
      durations: {},
      segments: itinerary.segments.map((s) => ({
        id: s.id,
        departure: { iataCode: s.departure.iataCode, terminal: s.departure.terminal ?? null, at: s.departure.at, stop: {} },
        arrival: { iataCode: s.arrival.iataCode, terminal: s.arrival.terminal ?? null, at: s.arrival.at, stop: {} },
        carrierCode: s.carrierCode,
        number: s.number,
        aircraft: { code: s.aircraftCode },
        operating: { carrierCode: s.operatingCarrierCode },
        transitAgency: {},
        duration: s.duration,
        durations: {},
        numberOfStops: s.numberOfStops,
        cabin: s.cabin,
      })),
    })),
    price,
    pricingOptions: {
      fareType: ['PUBLISHED'],
      includedCheckedBagsOnly: offer.travelerPricings.every((t) => t.fareDetailsBySegment.every((f) => f.includedCheckedBags.quantity > 0)),
    },
    commission: {},
    fareRules: { refundable: offer.fareRules.refundable, changeable: offer.fareRules.changeable },
    policiesAndAllowance: {},
    validatingAirlineCodes: offer.validatingAirlineCodes,
    travelerPricings: offer.travelerPricings.map((t) => ({
      travelerId: t.travelerId,
      fareOption: t.fareOption,
      travelerType: t.travelerType,
      price: { currency: terms.displayCurrency, total: convert(t.price.total, t.price.currency), base: convert(t.price.base, t.price.currency) },
      fareDetailsBySegment: t.fareDetailsBySegment.map((f) => ({ ...f })),
    })),
  };
}

/** The price object; a customer has no wallet, so nothing is debited from one ("0"). */
export function priceFor(offer: SupplierOffer, terms: PricingTerms): FlightOfferPrice {
  try {
    const price = priceOffer({
      supplierPrice: { currency: offer.price.currency, total: offer.price.total, base: offer.price.base },
      displayCurrency: terms.displayCurrency,
      pricingContext: terms.pricingContext,
      walletCurrency: terms.walletCurrency ?? undefined,
      rates: terms.rates,
      otherCurrencies: terms.otherCurrencies.filter((c) => c !== terms.displayCurrency),
    });
    if (terms.pricingContext !== 'ONLINE') return price;
    for (const other of Object.values(price.otherCurrencies)) other.walletDebitTotal ??= formatAmount(parseAmount('0'), other.currency);
    return { ...price, walletDebitTotal: price.walletDebitTotal ?? formatAmount(parseAmount('0'), price.currency) };
  } catch (error) {
    if (error instanceof PricingError && error.code === 'CURRENCY_UNAVAILABLE') {
      throw FlightException.supplierCurrencyUnavailable(error.currency ?? terms.displayCurrency);
    }
    throw error;
  }
}
