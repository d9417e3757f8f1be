import { buildOpenApiDocument } from './openapi-document.builder';
import { REST_ROUTES } from './routes';

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

  it('answers the error object on every error status and on default', () => {
    for (const { op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status !== 'default' && !/^[45]/.test(status)) continue;
        expect(response).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
      }
    }
  });
});
