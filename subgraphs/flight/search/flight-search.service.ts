import type { FlightPorts } from '../flight.port';
import type { Principal } from '../../../shared/auth/token.service';
import { pricingContextOf } from '../../../shared/auth/roles.types';
import { todayIn } from '../../../shared/time/calendar-date.calculator';
import { FlightException } from '../errors/flight.exception';
import { OfferSlot, OfferSnapshot } from '../offers/offer.store';
import { OfferView, PricingTerms, StoredOfferPayload, toOfferView } from '../offers/offer.view';
import type { PricingContext } from '../pricing/flight-pricing.calculator';
import type { PricingTermsFactory } from '../offers/pricing-terms.factory';
import type { AirportService } from '../services/airport.service';
import { FlightSupplier, SupplierError, SupplierSearchCriteria } from '../supplier/flight-supplier.port';
import { checkFlightSearch, DatePair, FlightSearch, FlightSearchRequest, searchProblemsMessage } from '../../../shared/api-contract/flight-search.validator';
import { Availability, availabilityWithResults, foldLookAhead, lookAheadCandidates } from './look-ahead.policy';
import { checkCandidates } from '../../../shared/search/look-ahead-fold.policy';
import { SearchCache, SupplierAnswer } from './search.cache';
import type { FlightOfferStore } from './stored-search.types';

/** One offer of a search: its priced view (shared by every search showing it: never mutate) and this search's reference. */
export interface FoundOffer extends OfferSlot {
  view: OfferView;
}

export interface FlightSearchOutcome {
  meta: { count: number; availability?: Availability };
  data: FoundOffer[];
  /**
   * Which offers of which priced answer `data` shows (the snapshot and the positions): two outcomes with the same
   * `shown` and meta differ only in each offer's reference and expiry (see search-answers.builder.ts).
   */
  shown: string;
}

/** An answer priced for one set of terms, with the stored snapshot every search showing it points at. */
interface PricedAnswer {
  payloads: StoredOfferPayload[];
  grandTotals: number[];
  snapshot?: OfferSnapshot<StoredOfferPayload>;
}

/**
 * How long a search's offers are kept: OFFER_TTL_SECONDS, or less when the supplier says an offer expires sooner (a
 * Duffel offer's `expires_at` is authoritative: booking it later would fail there). One search has one expiry, so the
 * earliest of the shown offers decides; at least a second, so an offer about to expire still gets a reference.
 */
export function offerTtlSeconds(ourTtlSeconds: number, supplierExpiries: ReadonlyArray<string | null | undefined>, now: Date): number {
  let ttl = ourTtlSeconds;
  for (const expiry of supplierExpiries) {
    const at = expiry ? Date.parse(expiry) : NaN;
    if (Number.isFinite(at)) ttl = Math.min(ttl, Math.floor((at - now.getTime()) / 1000));
  }
  return Math.max(1, ttl);
}

/**
 * Search: validate, ask the supplier (through the cache) for the requested dates, price each
 * offer for this viewer, store the authoritative snapshot bound to the viewer, and, when asked
 * and nothing was found, check later dates without creating offers for them.
 */
