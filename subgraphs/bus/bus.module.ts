import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import type { SubgraphModule } from '../subgraph-module';
import { BusStopService } from './services/bus-stop.service';
import { BusStopResolver } from './graphql/bus-stop.resolver';

export const busModule: SubgraphModule = {
  name: 'bus',
  database: { entities: [], migrations: [] },
  async seed() {
    return { busStops: new BusStopService().list().length };
  },
  buildSchema(_platform: Platform) {
    const resolver = new BusStopResolver(new BusStopService());
    return buildFederatedSchema({ resolvers: [BusStopResolver], container: { get: () => resolver } });
  },
};
