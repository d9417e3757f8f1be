import type { EntityManager } from 'typeorm';
import type { Outbox } from '../queue/outbox.service';
import type { Clock } from '../time/clock.port';
import { WEBHOOK_API_VERSION, type WebhookEventType } from './webhook-event.catalogue';
import { WebhookEventRepository } from './webhook-event.repository';
import { newEventId } from './webhook-id.codec';
import { fanOutJobId, WEBHOOK_JOBS } from './webhook.jobs';
import type { LiveSubject } from '../live/live-update.contract';
import { LIVE_JOBS, LIVE_PUBLISH_RETRY, livePublishJobId } from '../live/live.jobs';

export interface WebhookEventInput {
  type: WebhookEventType;
  /** The account the booking belongs to: its endpoints subscribed to `type` receive the event. */
  accountId: string;
  /** The resource as its REST answer gives it. Kept in the event row (never in a job payload). */
  data: object;
  /** A one-off target besides the account's endpoints (the SGR issue callbackUrl), checked when it was accepted. */
  callbackUrl?: string | null;
  /** Only this endpoint (a ping), not every subscribed one. */
  endpointId?: string;
  /** The booking the event is about and its status after the change: live subscribers are told (shared/live) once it commits. */
  subject?: LiveSubject;
}

/**
 * The one way a flow reports a change to webhooks: the event and its fan-out job are written in the caller's
 * transaction, so an event exists if and only if the change committed (never sent for a rollback, never lost).
 */
export class WebhookEventRecorder {
  private readonly events = new WebhookEventRepository();

  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async record(manager: EntityManager, event: WebhookEventInput): Promise<string> {
    const id = newEventId();
    const createdAt = this.clock.now();
    await this.events.insert(manager, {
      id,
      type: event.type,
      accountId: event.accountId,
      apiVersion: WEBHOOK_API_VERSION,
      data: JSON.stringify(event.data),
      endpointId: event.endpointId ?? null,
      callbackUrl: event.callbackUrl ?? null,
      createdAt,
    });
    await this.outbox.enqueue(manager, WEBHOOK_JOBS.fanOut.of({ eventId: id }, { jobId: fanOutJobId(id) }));
    if (event.subject) {
      const { kind, bookingId, status } = event.subject;
      const update = { eventId: id, eventType: event.type, accountId: event.accountId, kind, bookingId, status, occurredAt: createdAt.toISOString() };
      await this.outbox.enqueue(manager, LIVE_JOBS.publish.of(update, { jobId: livePublishJobId(id), retry: LIVE_PUBLISH_RETRY }));
    }
    return id;
  }
}