export class FlightSearchService {
  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'ledger' | 'logger' | 'flight'>,
    private readonly supplier: FlightSupplier,
    private readonly pricing: PricingTermsFactory,
    private readonly airports: AirportService,
    private readonly offers: FlightOfferStore,
    private readonly cache: SearchCache,
  ) {}

  async search(principal: Principal, request: FlightSearchRequest, headerCurrency: string | undefined): Promise<FlightSearchOutcome> {
    const now = this.ports.clock.now();
    const originZone = request.originLocationCode ? this.airports.byIata(String(request.originLocationCode))?.stopTimezone : undefined;
    const checked = checkFlightSearch(request, {
      headerCurrency: headerCurrency ?? null,
      today: todayIn(originZone ?? 'Africa/Dar_es_Salaam', now),
      knownAirport: (code) => this.airports.byIata(code) !== undefined,
    });
    if ('problems' in checked) throw FlightException.invalidRequest(searchProblemsMessage(checked.problems), checked.problems);
    const search = checked.search;
    const pricingContext = pricingContextOf(principal.role);
    const walletCurrency = pricingContext === 'ONLINE' ? null : ((await this.ports.ledger.currencyOf(principal.accountId)) ?? 'TZS');

    const answer = await this.fetch(search, search.dates);
    const terms = await this.pricing.termsFor(answer.offers, search.currency, pricingContext, walletCurrency);
    const priced = this.priced(answer, terms);
    const indexes = this.select(priced, search);
    const snapshot = (priced.snapshot ??= this.offers.snapshotOf(priced.payloads));
    const slots = await this.offers.saveFrom(
      snapshot,
      indexes,
      principal.accountId,
      { ...search, pricingContext, walletCurrency },
      now,
      offerTtlSeconds(
        this.ports.flight.offerTtlSeconds,
        indexes.map((index) => priced.payloads[index].supplierOffer.expiresAt),
        now,
      ),
    );
    const data = indexes.map((index, i): FoundOffer => ({ view: priced.payloads[index].view, ...slots[i] }));
    const shown = indexes.length ? `${snapshot.id}:${indexes.join(',')}` : '';
    const meta: FlightSearchOutcome['meta'] = { count: data.length };
    if (search.lookAheadDays !== null) {
      meta.availability =
        data.length > 0 ? availabilityWithResults(search.dates, search.lookAheadDays) : await this.lookAhead(search, pricingContext, walletCurrency);
    }
    return { meta, data, shown };
  }

  /** Every offer of the answer priced for these terms; once per (answer, terms), as the answer is immutable. */
  private priced(answer: SupplierAnswer, terms: PricingTerms): PricedAnswer {
    return answer.derived.get(terms.key, () => {
      const payloads = answer.offers.map((supplierOffer) => ({ supplierOffer, view: toOfferView(supplierOffer, terms) }));
      return { payloads, grandTotals: payloads.map((p) => Number(p.view.price.grandTotal)) };
    });
  }

  /** Which priced offers this search shows: maxPrice applies to the grand total in the display currency. */
  private select(priced: PricedAnswer, search: FlightSearch): number[] {
    const indexes: number[] = [];
    const maxPrice = search.maxPrice === null ? null : Number(search.maxPrice);
    for (let i = 0; i < priced.payloads.length && indexes.length < search.max; i++) {
      if (maxPrice === null || priced.grandTotals[i] <= maxPrice) indexes.push(i);
    }
    return indexes;
  }

  private fetch(search: FlightSearch, dates: DatePair): Promise<SupplierAnswer> {
    const criteria: SupplierSearchCriteria = {
      origin: search.origin,
      destination: search.destination,
      departureDate: dates.departureDate,
      returnDate: dates.returnDate ?? null,
      adults: search.adults,
      children: search.children,
      infants: search.infants,
      // Only when given, so a search without ages keeps the cache key it always had.
      ...(search.childAges ? { childAges: search.childAges } : {}),
      ...(search.infantAges ? { infantAges: search.infantAges } : {}),
      travelClass: search.travelClass,
      includedAirlineCodes: search.includedAirlineCodes,
      excludedAirlineCodes: search.excludedAirlineCodes,
      nonStop: search.nonStop,
      max: search.max,
    };
    return this.cache.getOrFetch(criteria, () =>
      this.supplier.search(criteria).catch((error: unknown) => {
        throw toFlightError(error);
      }),
    );
  }

  /** Candidates run concurrently, each with a time limit; the fold reads them in date order. */
  private async lookAhead(search: FlightSearch, pricingContext: PricingContext, walletCurrency: string | null): Promise<Availability> {
    const days = search.lookAheadDays!;
    const outcomes = await checkCandidates(
      lookAheadCandidates(search.dates, days),
      async (pair) => {
        const answer = await this.fetch(search, pair);
        if (answer.offers.length === 0 || search.maxPrice === null) return answer.offers.length > 0;
        const terms = await this.pricing.termsFor(answer.offers, search.currency, pricingContext, walletCurrency);
        return this.select(this.priced(answer, terms), search).length > 0;
      },
      this.ports.flight.lookAheadTimeoutMs,
      (pair, error) => this.ports.logger.warn('look-ahead candidate failed', { pair, reason: (error as Error).message }),
    );
    return foldLookAhead(
      search.dates,
      days,
      outcomes.map(({ candidate, outcome }) => ({ pair: candidate, outcome })),
    );
  }
}

function toFlightError(error: unknown): unknown {
  if (!(error instanceof SupplierError)) return error;
  switch (error.code) {
    case 'INVALID_RESPONSE':
      return FlightException.invalidResponse();
    case 'CURRENCY_UNAVAILABLE':
      return FlightException.supplierCurrencyUnavailable('the supplier currency');
    case 'SEARCH_UNAVAILABLE':
      return FlightException.searchUnavailable(error.retryable);
    default:
      return FlightException.searchUnavailable(true);
  }
}
