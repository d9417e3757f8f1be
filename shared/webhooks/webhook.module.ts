import type { DataSource, EntityManager } from 'typeorm';
import type { WebhookConfig } from '../config/webhook.config';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics.registry';
import { createNotificationRequester, type NotificationRequesterPorts } from '../notifications/notifications.module';
import { ACCOUNT_NOTIFICATION_KIND } from '../notifications/notification.types';
import type { Outbox } from '../queue/outbox.service';
import type { JobDefinition } from '../queue/worker-host.service';
import type { Clock } from '../time/clock.port';
import { WebhookDeliveryService, type WebhookOwnerNotifier } from './webhook-delivery.service';
import type { WebhookEndpointRow } from './webhook-endpoint.repository';
import { WebhookFanOutService } from './webhook-fan-out.service';
import { WEBHOOK_JOBS } from './webhook.jobs';

/** What the webhook services are built from (a Platform has each under these names). */
export interface WebhookPorts extends NotificationRequesterPorts {
  dataSource: DataSource;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  metrics: Pick<Metrics, 'webhookDeliveries' | 'webhookDeliveryDuration'>;
  config: NotificationRequesterPorts['config'] & { webhooks: WebhookConfig };
}

/** The owner of a disabled endpoint is told by email, once per disabling. */
function ownerNotifier(ports: WebhookPorts): WebhookOwnerNotifier {
  const notifications = createNotificationRequester(ports);
  return {
    async endpointDisabled(tx: EntityManager, endpoint: WebhookEndpointRow) {
      await notifications.request(tx, {
        bookingKind: ACCOUNT_NOTIFICATION_KIND,
        bookingId: endpoint.accountId,
        messageType: 'WEBHOOK_ENDPOINT_DISABLED',
        dedupeKey: `webhook-disabled:${endpoint.id}:${endpoint.failingSince?.getTime() ?? 0}`,
      });
    },
  };
}

export function createWebhookDeliveryService(ports: WebhookPorts): WebhookDeliveryService {
  const { dataSource, outbox, clock, metrics, config } = ports;
  const logger = ports.logger.child({ service: 'webhooks' });
  return new WebhookDeliveryService({ dataSource, outbox, clock, logger, metrics, config: config.webhooks, owners: ownerNotifier(ports) });
}

/** The webhooks queue's jobs: thin runners over the fan-out and the delivery service. */
export function webhookJobs(ports: WebhookPorts): JobDefinition[] {
  const delivery = createWebhookDeliveryService(ports);
  const fanOut = new WebhookFanOutService(ports.dataSource, ports.clock, delivery);
  return [WEBHOOK_JOBS.fanOut.runs(({ eventId }) => fanOut.fanOut(eventId)), WEBHOOK_JOBS.delivery.runs((payload) => delivery.attempt(payload))];
}
