import type { ClassType } from 'type-graphql';
import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import { createSimulatedExchangeRates } from '../../shared/money/exchange-rates';
import { TrainWalletHolds1764000000120 } from './migrations/1764000000120-train-wallet-holds';
import type { SubgraphModule } from '../subgraph-module';
import { COMPANIES_TOPIC } from '../../shared/cache/invalidation-topics';
import { trainIssuanceRecoveryJob } from './jobs/train-issuance-recovery.job';
import { StationService } from './services/station.service';
import { TrainStationResolver } from './graphql/train-station.resolver';
import { TrainSearchResolver } from './graphql/train-search.resolver';
import { TrainSearchService } from './search/train-search.service';
import { RailSimulator1763800000400 } from './migrations/1763800000400-rail-simulator';
import { createRailSimulator } from './provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from './provider/simulator/mysql-rail-simulator.repository';
import type { RailProvider } from './provider/rail-provider.port';
import { TrainHolds1763800000410 } from './migrations/1763800000410-train-holds';
import { SeatHoldResolver } from './graphql/seat-hold.resolver';
import { SeatHoldService } from './holds/seat-hold.service';
import { TrainDetailsResolver } from './graphql/train-details.resolver';
import { SearchRateLimiter } from '../../shared/rate-limit/search-rate-limiter';
import { TrainDetailsService } from './details/train-details.service';
import { TrainReservations1763800000420 } from './migrations/1763800000420-train-reservations';
import { TrainReservationResolver } from './graphql/train-reservation.resolver';
import { TrainReservationService } from './reservations/reserve.service';
import { TrainReservationRepository } from './reservations/reservation.repository';
import { trainReservationExpiryJob } from './jobs/train-reservation-expiry.job';
import { trainReserveReconcileJob } from './jobs/train-reserve-reconcile.job';
import { trainNotificationSource } from './notifications/train-notification.source';
import { TrainIssuance1763800000430 } from './migrations/1763800000430-train-issuance';
import { TrainIssuanceResolver } from './graphql/train-issuance.resolver';
import { TrainIssuanceService } from './issuance/train-issuance.service';
import { TrainIssuanceRepository } from './issuance/train-issuance.repository';
import { trainIssuanceJob } from './jobs/train-issuance.job';
import { trainCallbackJob } from './jobs/train-callback.job';
import { TrainDocumentResolver } from './graphql/train-document.resolver';
import { TrainDocumentService } from './documents/train-document.service';
import { TrainPayments1763800000440 } from './migrations/1763800000440-train-payments';
import { TrainReserveReconcileBounds1764000000500 } from './migrations/1764000000500-train-reserve-reconcile-bounds';
import { RailSimulatorTicketNumbers1764000000520 } from './migrations/1764000000520-rail-simulator-ticket-numbers';
import { TrainTicketLookup1764400000400 } from './migrations/1764400000400-train-ticket-lookup';
import { TrainTicketCarNumber1764100000700 } from './migrations/1764100000700-train-ticket-car-number';
import { TrainRetentionIndexes1764500000620 } from './migrations/1764500000620-train-retention-indexes';
import { SimulatedPaymentGateway } from '../../shared/payments/simulated-payment-gateway';
import { TrainPaymentRepository } from './payments/train-payment.repository';
import { TrainPaymentQuoteService } from './payments/train-payment-quote.service';
import { TrainPaymentSettlement } from './payments/train-payment-settlement';
import { TrainPaymentService } from './payments/train-payment.service';
import { TrainPaymentResolver } from './graphql/train-payment.resolver';
import { TrainResendResolver } from './graphql/train-resend.resolver';
import { TrainResendService } from './notifications/train-resend.service';
import { TrainTicketLookupService } from './reservations/train-ticket-lookup.service';
import { TrainTicketLookupResolver } from './graphql/train-ticket-lookup.resolver';
import { StationPartnerResolver, TransitAgencyResolver } from './graphql/train-company.resolver';
import { companiesOf } from '../../shared/companies/company-directory';
import { trainRetentionPurges } from './retention/train-retention.purges';

