import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import type { SubgraphModule } from '../subgraph-module';
import { StationService } from './services/station.service';
import { TrainStationResolver } from './graphql/train-station.resolver';

export const trainModule: SubgraphModule = {
  name: 'train',
  database: { entities: [], migrations: [] },
  async seed() {
    return { trainStations: new StationService().list().length };
  },
  buildSchema(_platform: Platform) {
    const resolver = new TrainStationResolver(new StationService());
    return buildFederatedSchema({ resolvers: [TrainStationResolver], container: { get: () => resolver } });
  },
};
