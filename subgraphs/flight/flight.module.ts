import type { ClassType } from 'type-graphql';
import { buildFederatedSchema } from '../../shared/federation/federated-schema.builder';
import { createSimulatedExchangeRates } from '../../shared/money/exchange-rates.port';
import type { ModulePlatform, SubgraphModule } from '../subgraph-module.port';
import { createNotificationRequester } from '../../shared/notifications/notifications.module';
import { REFERENCE_DATA_TOPIC } from '../../shared/cache/invalidation-topics.contract';
import { AirportService } from './services/airport.service';
import { AirportResolver } from './graphql/airport.resolver';
import { FlightSearchResolver } from './graphql/flight-search.resolver';
import { FlightReservationResolver } from './graphql/flight-reservation.resolver';
import { FlightOffers1763800000300 } from './migrations/1763800000300-flight-offers';
import { GdsSimulator1763800000310 } from './migrations/1763800000310-gds-simulator';
import { FlightReservations1763800000320 } from './migrations/1763800000320-flight-reservations';
import { OfferStore } from './offers/offer.store';
import { OfferReviewService } from './offers/offer-review.service';
import { PricingTermsFactory } from './offers/pricing-terms.factory';
import { FlightSearchService } from './search/flight-search.service';
import type { FlightOfferStore } from './search/stored-search.types';
import { SearchCache } from './search/search.cache';
import { createGdsSimulator } from './supplier/gds-simulator.adapter';
import { createDuffelAdapter } from './supplier/duffel/duffel.adapter';
import { MysqlSimulatorStore } from './supplier/simulator/mysql-simulator.repository';
import type { FlightSupplier } from './supplier/flight-supplier.port';
import { ReservationRepository } from './reservations/reservation.repository';
import { ReserveService } from './reservations/reserve.service';
import { IssuanceService } from './reservations/issuance.service';
import { PurchaseService } from './reservations/purchase.service';
import { FlightWalletAdmission } from './reservations/wallet-admission.service';
import { CancelService } from './reservations/cancel.service';
import { TicketQueryService } from './reservations/ticket-query.service';
import { FlightTicketLookupService } from './reservations/flight-ticket-lookup.service';
import { FlightTicketLookupResolver } from './graphql/flight-ticket-lookup.resolver';
import { walletDebitJob } from './jobs/wallet-debit.job';
import { flightIssuanceRecoveryJob } from './jobs/issuance-recovery.job';
import { reservationExpiryRunner } from './jobs/reservation-expiry.job';
import { ReservationExpiryService } from './reservations/reservation-expiry.service';
import { WalletDebitService } from './reservations/wallet-debit.service';
import { IssuanceRecoveryService } from './reservations/issuance-recovery.service';
import { createProviderCallbackService } from '../../shared/payments/provider-callback.service';
import { ProviderStatusPoller } from '../../shared/payments/provider-status.poller';
import { FLIGHT_JOBS } from './jobs/flight.jobs';
import { PaymentRecoveryRepository } from './reservations/payment-recovery.repository';
import { AccountRepository } from '../../shared/auth/account.repository';
import type { FlightPorts } from './flight.port';
import { flightNotificationSource } from './notifications/flight-notification.source';
import { FlightIssuanceResolver } from './graphql/flight-issuance.resolver';
import { FlightWalletHolds1764000000110 } from './migrations/1764000000110-flight-wallet-holds';
import { PaymentRecovery1763800000330 } from './migrations/1763800000330-payment-recovery';
import { FlightReservationOfferView1764100000300 } from './migrations/1764100000300-flight-reservation-offer-view';
import { FlightOffersInRedis1764300000310 } from './migrations/1764300000310-flight-offers-in-redis';
import { FlightTicketLookup1764400000300 } from './migrations/1764400000300-flight-ticket-lookup';
import { FlightRetentionIndexes1764500000630 } from './migrations/1764500000630-flight-retention-indexes';
import { FlightTrips1764800000210 } from './migrations/1764800000210-flight-trips';
import { FlightPaymentProvider1765000000210 } from './migrations/1765000000210-flight-payment-provider';
import { CustomerIssuanceService } from './reservations/customer-issuance.service';
import { FlightPaymentRepository } from './payments/flight-payment.repository';
import { FlightPaymentService } from './reservations/flight-payment.service';
import { createPaymentGateway } from '../../shared/payments/payment-gateway.factory';
import { customerIssuanceJob } from './jobs/customer-issuance.job';
import { SearchRateLimiter } from '../../shared/rate-limit/search-rate-limiter.service';
import { flightRetentionPurges } from './retention/flight-retention.purges';
import { flightSearchAnswers } from './search/search-answers.builder';
import { AnswerTemplates, servedFromTemplate } from '../../shared/http/answer-templates.cache';
import { RequestContext } from '../../shared/context/request.context';
import type { AnswerShortcuts } from '../../shared/http/answer-shortcut.port';
import { WebhookEventRecorder } from '../../shared/webhooks/webhook-event.recorder';
import type { GraphQLContext } from '../../shared/http/subgraph.server';
import { FlightTripService } from './trips/flight-trip.service';
import { FlightBooking } from './trips/flight-trip.type';

