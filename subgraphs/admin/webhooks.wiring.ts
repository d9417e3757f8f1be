import type { DataSource } from 'typeorm';
import { withNamedLock } from '../../shared/database/named-lock.repository';
import { WebhookEndpointException } from '../../shared/api-contract/webhook-endpoint.exception';
import { WebhookDeliveryRepository } from '../../shared/webhooks/webhook-delivery.repository';
import type { WebhookDeliveryService } from '../../shared/webhooks/webhook-delivery.service';
import { WebhookEndpointRepository } from '../../shared/webhooks/webhook-endpoint.repository';
import { WebhookEndpointService } from '../../shared/webhooks/webhook-endpoint.service';
import { WebhookEventRecorder } from '../../shared/webhooks/webhook-event.recorder';
import { WebhookEventRepository } from '../../shared/webhooks/webhook-event.repository';
import { createWebhookDeliveryService, type WebhookPorts } from '../../shared/webhooks/webhook.module';

/** How long a registration waits for another one of the same account (the lock is held for a count and an insert). */
const ACCOUNT_LOCK_SECONDS = 5;

/**
 * The webhook endpoint management of the admin graph over one platform. Only wires: nothing runs until a method is called.
 * `listReads`: where the endpoint and delivery lists are read (the read replica's router in the admin graph).
 */
export function createWebhookEndpointService(platform: WebhookPorts, listReads: DataSource = platform.dataSource): WebhookEndpointService {
  const { dataSource, outbox, clock, config } = platform;
  const events = new WebhookEventRepository();
  // Made on first use: printing the schema wires this with a platform that has only its config (no logger, no metrics).
  let deliveries: WebhookDeliveryService | undefined;
  return new WebhookEndpointService({
    transactor: dataSource,
    endpoints: new WebhookEndpointRepository(dataSource),
    deliveries: new WebhookDeliveryRepository(dataSource),
    lists: { endpoints: new WebhookEndpointRepository(listReads), deliveries: new WebhookDeliveryRepository(listReads) },
    eventTypeOf: async (eventId) => (await events.byId(dataSource, eventId))?.type ?? null,
    recorder: new WebhookEventRecorder(outbox, clock),
    delivery: { redeliver: (deliveryId) => (deliveries ??= createWebhookDeliveryService(platform)).redeliver(deliveryId) },
    // GET_LOCK names are server-wide and at most 64 characters: an account id (36) under a prefix of ours fits.
    underAccountLock: async (accountId, work) => {
      const locked = await withNamedLock(dataSource, `safiri:webhooks:${accountId}`, ACCOUNT_LOCK_SECONDS, work);
      if (!locked.acquired) throw WebhookEndpointException.busy();
      return locked.value;
    },
    clock,
    config: config.webhooks,
  });
}
