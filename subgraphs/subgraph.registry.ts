import type { SubgraphName } from '../shared/config/platform.config';
import { NOTIFICATIONS_DATABASE_MODULE } from '../shared/notifications/notifications.module';
import type { SubgraphModule } from './subgraph-module.port';
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

/** The tables beside shared/'s own (SHARED_DATABASE_MODULE): the notification log's, then each subgraph's. */
export const DATABASE_MODULES = [NOTIFICATIONS_DATABASE_MODULE, ...Object.values(SUBGRAPH_MODULES).map((m) => m.database)];
