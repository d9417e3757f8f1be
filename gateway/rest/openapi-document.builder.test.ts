import { buildOpenApiDocument } from './openapi-document.builder';
import { REST_ROUTES } from './routes';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks/webhook-event.catalogue';

interface Operation {
  operationId: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses: Record<string, unknown>;
}

const doc = buildOpenApiDocument(REST_ROUTES) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document built from the route table', () => {
  it('has every route, each with a contract, and the discovery document the gateway serves itself', () => {
    expect(REST_ROUTES.filter((r) => !r.contract).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(operations).toHaveLength(REST_ROUTES.length + 1);
    expect(doc.paths['/.well-known/api-discovery'].get.operationId).toBe('getApiDiscovery');
  });

  it('gives each operation a unique id, a success answer, and its path parameters', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, op } of operations) {
      expect(Object.keys(op.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(declared.sort()).toEqual(inPath.sort());
    }
  });

  it('answers the error object on every error status and on default (or a component that is it with its data in full)', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, { allOf?: unknown[] }> } }).components.schemas;
    const errorBody = { $ref: '#/components/schemas/ErrorBody' };
    for (const { op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status !== 'default' && !/^[45]/.test(status)) continue;
        const { $ref } = (response as { content: { 'application/json': { schema: { $ref: string } } } }).content['application/json'].schema;
        if ($ref === errorBody.$ref) continue;
        expect(components[$ref.replace('#/components/schemas/', '')].allOf?.[0]).toEqual(errorBody);
      }
    }
  });

  it('documents the price-change 409 of both reservations with the wallet amount an agent must accept', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }).components.schemas;
    for (const path of ['/api/flight/reserve', '/api/flight/reserve/agent']) {
      const conflict = doc.paths[path].post.responses['409'] as { content: { 'application/json': { schema: { $ref: string } } } };
      expect(conflict.content['application/json'].schema.$ref).toBe('#/components/schemas/FlightReservationConflict');
    }
    expect(Object.keys(components.FlightPriceSummary.properties)).toEqual(['grandTotal', 'currency', 'walletDebitTotal', 'walletCurrency']);
    expect(JSON.stringify(components.FlightReservationConflict)).toContain('#/components/schemas/FlightPriceChange');
    expect(JSON.stringify(components.FlightPriceChange)).toContain('#/components/schemas/FlightPriceSummary');
  });

  it('documents what each catalogue event POSTs to an endpoint, its data referring to the REST answer it is shaped like', () => {
    const { webhooks, components } = doc as unknown as { webhooks: Record<string, { post: { requestBody: unknown } }>; components: { schemas: object } };
    expect(Object.keys(webhooks)).toEqual(WEBHOOK_EVENT_TYPES);
    for (const [type, item] of Object.entries(webhooks)) {
      const text = JSON.stringify(item.post.requestBody);
      expect(text).toContain(`"const":"${type}"`);
      for (const [, name] of text.matchAll(/#\/components\/schemas\/([A-Za-z]+)/g)) expect(Object.keys(components.schemas)).toContain(name);
    }
    expect(JSON.stringify(webhooks['flight.reservation.created'])).toContain('#/components/schemas/FlightAgentReservation');
  });
});
