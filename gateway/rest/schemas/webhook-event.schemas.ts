import type { z } from 'zod';
import { WEBHOOK_API_VERSION, WEBHOOK_EVENTS, type WebhookEventType } from '../../../shared/webhooks/webhook-event.catalogue';
import { FlightCancellation, FlightIssuance } from './flight-issuance.schemas';
import { FlightAgentReservation, FlightCustomerReservation, FlightPriceChange } from './flight-reservation.schemas';
import { TRAIN_ISSUE_ACCEPTED, TRAIN_PAYMENT } from './train-issuance.schemas';
import { TRAIN_RESERVATION } from './train-reservation.schemas';

type JsonSchema = Record<string, unknown>;

/** A reference to the component a REST answer already documents (its zod schema's meta id). */
function componentOf(schema: z.ZodType): JsonSchema {
  const id = (schema.meta() as { id?: string } | undefined)?.id;
  if (!id) throw new Error('a webhook event data schema must be a named component');
  return { $ref: `#/components/schemas/${id}` };
}

/**
 * Each event's `data`: the resource in the shape its REST answer gives (README "Event catalogue"), referenced from the
 * response components rather than described again: built through zod-openapi as request bodies, every one of them
 * would be split into an input and an `…Output` twin.
 */
function eventData(type: WebhookEventType): JsonSchema {
  switch (type) {
    case 'flight.reservation.created':
      return { oneOf: [componentOf(FlightAgentReservation), componentOf(FlightCustomerReservation)] };
    case 'flight.reservation.price_changed':
      return componentOf(FlightPriceChange);
    case 'flight.order.issued':
      return componentOf(FlightIssuance);
    case 'flight.reservation.cancelled':
    case 'flight.refund.updated':
      return componentOf(FlightCancellation);
    case 'train.reservation.created':
    case 'train.reservation.expired':
      return componentOf(TRAIN_RESERVATION.schema);
    case 'train.payment.confirmed':
      return componentOf(TRAIN_PAYMENT.schema);
    // The issuance status as GET …/issuance answers it, without payable (quotes are frozen on request, not pushed).
    case 'train.issuance.issued':
    case 'train.issuance.payout_rejected':
    case 'train.issuance.failed':
      return componentOf(TRAIN_ISSUE_ACCEPTED.schema);
    case 'webhook.ping':
      return { type: 'object', properties: { endpointId: { type: 'string' } }, required: ['endpointId'], description: 'The endpoint pinged.' };
  }
}

const header = (name: string, description: string, example?: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', ...(example ? { example } : {}) },
});

const SIGNATURE_HEADERS = [
  header(
    'Safiri-Signature',
    't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>; a second v1 while a rotated secret overlaps (24 h).',
    't=1764288000,v1=5f2b0c…',
  ),
  header('Safiri-Event-Id', "The event's id: deduplicate on it (delivery is at least once)."),
  header('Safiri-Event-Type', "The event's type."),
];

function envelope(type: WebhookEventType): JsonSchema {
  return {
    type: 'object',
    description: WEBHOOK_EVENTS[type],
    properties: {
      id: { type: 'string', description: 'Unique per event; the same in every delivery of it.', example: 'evt_3f0c2a9e-2b7d-4c1e-9a55-0d8f6b1c2e4a' },
      type: { type: 'string', const: type },
      createdAt: { type: 'string', format: 'date-time', description: 'When the change happened (UTC).' },
      apiVersion: { type: 'string', description: 'The contract the data follows.', example: WEBHOOK_API_VERSION },
      data: eventData(type),
    },
    required: ['id', 'type', 'createdAt', 'apiVersion', 'data'],
  };
}

const operationId = (type: WebhookEventType) => `webhook${type.replace(/(^|[._])([a-z])/g, (_m: string, _sep: string, c: string) => c.toUpperCase())}`;

/**
 * The OpenAPI 3.1 `webhooks` of the catalogue: what we POST to an endpoint for each event type, as plain OpenAPI
 * added to the built document (its `data` references the response components).
 */
export function webhookEventDocs(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]).map((type) => [
      type,
      {
        post: {
          operationId: operationId(type),
          summary: type,
          description: `${WEBHOOK_EVENTS[type]} Delivered at least once, in no promised order; verify Safiri-Signature before trusting it.`,
          tags: ['Webhooks'],
          // Our request to your receiver: it proves itself by Safiri-Signature, not by an auth scheme of yours.
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: envelope(type) } } },
          responses: {
            '2XX': { description: 'Received: any 2xx within 10 s ends the delivery.' },
            default: { description: 'Anything else (or no answer in time) is retried with exponential backoff for 72 h.' },
          },
        },
      },
    ]),
  );
}
