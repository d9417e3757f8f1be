import { z } from 'zod';
import { WebhookEndpointException } from '../../../shared/api-contract/webhook-endpoint.exception';
import {
  checkNewWebhookEndpoint,
  checkWebhookEndpointChange,
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENTS_MAX,
  WEBHOOK_PAGE_DEFAULT,
  WEBHOOK_PAGE_MAX,
  WEBHOOK_URL_MAX_LENGTH,
} from '../../../shared/api-contract/webhook-endpoint.validator';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { omitted, operationInput } from '../graphql-shapes/rest-operation-input.builder';
import type { MemberOverlay } from '../graphql-shapes/rest-input.type';
import { problemsOfCheck, validateUncarried } from '../rest.contract';
import type { JsonObject, RestRoute } from '../rest-route.types';
import {
  WEBHOOK_DELIVERY,
  WEBHOOK_DELIVERY_PAGE,
  WEBHOOK_ENDPOINT,
  WEBHOOK_ENDPOINT_DELETION,
  WEBHOOK_ENDPOINT_PAGE,
  WEBHOOK_ENDPOINT_SECRET,
  WEBHOOK_PING,
} from '../schemas/webhook.schemas';

/*
 * Webhook endpoint management (OpenAPI tag Webhooks; README "Webhooks" → "Managing endpoints"): a customer's or an
 * agent's own endpoints, every account's for ADMIN and SUDO. Each route is one admin-graph operation; the subgraph
 * checks the caller, then the values (shared/api-contract/webhook-endpoint.validator.ts), then where the URL leads, so
 * a REST and a GraphQL client get the same answer. Idempotency-Key is read on every POST, PATCH and DELETE here (the
 * router's rule for authenticated changes).
 */

const BASE = '/api/webhooks';
const NO_STORE = { 'cache-control': 'no-store' };
const NO_STORE_DOC = { 'cache-control': 'Always no-store.' };

const ENDPOINT_ID: MemberOverlay = {
  description: 'The endpoint id, whe_… (another account’s answers 404).',
  documents: { example: 'whe_5f1c0e3d-9a7b-4c4e-8f8a-0b1c2d3e4f50' },
};
/** The path's endpoint id of a field; its other arguments come from elsewhere. */
const idParam = (field: string, others: string[], name = 'id') =>
  restInput(field, { in: 'path', members: { ...omitted(others), [name]: { ...ENDPOINT_ID, ...(name === 'id' ? {} : { as: 'id' }) } } });

/** `limit` in the query string: digits, 1 to the maximum (GraphQL's `first`). */
const LIMIT: MemberOverlay = {
  as: 'limit',
  description: `Page size: 1 to ${WEBHOOK_PAGE_MAX}, default ${WEBHOOK_PAGE_DEFAULT}.`,
  instead: { schema: z.string().regex(/^(100|[1-9][0-9]?)$/, { error: `must be an integer from 1 to ${WEBHOOK_PAGE_MAX}` }), toGraphQL: Number },
  whenAbsent: WEBHOOK_PAGE_DEFAULT,
  documents: { example: '20' },
};
const AFTER: MemberOverlay = { description: "A previous page's nextCursor; omitted starts at the newest." };
const pageQuery = (field: string, others: string[], extra: Record<string, MemberOverlay> = {}) =>
  restInput(field, { in: 'query', unknownMembers: 'ignore', order: ['limit', 'after'], members: { ...omitted(others), first: LIMIT, after: AFTER, ...extra } });

const EVENTS: MemberOverlay = {
  documents: { minItems: 1, maxItems: WEBHOOK_EVENTS_MAX, uniqueItems: true, items: { type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] } },
};
const VALUES: Record<string, MemberOverlay> = {
  url: { documents: { maxLength: WEBHOOK_URL_MAX_LENGTH, format: 'uri', example: 'https://hooks.partner.example/safiri' } },
  events: EVENTS,
  description: { documents: { maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH } },
};

