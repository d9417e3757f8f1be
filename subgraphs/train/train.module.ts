import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import { createSimulatedExchangeRates } from '../../shared/money/exchange-rates';
import type { SubgraphModule } from '../subgraph-module';
import { StationService } from './services/station.service';
import { TrainStationResolver } from './graphql/train-station.resolver';
import { TrainSearchResolver } from './graphql/train-search.resolver';
import { TrainSearchService } from './search/train-search.service';
import { RailSimulator1763800000400 } from './migrations/1763800000400-rail-simulator';
import { createRailSimulator } from './provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from './provider/simulator/mysql-rail-simulator-store';
import type { RailProvider } from './provider/rail-provider.port';

/** The simulator keeps seats, holds and reservations in MySQL, so every process sees one railway. */
function providerFor(platform: Platform): RailProvider {
  return createRailSimulator({ now: () => platform.clock.now(), store: new MysqlRailSimulatorStore(platform.dataSource) });
}

export const trainModule: SubgraphModule = {
  name: 'train',
  database: { entities: [], migrations: [RailSimulator1763800000400] },
  async seed() {
    return { trainStations: new StationService().list().length };
  },
  buildSchema(platform: Platform) {
    const stations = new StationService();
    const instances = new Map<Function, object>([
      [TrainStationResolver, new TrainStationResolver(stations)],
      [TrainSearchResolver, new TrainSearchResolver(new TrainSearchService(platform, providerFor(platform), stations, createSimulatedExchangeRates()))],
    ]);
    return buildFederatedSchema({ resolvers: [TrainStationResolver, TrainSearchResolver], container: { get: (cls: Function) => instances.get(cls) } });
  },
};
