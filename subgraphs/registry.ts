import type { SubgraphName } from '../shared/config/config';
import type { SubgraphModule } from './subgraph-module';
import { adminModule } from './admin/admin.module';
import { flightModule } from './flight/flight.module';
import { trainModule } from './train/train.module';
import { busModule } from './bus/bus.module';

export const SUBGRAPH_MODULES: Record<SubgraphName, SubgraphModule> = {
  flight: flightModule,
  train: trainModule,
  bus: busModule,
  admin: adminModule,
};

export const DATABASE_MODULES = Object.values(SUBGRAPH_MODULES).map((m) => m.database);
