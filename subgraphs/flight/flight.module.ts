import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import type { SubgraphModule } from '../subgraph-module';
import { AirportService } from './services/airport.service';
import { AirportResolver } from './graphql/airport.resolver';

export const flightModule: SubgraphModule = {
  name: 'flight',
  database: { entities: [], migrations: [] },
  async seed() {
    return { airports: new AirportService().list().length };
  },
  buildSchema(_platform: Platform) {
    const resolver = new AirportResolver(new AirportService());
    return buildFederatedSchema({ resolvers: [AirportResolver], container: { get: () => resolver } });
  },
};
