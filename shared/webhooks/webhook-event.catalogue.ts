/**
 * Every event a webhook endpoint can subscribe to (README "Webhooks", openapi.json `WebhookEvent`). Each is written in
 * the transaction of the change it reports; `data` is the resource in the shape its REST answer gives.
 */
export const WEBHOOK_EVENTS = {
  'flight.reservation.created': 'A flight reservation was made (customer or agent); data: the reservation answer.',
  'flight.reservation.price_changed': 'The supplier repriced a flight reservation; data: the reservation with its new price.',
  'flight.order.issued': 'Tickets were issued for a flight reservation; data: the reservation with its tickets.',
  'flight.reservation.cancelled': 'A flight reservation was cancelled; data: the cancellation answer.',
  'flight.refund.updated': 'The refund of a cancelled flight reservation changed; data: the cancellation answer.',
  'train.reservation.created': 'A train reservation was made; data: the reservation answer.',
  'train.payment.confirmed': 'An online payment for a train reservation was confirmed; data: the payment answer.',
  'train.issuance.issued': 'Train tickets were issued; data: the issuance status answer.',
  'train.issuance.payout_rejected': 'The payout for a train issuance was finally rejected; data: the issuance status answer.',
  'train.issuance.failed': 'The provider refused to issue after the payout (ISSUE_FAILED): support settles it; data: the issuance status answer.',
  'train.reservation.expired': 'An unpaid train reservation expired and its seats were released; data: the reservation answer.',
  'webhook.ping': 'Sent by POST /api/webhooks/{id}/ping to that endpoint only; data: the endpoint id.',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** The envelope's apiVersion: the date of the contract a receiver is answered in; a new one only for a breaking change. */
export const WEBHOOK_API_VERSION = '2026-11-28';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.prototype.hasOwnProperty.call(WEBHOOK_EVENTS, value);
}

/** What a receiver gets, in this member order. */
export interface WebhookEnvelope {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  apiVersion: string;
  data: unknown;
}