const LIST = operationInput({
  query: pageQuery('Query.webhookEndpoints', [], { accountId: { description: 'ADMIN and SUDO: only this account’s endpoints.' } }),
});
const READ = operationInput({ params: idParam('Query.webhookEndpoint', []) });
const CREATE = operationInput({
  body: restInput('Mutation.createWebhookEndpoint', {
    body: 'input',
    id: 'WebhookEndpointCreate',
    description: 'A new endpoint of the caller’s account; any other member is a 400.',
    order: ['url', 'events', 'description'],
    members: VALUES,
  }),
});
const UPDATE = operationInput({
  params: idParam('Mutation.updateWebhookEndpoint', ['input']),
  body: restInput('Mutation.updateWebhookEndpoint', {
    body: 'input',
    alongside: ['id'],
    id: 'WebhookEndpointUpdate',
    description: 'Only the members given change; any other member is a 400.',
    order: ['url', 'events', 'enabled', 'description'],
    members: VALUES,
  }),
});
const DELETE = operationInput({ params: idParam('Mutation.deleteWebhookEndpoint', []) });
const PING = operationInput({ params: idParam('Mutation.pingWebhookEndpoint', []) });
const ROTATE = operationInput({ params: idParam('Mutation.rotateWebhookEndpointSecret', []) });
const DELIVERIES = operationInput({
  params: idParam('Query.webhookDeliveries', ['first', 'after'], 'endpointId'),
  query: pageQuery('Query.webhookDeliveries', ['endpointId']),
});
const REDELIVER = operationInput({
  params: restInput('Mutation.redeliverWebhookDelivery', {
    in: 'path',
    members: { endpointId: { ...ENDPOINT_ID, as: 'id' }, deliveryId: { description: 'The delivery id, whd_….' } },
  }),
});

const FORBIDDEN = 'FORBIDDEN: the account is not a customer, an agent, ADMIN or SUDO.';
const NOT_FOUND = 'WEBHOOK_ENDPOINT_NOT_FOUND: no endpoint has this id, or it is another account’s.';
const BAD_VALUES = 'BAD_REQUEST: a member missing, of the wrong type, unknown, or with a value that is not allowed (data.fields).';
const URL_ERRORS = {
  400: `${BAD_VALUES} WEBHOOK_URL_REFUSED: the URL leads to a private, loopback, link-local, metadata or reserved address (in any spelling, or by a name resolving to one), names a local host, or does not resolve.`,
  502: 'WEBHOOK_URL_RESOLUTION_TIMEOUT: the host did not resolve within 3 s, so where it leads could not be checked; retry later.',
};
const BAD_PAGE = 'BAD_REQUEST: limit is not 1 to 100, or after is not a cursor this list answered.';

type EndpointData = { id: string } & JsonObject;
/** The creation and rotation answer as REST gives it: the endpoint's members, then the secret. */
const withSecret = ({ endpoint, secret }: { endpoint: EndpointData; secret: string }) => ({ ...endpoint, secret });

const list: RestRoute = {
  method: 'GET',
  path: BASE,
  auth: true,
  operation: (request) => ({
    query: `query WebhookEndpoints(${LIST.variableDefinitions}) { webhookEndpoints(${LIST.arguments}) { ${WEBHOOK_ENDPOINT_PAGE.selection} } }`,
    variables: LIST.variables(request),
  }),
  reply: (data: { webhookEndpoints: JsonObject }) => ({ body: data.webhookEndpoints, headers: NO_STORE }),
  contract: {
    summary: 'List webhook endpoints',
    description: 'The caller’s endpoints (ADMIN and SUDO: every account’s, or accountId’s), newest first, a page at a time.',
    tag: 'Webhooks',
    operationId: 'listWebhookEndpoints',
    query: LIST.query.schema,
    invalidInput: WebhookEndpointException.invalid,
    responses: { 200: { description: 'One page; nextCursor reads the next.', schema: WEBHOOK_ENDPOINT_PAGE.schema, headers: NO_STORE_DOC } },
    errors: { 400: BAD_PAGE, 403: FORBIDDEN },
  },
};

const create: RestRoute = {
  method: 'POST',
  path: BASE,
  auth: true,
  jsonBody: true,
  operation: (request) => ({
    query: `mutation CreateWebhookEndpoint(${CREATE.variableDefinitions}) { createWebhookEndpoint(${CREATE.arguments}) { ${WEBHOOK_ENDPOINT_SECRET.selection} } }`,
    variables: CREATE.variables(request),
  }),
  reply: (data: { createWebhookEndpoint: { endpoint: EndpointData; secret: string } }) => {
    const created = data.createWebhookEndpoint;
    return { status: 201, body: withSecret(created), headers: { ...NO_STORE, location: `${BASE}/${created.endpoint.id}` } };
  },
  contract: {
    summary: 'Register a webhook endpoint',
    description:
      'Registers an HTTPS endpoint of the caller’s account for the event types listed. The answer is the only one (with a rotation’s) that shows the ' +
      'signing secret: keep it to verify Safiri-Signature.',
    tag: 'Webhooks',
    operationId: 'createWebhookEndpoint',
    body: CREATE.body.schema,
    validate: validateUncarried(CREATE.body.schema, ({ body }) => problemsOfCheck(checkNewWebhookEndpoint((body ?? {}) as JsonObject))),
    invalidInput: WebhookEndpointException.invalid,
    responses: {
      201: {
        description: 'The endpoint and its signing secret, shown this once.',
        schema: WEBHOOK_ENDPOINT_SECRET.schema,
        headers: { location: 'The path of the new endpoint.', ...NO_STORE_DOC },
      },
    },
    errors: {
      ...URL_ERRORS,
      403: FORBIDDEN,
      409: 'WEBHOOK_ENDPOINT_LIMIT_REACHED: the account has as many endpoints as it may (WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT, data.limit).',
      503: 'WEBHOOK_ENDPOINTS_BUSY: another change to the account’s endpoints is still running (Retry-After).',
    },
  },
};

