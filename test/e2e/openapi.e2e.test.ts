import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestStack } from '../support/test-platform';
import { json } from '../support/http';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string; bearerFormat?: string }> };
}

/** GET /openapi.json: the committed document, served without a token and linked from discovery. */
describe('the OpenAPI document of the REST layer', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;

  beforeAll(async () => {
    env = await startTestStack();
  });
  afterAll(() => env.close());

  it('is served without a token, exactly as committed, with an ETag and gzip', async () => {
    const res = await fetch(`${env.baseUrl}/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const served = await json<OpenApiDocument>(res);
    const committed = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'openapi.json'), 'utf8')) as OpenApiDocument;
    expect(served).toEqual(committed);
    expect(served.openapi).toBe('3.1.0');
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const again = await fetch(`${env.baseUrl}/openapi.json`, { headers: { 'if-none-match': etag!, 'accept-encoding': 'gzip' } });
    expect(again.status).toBe(304);
  });

  it('is linked from the discovery document', async () => {
    const discovery = await json<{ openapi_url: string }>(await fetch(`${env.baseUrl}/.well-known/api-discovery`));
    expect(discovery.openapi_url).toBe(`${env.config.publicBaseUrl}/openapi.json`);
  });

  it('documents the discovery document itself, without a token (the contract hook checks the answer above against it)', async () => {
    const doc = await json<OpenApiDocument>(await fetch(`${env.baseUrl}/openapi.json`));
    const discovery = doc.paths['/.well-known/api-discovery']?.get;
    expect(discovery?.security).toEqual([]);
    expect(Object.keys(discovery?.responses ?? {})).toEqual(expect.arrayContaining(['200']));
  });

  it('describes the documented operations with their statuses, and Bearer on the protected ones', async () => {
    const doc = await json<OpenApiDocument>(await fetch(`${env.baseUrl}/openapi.json`));
    const op = (p: string, m: string) => doc.paths[p]?.[m];
    expect(Object.keys(op('/api/companies', 'get')!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', 'default']));
    expect(op('/api/companies', 'get')!.security).toEqual([{ bearerAuth: [] }]);
    expect(op('/api/logon', 'post')!.security).toEqual([]);
  });

  it('answers input that fails a route schema with a 400 naming each field, before any GraphQL runs', async () => {
    const res = await fetch(`${env.baseUrl}/api/logon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 42 }),
    });
    expect(res.status).toBe(400);
    const body = await json<{ errorCode: string; error: object; data: { fields: Array<{ field: string }> } }>(res);
    expect(body.errorCode).toBe('BAD_REQUEST');
    expect(body.error).toEqual({});
    expect(body.data.fields.map((f) => f.field).sort()).toEqual(['email', 'password']);
  });
});
