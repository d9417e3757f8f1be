import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import { createSimulatedExchangeRates } from '../../shared/money/exchange-rates';
import type { SubgraphModule } from '../subgraph-module';
import { AirportService } from './services/airport.service';
import { AirportResolver } from './graphql/airport.resolver';
import { FlightSearchResolver } from './graphql/flight-search.resolver';
import { FlightOffers1763800000300 } from './migrations/1763800000300-flight-offers';
import { OfferStore } from './offers/offer-store';
import { OfferReviewService } from './offers/offer-review.service';
import { FlightOfferStore, FlightSearchService } from './search/flight-search.service';
import { SearchCache } from './search/search-cache';
import { createGdsSimulator } from './supplier/gds-simulator.adapter';

export const flightModule: SubgraphModule = {
  name: 'flight',
  database: { entities: [], migrations: [FlightOffers1763800000300] },
  async seed() {
    return { airports: new AirportService().list().length };
  },
  buildSchema(platform: Platform) {
    const airports = new AirportService();
    const supplier = createGdsSimulator({ now: () => platform.clock.now() });
    const offers: FlightOfferStore = new OfferStore(platform.dataSource);
    const cache = new SearchCache(platform.redis, platform.config.queuePrefix, platform.config.flight.searchCacheSeconds);
    const search = new FlightSearchService(platform, supplier, createSimulatedExchangeRates(), airports, offers, cache);
    const instances = new Map<Function, object>([
      [AirportResolver, new AirportResolver(airports)],
      [FlightSearchResolver, new FlightSearchResolver(search, new OfferReviewService(platform, airports, offers))],
    ]);
    return buildFederatedSchema({ resolvers: [AirportResolver, FlightSearchResolver], container: { get: (cls: Function) => instances.get(cls) } });
  },
};