const read: RestRoute = {
  method: 'GET',
  path: `${BASE}/:id`,
  auth: true,
  operation: (request) => ({
    query: `query WebhookEndpoint(${READ.variableDefinitions}) { webhookEndpoint(${READ.arguments}) { ${WEBHOOK_ENDPOINT.selection} } }`,
    variables: READ.variables(request),
  }),
  reply: (data: { webhookEndpoint: JsonObject }) => ({ body: data.webhookEndpoint, headers: NO_STORE }),
  contract: {
    summary: 'Read a webhook endpoint',
    tag: 'Webhooks',
    operationId: 'getWebhookEndpoint',
    params: READ.params.schema,
    responses: { 200: { description: 'The endpoint, without its secret.', schema: WEBHOOK_ENDPOINT.schema, headers: NO_STORE_DOC } },
    errors: { 403: FORBIDDEN, 404: NOT_FOUND },
  },
};

const update: RestRoute = {
  method: 'PATCH',
  path: `${BASE}/:id`,
  auth: true,
  jsonBody: true,
  operation: (request) => ({
    query: `mutation UpdateWebhookEndpoint(${UPDATE.variableDefinitions}) { updateWebhookEndpoint(${UPDATE.arguments}) { ${WEBHOOK_ENDPOINT.selection} } }`,
    variables: UPDATE.variables(request),
  }),
  reply: (data: { updateWebhookEndpoint: JsonObject }) => ({ body: data.updateWebhookEndpoint, headers: NO_STORE }),
  contract: {
    summary: 'Change a webhook endpoint',
    description: 'Changes url, events, enabled or description. Setting enabled to true again clears disabledReason and failingSince.',
    tag: 'Webhooks',
    operationId: 'updateWebhookEndpoint',
    params: UPDATE.params.schema,
    body: UPDATE.body.schema,
    validate: validateUncarried(UPDATE.body.schema, ({ body }) => problemsOfCheck(checkWebhookEndpointChange((body ?? {}) as JsonObject))),
    invalidInput: WebhookEndpointException.invalid,
    responses: { 200: { description: 'The endpoint after the change.', schema: WEBHOOK_ENDPOINT.schema, headers: NO_STORE_DOC } },
    errors: { ...URL_ERRORS, 403: FORBIDDEN, 404: NOT_FOUND },
  },
};

const remove: RestRoute = {
  method: 'DELETE',
  path: `${BASE}/:id`,
  auth: true,
  operation: (request) => ({
    query: `mutation DeleteWebhookEndpoint(${DELETE.variableDefinitions}) { deleteWebhookEndpoint(${DELETE.arguments}) { ${WEBHOOK_ENDPOINT_DELETION.selection} } }`,
    variables: DELETE.variables(request),
  }),
  reply: () => ({ status: 204, body: null, headers: NO_STORE }),
  contract: {
    summary: 'Delete a webhook endpoint',
    tag: 'Webhooks',
    operationId: 'deleteWebhookEndpoint',
    params: DELETE.params.schema,
    responses: { 204: { description: 'Deleted: no more events are sent to it.', headers: NO_STORE_DOC } },
    errors: { 403: FORBIDDEN, 404: NOT_FOUND },
  },
};

const ping: RestRoute = {
  method: 'POST',
  path: `${BASE}/:id/ping`,
  auth: true,
  operation: (request) => ({
    query: `mutation PingWebhookEndpoint(${PING.variableDefinitions}) { pingWebhookEndpoint(${PING.arguments}) { ${WEBHOOK_PING.selection} } }`,
    variables: PING.variables(request),
  }),
  reply: (data: { pingWebhookEndpoint: JsonObject }) => ({ status: 202, body: data.pingWebhookEndpoint, headers: NO_STORE }),
  contract: {
    summary: 'Ping a webhook endpoint',
    description:
      'Records a webhook.ping event for this endpoint only (enabled or not), delivered and signed like any other; its delivery shows in the deliveries list.',
    tag: 'Webhooks',
    operationId: 'pingWebhookEndpoint',
    params: PING.params.schema,
    responses: { 202: { description: 'The ping event was recorded; it is delivered shortly.', schema: WEBHOOK_PING.schema, headers: NO_STORE_DOC } },
    errors: { 403: FORBIDDEN, 404: NOT_FOUND },
  },
};