/**
 * The settings flight reads: its own slice, its supplier, the recovery job's pace, the public base URL of ticket links,
 * its requester's reminder lead, the prefix of its Redis keys, the search rate and the sandbox's retention.
 */
type FlightPlatform = ModulePlatform<
  'flight' | 'flightSupplier' | 'payments' | 'recovery' | 'publicBaseUrl' | 'notifications' | 'queuePrefix' | 'searchRate' | 'retention'
>;

/**
 * FLIGHT_SUPPLIER: Duffel, or (default) the simulator, which keeps its state in MySQL so subgraph, workers and
 * replicas share one sandbox GDS.
 */
function supplierFor(platform: FlightPlatform): FlightSupplier {
  const chosen = platform.config.flightSupplier;
  if (chosen.kind === 'duffel') {
    return createDuffelAdapter({ apiUrl: chosen.apiUrl, accessToken: chosen.accessToken, timeoutMs: chosen.timeoutMs, now: () => platform.clock.now() });
  }
  return createGdsSimulator({ now: () => platform.clock.now(), store: new MysqlSimulatorStore(platform.dataSource) });
}

/** The narrow ports flight services take: the only place flight reads the platform's parts. */
function portsOf(platform: FlightPlatform): FlightPorts {
  const { clock, dataSource: transactor, outbox, ledger, logger, config } = platform;
  const notifications = createNotificationRequester(platform);
  const webhooks = new WebhookEventRecorder(outbox, clock);
  return {
    clock,
    transactor,
    outbox,
    ledger,
    notifications,
    logger,
    flight: config.flight,
    recovery: config.recovery,
    publicBaseUrl: config.publicBaseUrl,
    webhooks,
  };
}

/** The issuance services the subgraph and the workers share. */
function issuanceOf(platform: FlightPlatform, ports: FlightPorts, supplier: FlightSupplier) {
  const reservations = new ReservationRepository(platform.dataSource);
  const payments = new FlightPaymentRepository(platform.dataSource);
  const admission = new FlightWalletAdmission(ports, reservations);
  const issuance = new IssuanceService(ports, supplier, reservations, admission);
  const customerIssuance = new CustomerIssuanceService(ports, reservations, issuance, payments, admission, new PaymentRecoveryRepository(platform.dataSource));
  return { reservations, payments, admission, issuance, customerIssuance };
}

/** The customer payment service, with the gateway PAYMENTS_PROVIDER selects. */
function flightPaymentServiceOf(platform: FlightPlatform, ports: FlightPorts, reservations: ReservationRepository, payments: FlightPaymentRepository) {
  return new FlightPaymentService(ports, reservations, payments, createPaymentGateway(platform.config.payments));
}

function paymentCallbacksOf(platform: FlightPlatform, ports: FlightPorts, service: FlightPaymentService) {
  return createProviderCallbackService(platform.config.payments, service.gateway, service.providerSettlement, platform.dataSource, ports.clock, ports.logger);
}

