import type { ModulePlatform } from '../subgraph-module.port';
import { createNotificationRequester } from '../../shared/notifications/notifications.module';
import { createSimulatedExchangeRates } from '../../shared/money/exchange-rates.port';
import { createPaymentGateway } from '../../shared/payments/payment-gateway.factory';
import { createProviderCallbackService } from '../../shared/payments/provider-callback.service';
import { ProviderStatusPoller } from '../../shared/payments/provider-status.poller';
import { TRAIN_JOBS } from './jobs/train.jobs';
import { AccountRepository } from '../../shared/auth/account.repository';
import { NotificationLogService } from '../../shared/notifications/notification-log.service';
import type { JobDefinition } from '../../shared/queue/worker-host.service';
import type { TrainPorts } from './train-ports.type';
import { createRailSimulator } from './provider/rail-simulator.adapter';
import { MysqlRailSimulatorStore } from './provider/simulator/mysql-rail-simulator.repository';
import type { RailProvider } from './provider/rail-provider.port';
import { StationService } from './services/station.service';
import { SeatHoldRepository } from './holds/seat-hold.repository';
import { SeatHoldService } from './holds/seat-hold.service';
import { TrainSearchService } from './search/train-search.service';
import { TrainDetailsService } from './details/train-details.service';
import { TrainReservationRepository } from './reservations/reservation.repository';
import { TrainReservationStore } from './reservations/reservation.store';
import { TrainReservationService } from './reservations/reserve.service';
import { TrainReservationWorkflow } from './reservations/train-reservation.workflow';
import { TrainTicketLookupService } from './reservations/train-ticket-lookup.service';
import { TrainTripService } from './trips/train-trip.service';
import { TrainIssuanceRepository } from './issuance/train-issuance.repository';
import { TrainIssuanceService } from './issuance/train-issuance.service';
import { TrainIssuanceWorkflow } from './issuance/train-issuance.workflow';
import { TrainDocumentService } from './documents/train-document.service';
import { TrainResendService } from './notifications/train-resend.service';
import { TrainPaymentRepository } from './payments/train-payment.repository';
import { TrainPaymentQuoteService } from './payments/train-payment-quote.service';
import { TrainPaymentSettlement } from './payments/train-payment-settlement.service';
import { TrainPaymentService } from './payments/train-payment.service';
import { trainReservationExpiryJob } from './jobs/train-reservation-expiry.job';
import { trainReserveReconcileJob } from './jobs/train-reserve-reconcile.job';
import { trainIssuanceJob } from './jobs/train-issuance.job';
import { trainIssuanceRecoveryJob } from './jobs/train-issuance-recovery.job';
import { WebhookEventRecorder } from '../../shared/webhooks/webhook-event.recorder';

/**
 * The settings train reads: its own slice, the public base URL of ticket links, the recovery job's pace, its
 * requester's reminder lead, the search rate and the prefix of its keys, and its tables' retention.
 */
export type TrainPlatform = ModulePlatform<'train' | 'payments' | 'publicBaseUrl' | 'recovery' | 'notifications' | 'searchRate' | 'queuePrefix' | 'retention'>;

/** The train module's ports, taken from the platform once: services and jobs see these, never the platform. */
export function trainPortsOf(platform: TrainPlatform): TrainPorts {
  return {
    clock: platform.clock,
    transactor: platform.dataSource,
    logger: platform.logger,
    outbox: platform.outbox,
    ledger: platform.ledger,
    notifications: createNotificationRequester(platform),
    config: platform.config.train,
    publicBaseUrl: platform.config.publicBaseUrl,
    recovery: platform.config.recovery,
    webhooks: new WebhookEventRecorder(platform.outbox, platform.clock),
  };
}