const rotate: RestRoute = {
  method: 'POST',
  path: `${BASE}/:id/rotate-secret`,
  auth: true,
  operation: (request) => ({
    query: `mutation RotateWebhookEndpointSecret(${ROTATE.variableDefinitions}) { rotateWebhookEndpointSecret(${ROTATE.arguments}) { ${WEBHOOK_ENDPOINT_SECRET.selection} } }`,
    variables: ROTATE.variables(request),
  }),
  reply: (data: { rotateWebhookEndpointSecret: { endpoint: EndpointData; secret: string } }) => ({
    body: withSecret(data.rotateWebhookEndpointSecret),
    headers: NO_STORE,
  }),
  contract: {
    summary: 'Rotate the signing secret of a webhook endpoint',
    description:
      'Makes a new secret, shown this once. The previous one keeps signing beside it for 24 hours (two v1= entries in Safiri-Signature, until ' +
      'previousSecretExpiresAt); a second rotation within them drops the older one.',
    tag: 'Webhooks',
    operationId: 'rotateWebhookEndpointSecret',
    params: ROTATE.params.schema,
    responses: { 200: { description: 'The endpoint and its new secret.', schema: WEBHOOK_ENDPOINT_SECRET.schema, headers: NO_STORE_DOC } },
    errors: { 403: FORBIDDEN, 404: NOT_FOUND },
  },
};

const deliveries: RestRoute = {
  method: 'GET',
  path: `${BASE}/:id/deliveries`,
  auth: true,
  operation: (request) => ({
    query: `query WebhookDeliveries(${DELIVERIES.variableDefinitions}) { webhookDeliveries(${DELIVERIES.arguments}) { ${WEBHOOK_DELIVERY_PAGE.selection} } }`,
    variables: DELIVERIES.variables(request),
  }),
  reply: (data: { webhookDeliveries: JsonObject }) => ({ body: data.webhookDeliveries, headers: NO_STORE }),
  contract: {
    summary: 'List the deliveries of a webhook endpoint',
    description: 'One delivery per event sent to the endpoint, with its last attempt, newest first, a page at a time.',
    tag: 'Webhooks',
    operationId: 'listWebhookDeliveries',
    params: DELIVERIES.params.schema,
    query: DELIVERIES.query.schema,
    invalidInput: WebhookEndpointException.invalid,
    responses: { 200: { description: 'One page; nextCursor reads the next.', schema: WEBHOOK_DELIVERY_PAGE.schema, headers: NO_STORE_DOC } },
    errors: { 400: BAD_PAGE, 403: FORBIDDEN, 404: NOT_FOUND },
  },
};

const redeliver: RestRoute = {
  method: 'POST',
  path: `${BASE}/:id/deliveries/:deliveryId/redeliver`,
  auth: true,
  operation: (request) => ({
    query: `mutation RedeliverWebhookDelivery(${REDELIVER.variableDefinitions}) { redeliverWebhookDelivery(${REDELIVER.arguments}) { ${WEBHOOK_DELIVERY.selection} } }`,
    variables: REDELIVER.variables(request),
  }),
  reply: (data: { redeliverWebhookDelivery: JsonObject }) => ({ status: 202, body: data.redeliverWebhookDelivery, headers: NO_STORE }),
  contract: {
    summary: 'Send a webhook delivery again',
    description:
      'A finished delivery (DELIVERED, FAILED, REFUSED) goes back to PENDING with a fresh retry window and is attempted shortly; one still under way ' +
      'is answered as it is.',
    tag: 'Webhooks',
    operationId: 'redeliverWebhookDelivery',
    params: REDELIVER.params.schema,
    responses: { 202: { description: 'The delivery, as it is now.', schema: WEBHOOK_DELIVERY.schema, headers: NO_STORE_DOC } },
    errors: { 403: FORBIDDEN, 404: `${NOT_FOUND} WEBHOOK_DELIVERY_NOT_FOUND: the endpoint has no delivery with this id.` },
  },
};

export const webhookRoutes: RestRoute[] = [list, create, read, update, remove, ping, rotate, deliveries, redeliver];