export const flightModule: SubgraphModule = {
  name: 'flight',
  referenceFields: [{ field: 'airports', topic: REFERENCE_DATA_TOPIC, access: 'public' }],
  database: {
    entities: [],
    migrations: [
      FlightOffers1763800000300,
      GdsSimulator1763800000310,
      FlightReservations1763800000320,
      PaymentRecovery1763800000330,
      FlightWalletHolds1764000000110,
      FlightReservationOfferView1764100000300,
      FlightOffersInRedis1764300000310,
      FlightTicketLookup1764400000300,
      FlightRetentionIndexes1764500000630,
      FlightTrips1764800000210,
      FlightPaymentProvider1765000000210,
    ],
  },
  async seed() {
    return { airports: new AirportService().list().length };
  },
  buildSchema(platform: FlightPlatform, shortcuts?: AnswerShortcuts) {
    const airports = new AirportService();
    const supplier = supplierFor(platform);
    const offers: FlightOfferStore = new OfferStore(platform.cacheRedis, platform.config.queuePrefix, () => platform.clock.now().getTime());
    const cache = new SearchCache(platform.cacheRedis, platform.config.queuePrefix, platform.config.flight.searchCacheSeconds);
    const pricing = new PricingTermsFactory(createSimulatedExchangeRates(), platform.config.flight.otherCurrencies);
    const ports = portsOf(platform);
    const { reservations, payments, admission, issuance, customerIssuance } = issuanceOf(platform, ports, supplier);
    const accounts = new AccountRepository(platform.dataSource);
    const searchResolver = new FlightSearchResolver(
      new FlightSearchService(ports, supplier, pricing, airports, offers, cache),
      new OfferReviewService(ports.clock, airports, offers, reservations),
      new SearchRateLimiter('flight', platform),
    );
    // Made only when the subgraph serves: printing the schema passes no shortcuts and a platform without a logger.
    shortcuts?.add((schema) => {
      const logger = platform.logger.child({ service: 'flight' });
      const answers = flightSearchAnswers(
        (input, req) => searchResolver.search(input, req),
        (headers) => new RequestContext(headers, platform.tokens, logger),
      );
      return new AnswerTemplates(schema, answers, (operationName) => servedFromTemplate(platform, 'flight', operationName));
    });
    const flightPayments = flightPaymentServiceOf(platform, ports, reservations, payments);
    const instances = new Map<ClassType, object>([
      [AirportResolver, new AirportResolver(airports)],
      [FlightSearchResolver, searchResolver],
      [
        FlightReservationResolver,
        new FlightReservationResolver(
          new ReserveService(ports, supplier, offers, pricing, airports, reservations, accounts),
          new PurchaseService(ports.clock, reservations, issuance, admission),
          new CancelService(ports, supplier, reservations, admission, payments),
          new TicketQueryService(ports.transactor, reservations, accounts),
        ),
      ],
      [FlightIssuanceResolver, new FlightIssuanceResolver(customerIssuance, flightPayments, paymentCallbacksOf(platform, ports, flightPayments))],
      // Lookups read through the broad-read pool (or the read replica): a slow one never holds a connection booking needs.
      [FlightTicketLookupResolver, new FlightTicketLookupResolver(new FlightTicketLookupService(new ReservationRepository(platform.lagTolerantReads)))],
    ]);
    const trips = new FlightTripService(reservations, airports);
    return buildFederatedSchema(
      {
        resolvers: [AirportResolver, FlightSearchResolver, FlightReservationResolver, FlightIssuanceResolver, FlightTicketLookupResolver],
        // Reached only through the admin subgraph's trip lists and node(id), as an entity.
        orphanedTypes: [FlightBooking],
        container: { get: (cls: ClassType) => instances.get(cls) },
      },
      { FlightBooking: { __resolveReference: (reference: { id: string }, { req }: GraphQLContext) => trips.byGlobalId(req, reference.id) } },
    );
  },
  jobs(platform: FlightPlatform) {
    const ports = portsOf(platform);
    const supplier = supplierFor(platform);
    const { reservations, payments, admission, issuance, customerIssuance } = issuanceOf(platform, ports, supplier);
    const debits = new WalletDebitService(ports, reservations);
    const cancellations = new CancelService(ports, supplier, reservations, admission, payments);
    const { statusPoll } = platform.config.payments;
    const paymentService = flightPaymentServiceOf(platform, ports, reservations, payments);
    const statusPoller = new ProviderStatusPoller(paymentService.gateway, paymentService.providerSettlement, statusPoll, ports.clock, ports.logger);
    return [
      walletDebitJob(debits),
      reservationExpiryRunner(new ReservationExpiryService(ports, supplier, reservations, payments)),
      customerIssuanceJob(customerIssuance),
      flightIssuanceRecoveryJob(new IssuanceRecoveryService(ports, reservations, issuance, debits, cancellations), ports.recovery),
      FLIGHT_JOBS.paymentStatusPoll.runs(() => statusPoller.run(), { repeatEveryMs: statusPoll.intervalSeconds * 1000 }),
    ];
  },
  notificationSources(platform: FlightPlatform) {
    return [flightNotificationSource(platform.dataSource, new AirportService())];
  },
  retentionPurges: (platform: FlightPlatform) => flightRetentionPurges(platform.config.retention.sandboxDays, new MysqlSimulatorStore(platform.dataSource)),
};
