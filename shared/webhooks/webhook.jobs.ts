import { defineQueue, job } from '../queue/job-handle.factory';

export interface WebhookFanOutPayload {
  eventId: string;
}

/** One attempt: a job of an earlier round (superseded by a redelivery) or of an attempt already made does nothing. */
export interface WebhookDeliveryPayload {
  deliveryId: string;
  round: number;
  attempt: number;
}

/** The webhooks queue: an event fans out to one delivery per target, each delivery is sent (and retried) by its own job. */
export const WEBHOOK_QUEUE = defineQueue('webhooks', {
  fanOut: job<WebhookFanOutPayload>('webhook-fan-out'),
  delivery: job<WebhookDeliveryPayload>('webhook-delivery'),
});
export const WEBHOOK_JOBS = WEBHOOK_QUEUE.jobs;

/**
 * One BullMQ job per attempt of a delivery (the delivery is one per event and target): `<delivery>.r<round>.a<attempt>`,
 * a redelivery being a new round. Writing an attempt's job twice adds nothing, and the delivery row's lease keeps two
 * attempts from sending at once.
 */
export function deliveryJobId(deliveryId: string, round: number, attempt: number): string {
  return `${deliveryId}.r${round}.a${attempt}`;
}

export function fanOutJobId(eventId: string): string {
  return `fan-${eventId}`;
}
