import type { TrainPorts } from '../train-ports.type';
import type { Principal } from '../../../shared/auth/token.service';
import { pricingContextOf } from '../../../shared/auth/roles.types';
import { AppError } from '../../../shared/errors/app-error.exception';
import { ExchangeRates, snapshotRates } from '../../../shared/money/exchange-rates.port';
import { checkCandidates, foldCandidates } from '../../../shared/search/look-ahead-fold.policy';
import { priceTrainFare, trainRatePairs, type TrainPrice } from '../pricing/train-pricing.calculator';
import { RailProvider, RailProviderError, RailTrip } from '../provider/rail-provider.port';
import { SGR_TIME_ZONE, StationService } from '../services/station.service';
import { TrainAvailability, trainAvailability, trainSearchLink } from './train-availability.view';
import { RAIL_PROVIDER_KEY, trainTripView, type TrainTripView } from './train-trip.view';
import { trainLookAheadDates, TrainSearchQuery, validateTrainSearch } from './train-search.request';

export { RAIL_PROVIDER_KEY, type TrainTripView } from './train-trip.view';

export class TrainProviderException extends AppError {
  static unavailable(retryable: boolean): TrainProviderException {
    return new TrainProviderException('SGR_SEARCH_UNAVAILABLE', 503, 'The SGR timetable is temporarily unavailable; retry shortly', { retryable });
  }
}

export interface TrainSearchOutcome {
  meta: { count: number; provider: string; links: { self: string; nextAvailable?: string }; availability?: TrainAvailability; createdAt: string };
  data: TrainTripView[];
}

/**
 * SGR search: validated stations, the provider's trains for the requested date priced for the
 * caller, and, when asked and none run that day, later dates checked (described in
 * meta.availability only; the requested date's result always stays in data).
 */
export class TrainSearchService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'config' | 'publicBaseUrl' | 'logger'>,
    private readonly provider: RailProvider,
    private readonly stations: StationService,
    private readonly rates: ExchangeRates,
  ) {}

  async search(principal: Principal, query: TrainSearchQuery, headerCurrency?: string): Promise<TrainSearchOutcome> {
    const search = validateTrainSearch(query, (id) => this.stations.byStopId(id));
    const now = this.ports.clock.now();
    const serviceDate = this.provider.serviceDate(now);
    const trips = await this.trips(search.from.stopId, search.to.stopId, search.date);
    const currencies = [...new Set([...(headerCurrency ? [headerCurrency] : []), ...this.ports.config.otherCurrencies])];
    const rates = await snapshotRates(this.rates, trainRatePairs(currencies));
    const context = pricingContextOf(principal.role);
    // Trains of one pair on one date mostly share a fare: each distinct fare is priced once (the price is read-only).
    const prices = new Map<string, TrainPrice>();
    const priceOf = (fare: string): TrainPrice => {
      let price = prices.get(fare);
      if (!price) prices.set(fare, (price = priceTrainFare({ fare, pricingContext: context, displayCurrencies: currencies, rates })));
      return price;
    };
    const data = trips.map((t) => trainTripView(t, priceOf(t.fareFrom), (id) => this.stations.byStopId(id)));
    const canonical = { from: search.from.stopId, to: search.to.stopId, lookAheadDays: search.lookAheadDays };
    const meta: TrainSearchOutcome['meta'] = {
      count: data.length,
      provider: RAIL_PROVIDER_KEY,
      links: { self: trainSearchLink(this.ports.publicBaseUrl, { ...canonical, date: search.date }) },
      createdAt: now.toISOString(),
    };
    if (search.lookAheadDays !== null) {
      const base = { requestedDate: search.date, serviceDate, serviceTimeZone: SGR_TIME_ZONE, requestedDays: search.lookAheadDays };
      if (data.length > 0) {
        meta.availability = trainAvailability({ ...base, fold: null });
      } else {
        const outcomes = await checkCandidates(
          trainLookAheadDates(search.date, serviceDate, search.lookAheadDays),
          // Only whether the date has trains: no seat read, no pricing.
          (date) => this.provider.hasTrips({ fromStopId: search.from.stopId, toStopId: search.to.stopId, date }),
          this.ports.config.lookAheadTimeoutMs,
          (date, error) => this.ports.logger.warn('train look-ahead date could not be checked', { date, reason: (error as Error).message }),
        );
        meta.availability = trainAvailability({ ...base, fold: foldCandidates(outcomes) });
        if (meta.availability.next) {
          meta.links.nextAvailable = trainSearchLink(this.ports.publicBaseUrl, { ...canonical, date: meta.availability.next.date });
        }
      }
    }
    return { meta, data };
  }

  private async trips(fromStopId: string, toStopId: string, date: string): Promise<RailTrip[]> {
    try {
      return await this.provider.searchTrips({ fromStopId, toStopId, date });
    } catch (error) {
      if (error instanceof RailProviderError) throw TrainProviderException.unavailable(error.retryable);
      throw error;
    }
  }
}
