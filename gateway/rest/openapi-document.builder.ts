import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { COMMON_ERRORS, ErrorBodySchema, RouteContract, RouteTag } from './rest.contract';
import type { RestRoute } from './rest-route.types';
import { FLIGHT_STOPS_PATH, TRAIN_STOPS_PATH } from '../discovery.view';
import { API_DISCOVERY_PATH, ApiDiscovery } from './schemas/discovery.schemas';
import { takesIdempotencyKey, withIdempotencyKey } from '../idempotency/idempotency.contract';
import { webhookEventDocs } from './schemas/webhook-event.schemas';

export const OPENAPI_FILE = 'openapi.json';

const TAGS: Record<RouteTag, string> = {
  Flight: 'Flight search, offer review, reservation, purchase, issuance, cancellation and tickets.',
  Train: 'SGR train search, details, seat holds, reservation, issuance, ticket documents and notifications.',
  Bus: 'Intercity bus search.',
  Tickets: 'Ticket lookup across bus, train and flight.',
  Companies: 'The company list.',
  'Reverse proxy': 'Administration of reverse-proxy domains and tenant configurations (administrators only).',
  Webhooks:
    'HTTPS endpoints that receive signed events about an account’s bookings: their registration, ping, secret rotation, deliveries and redelivery, and the events POSTed to them.',
  Platform: 'API discovery, login, key discovery and the station-list hosts.',
};

/** `/api/x/:id` → `/api/x/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function defaultOperationId(route: RestRoute): string {
  const words = route.path
    .replace(FLIGHT_STOPS_PATH, '/flight-stops')
    .replace(TRAIN_STOPS_PATH, '/train-stops')
    .split(/[/\-_.]/)
    .filter((w) => w && !w.startsWith(':') && w !== 'api');
  return [route.method.toLowerCase(), ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

const errorContent = { 'application/json': { schema: ErrorBodySchema } };

function responses(route: RestRoute, contract: RouteContract): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, success] of Object.entries(contract.responses)) {
    if (!success) continue;
    const contentType = success.contentType ?? 'application/json';
    out[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: success.description,
      ...(success.schema || success.contentType
        ? { content: { [contentType]: success.schema ? { schema: success.schema } : { schema: { type: 'string', format: 'binary' } } } }
        : {}),
      ...(success.headers
        ? { headers: Object.fromEntries(Object.entries(success.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }
        : {}),
    };
  }
  const errors: Partial<Record<number, string>> = {
    ...(route.auth ? { 401: 'The bearer token is missing or no longer accepted; log in again.' } : {}),
    ...contract.errors,
  };
  for (const [status, description] of Object.entries(errors)) {
    if (description === undefined) continue;
    const headers = contract.errorHeaders?.[Number(status)];
    const schema = contract.errorSchemas?.[Number(status)];
    out[status as `${4 | 5}${string}`] = {
      description,
      content: schema ? { 'application/json': { schema } } : errorContent,
      ...(headers
        ? { headers: Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }])) }
        : {}),
    };
  }
  out.default = {
    description: `Any other failure, with the error object: ${Object.entries(COMMON_ERRORS)
      .map(([status, text]) => `${status} ${text}`)
      .join(' ')}`,
    content: errorContent,
  };
  return out;
}

function operation(route: RestRoute, contract: RouteContract): ZodOpenApiOperationObject {
  const op: ZodOpenApiOperationObject = {
    operationId: contract.operationId ?? defaultOperationId(route),
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [contract.tag],
    security: route.auth ? [{ bearerAuth: [] }] : [],
    responses: responses(route, contract),
  };
  const requestParams = {
    ...(contract.params ? { path: contract.params } : {}),
    ...(contract.query ? { query: contract.query } : {}),
    ...(contract.headers ? { header: contract.headers } : {}),
  };
  if (Object.keys(requestParams).length) op.requestParams = requestParams;
  if (contract.body) op.requestBody = { required: true, content: { 'application/json': { schema: contract.body } } };
  return op;
}

/** The gateway's own discovery document: no GraphQL behind it, so no route, but clients and contract proxies need it documented. */
const DISCOVERY_OPERATION: ZodOpenApiOperationObject = {
  operationId: 'getApiDiscovery',
  summary: 'Discover the API: login, keys, documents and station-list hosts',
  tags: ['Platform'],
  security: [],
  responses: {
    200: {
      description: 'The discovery document (cacheable for an hour).',
      content: { 'application/json': { schema: ApiDiscovery } },
    },
    default: { description: 'Any failure, with the error object.', content: errorContent },
  },
};

/**
 * The OpenAPI 3.1 document of the REST layer, built from the route table. Served at /openapi.json and
 * committed as openapi.json (`npm run openapi`; CI fails when the committed file is stale).
 */
export function buildOpenApiDocument(routes: RestRoute[]): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const contract = takesIdempotencyKey(route) ? withIdempotencyKey(route.contract) : route.contract;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, contract) };
  }
  paths[API_DISCOVERY_PATH] = { get: DISCOVERY_OPERATION };
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Safiri booking API (REST)',
        version: '1.0.0',
        description:
          'The REST endpoints of the flight, train, bus and administration APIs. Each is translated into a GraphQL operation on the ' +
          'federated graph at /graphql. Bodies are JSON; money amounts are decimal strings; dates are provider-local YYYY-MM-DD.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Safiri' },
      },
      // Relative: the gateway that serves the document is the server (station lists under /stops/flight and /stops/train).
      servers: [{ url: '/', description: 'The gateway that serves this document.' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A token from POST /api/logon (RS256; keys at /api/uts/jwk).' },
        },
      },
      paths,
    },
    { reused: 'inline' },
  ) as unknown as Record<string, unknown>;
  // What we POST to a registered endpoint, one entry per event type (README "Webhooks"), after paths as 3.1 orders them.
  return { ...document, webhooks: webhookEventDocs() };
}
