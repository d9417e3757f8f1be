import type { Clock } from '../../shared/time/clock.port';
import type { Transactor } from '../../shared/database/transactor.port';
import type { Logger } from '../../shared/logging/logger';
import type { Outbox } from '../../shared/queue/outbox.service';
import type { WalletLedger } from '../../shared/wallet/wallet-ledger.service';
import type { NotificationRequester } from '../../shared/notifications/notification-request.service';
import type { RecoveryConfig, TrainConfig } from '../../shared/config/platform.config';
import type { WebhookEventRecorder } from '../../shared/webhooks/webhook-event.recorder';

/**
 * Everything the train module's services and jobs may be given besides their repositories and the provider. Each
 * takes only the ports it uses (`Pick<TrainPorts, 'clock' | 'transactor'>`), so its constructor says what it needs;
 * train.module.ts builds this once from the platform.
 */
export interface TrainPorts {
  clock: Clock;
  /** Runs one database transaction; services never see the DataSource itself. */
  transactor: Transactor;
  logger: Logger;
  outbox: Pick<Outbox, 'enqueue'>;
  ledger: Pick<WalletLedger, 'findByAccount' | 'hold' | 'debit' | 'release'>;
  notifications: Pick<NotificationRequester, 'request' | 'scheduleUnpaidReminder'>;
  /** The train module's own settings. */
  config: TrainConfig;
  /** Base of the links in search and details answers. */
  publicBaseUrl: string;
  /** When the issuance recovery job looks, and how often it tries one issuance. */
  recovery: RecoveryConfig;
  /** Records a booking's webhook event in the transaction of its change (docs/decisions.md "Webhook events"). */
  webhooks: Pick<WebhookEventRecorder, 'record'>;
}
