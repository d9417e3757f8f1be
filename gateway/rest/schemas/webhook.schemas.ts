import { z } from 'zod';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../../shared/api-contract/webhook-endpoint.validator';
import { DELIVERY_ID_PATTERN, ENDPOINT_ID_PATTERN } from '../../../shared/webhooks/webhook-id.codec';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/*
 * The answers of the webhook endpoint routes (OpenAPI tag Webhooks, `createWebhookEndpoint` to
 * `redeliverWebhookDelivery`), derived from the admin graph's types (docs/rest-shapes.md). The signing secret is a
 * member of the creation and rotation answers only.
 */

/** The event types an endpoint subscribes to, as a component the request and the answers share. */
export const WebhookSubscribedEventType = z.enum(SUBSCRIBABLE_EVENT_TYPES as [string, ...string[]]).meta({
  id: 'WebhookSubscribedEventType',
  description: 'An event type of the catalogue an endpoint may subscribe to (README "Webhooks"); webhook.ping is sent on every ping instead.',
});

const ENDPOINT_ID = z.string().meta({ pattern: ENDPOINT_ID_PATTERN.source, example: 'whe_5f1c0e3d-9a7b-4c4e-8f8a-0b1c2d3e4f50' });
const DELIVERY_ID = z.string().meta({ pattern: DELIVERY_ID_PATTERN.source, example: 'whd_0a1b2c3d-4e5f-4071-8293-a4b5c6d7e8f9' });
const EVENT_ID = z.string().meta({ pattern: ENDPOINT_ID_PATTERN.source.replace('whe_', 'evt_'), example: 'evt_3f0c2a9e-2b7d-4c1e-9a55-0d8f6b1c2e4a' });

/** The endpoint's refinements, for the endpoint answer and the members the creation and rotation answers lift from it. */
const ENDPOINT_FIELDS = {
  id: { schema: ENDPOINT_ID },
  accountId: { schema: z.uuid() },
  url: { schema: z.url().meta({ example: 'https://hooks.partner.example/safiri' }) },
  events: { schema: WebhookSubscribedEventType },
};

/** OpenAPI schema `WebhookEndpoint`: an endpoint, without its secret. */
export const WEBHOOK_ENDPOINT = restShape('WebhookEndpoint', { id: 'WebhookEndpoint', fields: ENDPOINT_FIELDS });

/** OpenAPI schema `WebhookEndpointWithSecret`: the endpoint's members and `secret`, answered by the creation and the rotation only. */
export const WEBHOOK_ENDPOINT_SECRET = restShape('WebhookEndpointSecret', {
  id: 'WebhookEndpointWithSecret',
  description: 'The endpoint and its signing secret, shown this once: keep it to verify the Safiri-Signature header.',
  fields: {
    endpoint: { flatten: true, shape: { fields: ENDPOINT_FIELDS } },
    secret: { schema: z.string().meta({ pattern: '^whsec_[A-Za-z0-9_-]+$', example: 'whsec_Qm9zYS1zYWZpcmktZXhhbXBsZS1zZWNyZXQtMzJi' }) },
  },
});

/** OpenAPI schema `WebhookEndpointPage`. */
export const WEBHOOK_ENDPOINT_PAGE = restShape('WebhookEndpointPage', {
  id: 'WebhookEndpointPage',
  fields: { endpoints: { schema: WEBHOOK_ENDPOINT.schema, selection: WEBHOOK_ENDPOINT.selection } },
});

export const WEBHOOK_ENDPOINT_DELETION = restShape('WebhookEndpointDeletion');

/** OpenAPI schema `WebhookPing`: answered with 202, the event is delivered like any other. */
export const WEBHOOK_PING = restShape('WebhookPing', { id: 'WebhookPing', fields: { eventId: { schema: EVENT_ID }, endpointId: { schema: ENDPOINT_ID } } });

/** OpenAPI schema `WebhookDelivery`. */
export const WEBHOOK_DELIVERY = restShape('WebhookDelivery', {
  id: 'WebhookDelivery',
  fields: { id: { schema: DELIVERY_ID }, eventId: { schema: EVENT_ID }, endpointId: { schema: ENDPOINT_ID } },
});

/** OpenAPI schema `WebhookDeliveryPage`. */
export const WEBHOOK_DELIVERY_PAGE = restShape('WebhookDeliveryPage', {
  id: 'WebhookDeliveryPage',
  fields: { deliveries: { schema: WEBHOOK_DELIVERY.schema, selection: WEBHOOK_DELIVERY.selection } },
});
