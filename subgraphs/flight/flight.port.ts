import type { FlightConfig, RecoveryConfig } from '../../shared/config/platform.config';
import type { Transactor } from '../../shared/database/transactor.port';
import type { Logger } from '../../shared/logging/logger';
import type { NotificationRequester } from '../../shared/notifications/notification-request.service';
import type { Outbox } from '../../shared/queue/outbox.service';
import type { Clock } from '../../shared/time/clock.port';
import type { WalletLedger } from '../../shared/wallet/wallet-ledger.service';
import type { WebhookEventRecorder } from '../../shared/webhooks/webhook-event.recorder';

/** What flight asks of the wallet ledger: agent admission holds, their release and debit, and the wallet lookups. */
export type FlightLedger = Pick<WalletLedger, 'hold' | 'release' | 'debit' | 'openHoldBookings' | 'findByAccount' | 'currencyOf'>;

/**
 * The narrow ports flight services and jobs are built from. Each constructor names the few it uses
 * (`Pick<FlightPorts, 'clock' | 'transactor'>`); only the composition root (flight.module.ts) makes them from the
 * platform, so a reader sees a service's dependencies in its constructor.
 */
export interface FlightPorts {
  clock: Clock;
  /** Transactions for the repositories a service calls; a service never sees the DataSource itself. */
  transactor: Transactor;
  outbox: Pick<Outbox, 'enqueue'>;
  ledger: FlightLedger;
  notifications: Pick<NotificationRequester, 'request' | 'scheduleUnpaidReminder'>;
  logger: Logger;
  flight: FlightConfig;
  /** Issuance leases and the recovery job's pace. */
  recovery: RecoveryConfig;
  /** Agent reservation answers link to the ticket documents under it. */
  publicBaseUrl: string;
  /** Records a booking's webhook event in the transaction of its change (docs/decisions.md "Webhook events"). */
  webhooks: Pick<WebhookEventRecorder, 'record'>;
}
