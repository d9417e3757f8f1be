import type { ClassType } from 'type-graphql';
import { buildFederatedSchema } from '../../shared/federation/federated-schema.builder';
import { TrainWalletHolds1764000000120 } from './migrations/1764000000120-train-wallet-holds';
import type { SubgraphModule } from '../subgraph-module.port';
import type { GraphQLContext } from '../../shared/http/subgraph.server';
import { TrainBooking } from './trips/train-trip.type';
import { COMPANIES_TOPIC } from '../../shared/cache/invalidation-topics.contract';
import { StationService } from './services/station.service';
import { TrainStationResolver } from './graphql/train-station.resolver';
import { TrainSearchResolver } from './graphql/train-search.resolver';
import { RailSimulator1763800000400 } from './migrations/1763800000400-rail-simulator';
import { MysqlRailSimulatorStore } from './provider/simulator/mysql-rail-simulator.repository';
import { TrainHolds1763800000410 } from './migrations/1763800000410-train-holds';
import { SeatHoldResolver } from './graphql/seat-hold.resolver';
import { TrainDetailsResolver } from './graphql/train-details.resolver';
import { SearchRateLimiter } from '../../shared/rate-limit/search-rate-limiter.service';
import { TrainReservations1763800000420 } from './migrations/1763800000420-train-reservations';
import { TrainReservationResolver } from './graphql/train-reservation.resolver';
import { trainNotificationSource } from './notifications/train-notification.source';
import { TrainIssuance1763800000430 } from './migrations/1763800000430-train-issuance';
import { TrainIssuanceResolver } from './graphql/train-issuance.resolver';
import { TrainDocumentResolver } from './graphql/train-document.resolver';
import { TrainPayments1763800000440 } from './migrations/1763800000440-train-payments';
import { TrainReserveReconcileBounds1764000000500 } from './migrations/1764000000500-train-reserve-reconcile-bounds';
import { RailSimulatorTicketNumbers1764000000520 } from './migrations/1764000000520-rail-simulator-ticket-numbers';
import { TrainTicketLookup1764400000400 } from './migrations/1764400000400-train-ticket-lookup';
import { TrainTicketCarNumber1764100000700 } from './migrations/1764100000700-train-ticket-car-number';
import { TrainRetentionIndexes1764500000620 } from './migrations/1764500000620-train-retention-indexes';
import { TrainIssuanceCallbackToWebhooks1764700000620 } from './migrations/1764700000620-train-issuance-callback-to-webhooks';
import { TrainTrips1764800000220 } from './migrations/1764800000220-train-trips';
import { TrainPaymentProvider1765000000220 } from './migrations/1765000000220-train-payment-provider';
import { TrainPaymentResolver } from './graphql/train-payment.resolver';
import { TrainResendResolver } from './graphql/train-resend.resolver';
import { TrainTicketLookupResolver } from './graphql/train-ticket-lookup.resolver';
import { StationPartnerResolver, TransitAgencyResolver } from './graphql/train-company.resolver';
import { companiesOf } from '../../shared/companies/company-directory.factory';
import { trainRetentionPurges } from './retention/train-retention.purges';
import { SeatHoldRepository } from './holds/seat-hold.repository';
import { trainJobs, trainServices, type TrainPlatform } from './train.wiring';

export const trainModule: SubgraphModule = {
  name: 'train',
  // The stations ship with the code, but their partners' company names come from the company directory
  // (@shareable Company fields): a kept answer is forgotten on every company change.
  referenceFields: [{ field: 'trainStations', topic: COMPANIES_TOPIC, access: 'public' }],
  database: {
    entities: [],
    migrations: [
      RailSimulator1763800000400,
      TrainHolds1763800000410,
      TrainReservations1763800000420,
      TrainIssuance1763800000430,
      TrainPayments1763800000440,
      TrainWalletHolds1764000000120,
      TrainReserveReconcileBounds1764000000500,
      RailSimulatorTicketNumbers1764000000520,
      TrainTicketCarNumber1764100000700,
      TrainTicketLookup1764400000400,
      TrainRetentionIndexes1764500000620,
      TrainIssuanceCallbackToWebhooks1764700000620,
      TrainTrips1764800000220,
      TrainPaymentProvider1765000000220,
    ],
  },
  async seed() {
    return { trainStations: new StationService().list().length };
  },
  buildSchema(platform: TrainPlatform) {
    const services = trainServices(platform);
    const companies = companiesOf(platform);
    const instances = new Map<ClassType, object>([
      [TransitAgencyResolver, new TransitAgencyResolver(companies)],
      [StationPartnerResolver, new StationPartnerResolver(companies)],
      [TrainStationResolver, new TrainStationResolver(services.stations)],
      [TrainSearchResolver, new TrainSearchResolver(services.search, new SearchRateLimiter('train', platform))],
      [SeatHoldResolver, new SeatHoldResolver(services.holds)],
      [TrainDetailsResolver, new TrainDetailsResolver(services.details)],
      [TrainReservationResolver, new TrainReservationResolver(services.reservations)],
      [TrainPaymentResolver, new TrainPaymentResolver(services.payments, services.paymentCallbacks)],
      [TrainIssuanceResolver, new TrainIssuanceResolver(services.issuance)],
      [TrainDocumentResolver, new TrainDocumentResolver(services.documents)],
      [TrainResendResolver, new TrainResendResolver(services.resend)],
      [TrainTicketLookupResolver, new TrainTicketLookupResolver(services.ticketLookup)],
    ]);
    return buildFederatedSchema(
      {
        resolvers: [
          TrainStationResolver,
          StationPartnerResolver,
          TrainSearchResolver,
          TransitAgencyResolver,
          SeatHoldResolver,
          TrainDetailsResolver,
          TrainReservationResolver,
          TrainIssuanceResolver,
          TrainDocumentResolver,
          TrainPaymentResolver,
          TrainResendResolver,
          TrainTicketLookupResolver,
        ],
        // Reached only through the admin subgraph's trip lists and node(id), as an entity.
        orphanedTypes: [TrainBooking],
        container: { get: (cls: ClassType) => instances.get(cls) },
      },
      { TrainBooking: { __resolveReference: (reference: { id: string }, { req }: GraphQLContext) => services.trips.byGlobalId(req, reference.id) } },
    );
  },
  jobs: trainJobs,
  notificationSources(platform: TrainPlatform) {
    return [trainNotificationSource(platform.dataSource, new StationService(), { ticketPdfOwnerPassword: platform.config.train.ticketPdfOwnerPassword })];
  },
  retentionPurges(platform: TrainPlatform) {
    return trainRetentionPurges(platform.config.retention, new SeatHoldRepository(platform.dataSource), new MysqlRailSimulatorStore(platform.dataSource));
  },
};
