import type { DataSource } from 'typeorm';
import type { Clock } from '../time/clock.port';
import { WebhookDeliveryRepository, type NewWebhookDelivery } from './webhook-delivery.repository';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookEventRepository, type WebhookEventRow } from './webhook-event.repository';
import { newDeliveryId } from './webhook-id.codec';

/** The delivery target of an event's one-off callbackUrl (an endpoint's target is its id). */
export const CALLBACK_TARGET = 'callback';

/**
 * Turns an event into one delivery per target: the account's enabled endpoints subscribed to its type (or the one
 * endpoint a ping names) and its callbackUrl. Run again (a retried job), it adds nothing: a delivery is unique per
 * (event, target) and each first attempt's job per delivery.
 */
export class WebhookFanOutService {
  private readonly events = new WebhookEventRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly delivery: Pick<WebhookDeliveryService, 'scheduleAttempt'>,
  ) {}

  async fanOut(eventId: string): Promise<{ deliveries: number }> {
    const event = await this.events.byId(this.dataSource, eventId);
    if (!event) return { deliveries: 0 };
    const targets = await this.targetsOf(event);
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const deliveries = new WebhookDeliveryRepository(tx);
      await deliveries.insertMissing(
        targets.map((t) => ({ id: newDeliveryId(), eventId, target: t.target, endpointId: t.endpointId, accountId: event.accountId, createdAt: now })),
        now,
      );
      const written = await deliveries.ofEvent(eventId);
      for (const d of written.filter((row) => row.attempts === 0 && row.round === 0)) await this.delivery.scheduleAttempt(tx, d, 1);
      return { deliveries: written.length };
    });
  }

  private async targetsOf(event: WebhookEventRow): Promise<Array<Pick<NewWebhookDelivery, 'target' | 'endpointId'>>> {
    const endpoints = new WebhookEndpointRepository(this.dataSource);
    const targets: Array<Pick<NewWebhookDelivery, 'target' | 'endpointId'>> = [];
    if (event.endpointId) {
      // A ping goes to the endpoint it names, enabled or not: it is how an owner checks one before enabling it.
      const endpoint = await endpoints.byId(event.endpointId);
      if (endpoint) targets.push({ target: endpoint.id, endpointId: endpoint.id });
    } else {
      for (const endpoint of await endpoints.enabledOfAccount(event.accountId)) {
        if (endpoint.events.includes(event.type)) targets.push({ target: endpoint.id, endpointId: endpoint.id });
      }
    }
    if (event.callbackUrl) targets.push({ target: CALLBACK_TARGET, endpointId: null });
    return targets;
  }
}