/** The simulator keeps seats, holds and reservations in MySQL, so every process sees one railway. */
function providerFor(platform: TrainPlatform): RailProvider {
  return createRailSimulator({
    now: () => platform.clock.now(),
    store: new MysqlRailSimulatorStore(platform.dataSource),
    holdLifetimeMs: platform.config.train.holdLifetimeSeconds * 1000,
  });
}

/** The train module's repositories (the SQL layer, on the platform's data source) and its provider. */
function trainParts(platform: TrainPlatform) {
  const ports = trainPortsOf(platform);
  const dataSource = platform.dataSource;
  const reservations = new TrainReservationRepository(dataSource);
  const issuances = new TrainIssuanceRepository(dataSource);
  const holds = new SeatHoldRepository(dataSource);
  const payments = new TrainPaymentRepository(dataSource);
  const provider = providerFor(platform);
  const gateway = createPaymentGateway(platform.config.payments);
  return { ports, reservations, issuances, holds, payments, provider, gateway };
}

/** The payment side of train bookings: quotes, settlement of confirmed payments, and the deposit operations. */
function paymentsOf({ ports, reservations, issuances, payments, gateway }: ReturnType<typeof trainParts>) {
  const quotes = new TrainPaymentQuoteService(ports, payments, createSimulatedExchangeRates());
  const settlement = new TrainPaymentSettlement(ports, reservations, payments, issuances);
  const service = new TrainPaymentService(ports, reservations, payments, quotes, settlement, gateway);
  return { quotes, settlement, service };
}

/** The services behind the train resolvers. */
export function trainServices(platform: TrainPlatform) {
  const parts = trainParts(platform);
  const { ports, reservations, issuances, holds, payments, provider } = parts;
  const stations = new StationService();
  const payment = paymentsOf(parts);
  return {
    stations,
    search: new TrainSearchService(ports, provider, stations, createSimulatedExchangeRates()),
    holds: new SeatHoldService(ports, provider, holds, new AccountRepository(platform.dataSource)),
    details: new TrainDetailsService(ports, provider, stations, createSimulatedExchangeRates()),
    reservations: new TrainReservationService(
      new TrainReservationWorkflow(ports, provider, reservations, holds, new TrainReservationStore(ports, provider, reservations, holds)),
    ),
    payments: payment.service,
    paymentCallbacks: createProviderCallbackService(
      platform.config.payments,
      parts.gateway,
      payment.service.providerSettlement,
      platform.dataSource,
      ports.clock,
      ports.logger,
    ),
    issuance: new TrainIssuanceService(ports, reservations, issuances, payment.quotes, payments),
    documents: new TrainDocumentService(ports, reservations, issuances, stations),
    resend: new TrainResendService(ports, reservations, issuances, stations, new NotificationLogService(platform.dataSource)),
    // Lookups read through the broad-read pool (or the read replica): a slow one never holds a connection booking needs.
    ticketLookup: new TrainTicketLookupService(new TrainReservationRepository(platform.lagTolerantReads), stations),
    trips: new TrainTripService(reservations, stations),
  };
}

/** The train queue's workers: thin runners over the services and repositories above. */
export function trainJobs(platform: TrainPlatform): JobDefinition[] {
  const parts = trainParts(platform);
  const { ports, reservations, issuances, holds, provider } = parts;
  const issuance = new TrainIssuanceWorkflow(ports, provider, reservations, issuances);
  const payment = paymentsOf(parts);
  const { statusPoll } = platform.config.payments;
  const statusPoller = new ProviderStatusPoller(parts.gateway, payment.service.providerSettlement, statusPoll, ports.clock, ports.logger);
  return [
    trainReservationExpiryJob(ports, provider, reservations, payment.settlement),
    trainReserveReconcileJob(ports, provider, reservations, holds),
    trainIssuanceJob(issuance),
    trainIssuanceRecoveryJob(ports, issuances, issuance),
    TRAIN_JOBS.paymentStatusPoll.runs(() => statusPoller.run(), { repeatEveryMs: statusPoll.intervalSeconds * 1000 }),
  ];
}
