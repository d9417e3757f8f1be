import type { ClassType } from 'type-graphql';
import { buildFederatedSchema } from '../../shared/federation/federated-schema.builder';
import { createSimulatedExchangeRates } from '../../shared/money/exchange-rates.port';
import type { ModulePlatform, SubgraphModule } from '../subgraph-module.port';
import { BusStopService } from './services/bus-stop.service';
import { BusStopResolver } from './graphql/bus-stop.resolver';
import { BusNetwork } from './services/bus-network.service';
import { BusSearchResolver } from './graphql/bus-search.resolver';
import { BusSearchService } from './search/bus-search.service';
import { SearchRateLimiter } from '../../shared/rate-limit/search-rate-limiter.service';
import { BusTripCompanyResolver } from './graphql/bus-company.resolver';
import { companiesOf } from '../../shared/companies/company-directory.factory';

/** The settings bus reads: the search rate and the prefix of its keys (the network ships with the code). */
type BusPlatform = ModulePlatform<'searchRate' | 'queuePrefix'>;

export const busModule: SubgraphModule = {
  name: 'bus',
  database: { entities: [], migrations: [] },
  async seed() {
    // Loading the network checks the reference data (stops, operators, fleets, layouts, routes) at start.
    const network = new BusNetwork();
    return { busStops: network.stops.list().length, busRoutes: network.patterns.length / 2 };
  },
  buildSchema(platform: BusPlatform) {
    const stops = new BusStopService();
    const network = new BusNetwork(stops);
    const instances = new Map<ClassType, object>([
      [BusStopResolver, new BusStopResolver(stops)],
      [
        BusSearchResolver,
        new BusSearchResolver(new BusSearchService(platform, network, createSimulatedExchangeRates()), new SearchRateLimiter('bus', platform)),
      ],
      [BusTripCompanyResolver, new BusTripCompanyResolver(companiesOf(platform))],
    ]);
    return buildFederatedSchema({
      resolvers: [BusStopResolver, BusSearchResolver, BusTripCompanyResolver],
      container: { get: (cls: ClassType) => instances.get(cls) },
    });
  },
};