/** The simulator keeps seats, holds and reservations in MySQL, so every process sees one railway. */
function providerFor(platform: Platform): RailProvider {
  return createRailSimulator({
    now: () => platform.clock.now(),
    store: new MysqlRailSimulatorStore(platform.dataSource),
    holdLifetimeMs: platform.config.train.holdLifetimeSeconds * 1000,
  });
}

/** The payment side of train bookings: quotes, settlement of confirmed payments, and the deposit operations. */
function paymentsFor(platform: Platform, reservations: TrainReservationRepository) {
  const payments = new TrainPaymentRepository(platform.dataSource);
  const quotes = new TrainPaymentQuoteService(platform, payments, createSimulatedExchangeRates());
  const settlement = new TrainPaymentSettlement(platform, reservations, payments, new TrainIssuanceRepository(platform.dataSource));
  const service = new TrainPaymentService(platform, reservations, payments, quotes, settlement, new SimulatedPaymentGateway());
  return { payments, quotes, settlement, service };
}

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
    ],
  },
  async seed() {
    return { trainStations: new StationService().list().length };
  },
  buildSchema(platform: Platform) {
    const stations = new StationService();
    const provider = providerFor(platform);
    const reservations = new TrainReservationRepository(platform.dataSource);
    const payment = paymentsFor(platform, reservations);
    const companies = companiesOf(platform);
    const instances = new Map<ClassType, object>([
      [TransitAgencyResolver, new TransitAgencyResolver(companies)],
      [StationPartnerResolver, new StationPartnerResolver(companies)],
      [TrainStationResolver, new TrainStationResolver(stations)],
      [
        TrainSearchResolver,
        new TrainSearchResolver(new TrainSearchService(platform, provider, stations, createSimulatedExchangeRates()), new SearchRateLimiter('train', platform)),
      ],
      [SeatHoldResolver, new SeatHoldResolver(new SeatHoldService(platform, provider))],
      [TrainDetailsResolver, new TrainDetailsResolver(new TrainDetailsService(platform, provider, stations, createSimulatedExchangeRates()))],
      [TrainReservationResolver, new TrainReservationResolver(new TrainReservationService(platform, provider, reservations))],
      [TrainPaymentResolver, new TrainPaymentResolver(payment.service)],
      [
        TrainIssuanceResolver,
        new TrainIssuanceResolver(
          new TrainIssuanceService(platform, reservations, new TrainIssuanceRepository(platform.dataSource), payment.quotes, payment.payments),
        ),
      ],
      [
        TrainDocumentResolver,
        new TrainDocumentResolver(new TrainDocumentService(platform, reservations, new TrainIssuanceRepository(platform.dataSource), stations)),
      ],
      [
        TrainResendResolver,
        new TrainResendResolver(new TrainResendService(platform, reservations, new TrainIssuanceRepository(platform.dataSource), stations)),
      ],
      // Lookups read through the broad-read pool: a slow one never holds a connection booking needs.
      [TrainTicketLookupResolver, new TrainTicketLookupResolver(new TrainTicketLookupService(new TrainReservationRepository(platform.broadReads), stations))],
    ]);
    return buildFederatedSchema({
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
      container: { get: (cls: ClassType) => instances.get(cls) },
    });
  },
  jobs(platform: Platform) {
    const reservations = new TrainReservationRepository(platform.dataSource);
    const provider = providerFor(platform);
    const issuances = new TrainIssuanceRepository(platform.dataSource);
    return [
      trainReservationExpiryJob(platform, provider, reservations, paymentsFor(platform, reservations).settlement),
      trainReserveReconcileJob(platform, provider, reservations),
      trainIssuanceJob(platform, provider, reservations, issuances),
      trainIssuanceRecoveryJob(platform, provider, reservations, issuances),
      trainCallbackJob(platform, reservations),
    ];
  },
  notificationSources(platform: Platform) {
    return [trainNotificationSource(platform.dataSource, new StationService(), { ticketPdfOwnerPassword: platform.config.train.ticketPdfOwnerPassword })];
  },
  retentionPurges: trainRetentionPurges,
};
