import { Readable } from 'node:stream';
import type { RouteContract } from './rest.contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { ApolloServer } from '@apollo/server';
import { createLogger } from '../../shared/logging/logger';
import { gatewayContext, GatewayContext } from '../gateway.context';
import { RestRouter } from './rest.router';
import type { RestRoute } from './rest-route.types';
import { platformRoutes } from './routes/platform.routes';
import { ifNoneMatchHits } from './conditional-get.policy';
import { apiSchemaAnswer } from '../../test/support/api-schema-answer';

/** These routes test the router's HTTP handling; their contract declares nothing to check. */
const TEST_CONTRACT: RouteContract = { summary: 'test route', tag: 'Platform', responses: {}, errors: {} };

/** Enough airports that the list is well over the compression threshold. */
const AIRPORTS = Array.from({ length: 200 }, (_, i) => ({
  stopId: `A${i}:FLT:0`,
  stopCode: `A${i}`,
  stopLat: i,
  stopLon: -i,
  stopName: `Airport ${i}`,
  stopDesc: '',
  stopTimezone: 'Africa/Nairobi',
  cityGeohash: 'kzf0',
  popularity: 1,
}));
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 'x')]);

function fakeApollo() {
  let calls = 0;
  const apollo = {
    executeOperation: async ({ query }: { query: string }) => {
      calls++;
      return apiSchemaAnswer(query, { airports: AIRPORTS, trainStations: [] });
    },
  };
  return { calls: () => calls, apollo: apollo as unknown as ApolloServer<GatewayContext> };
}

const extraRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/pdf',
    auth: false,
    contract: TEST_CONTRACT,
    operation: () => ({ query: '{ airports { stopId } }' }),
    reply: () => ({ body: PDF, headers: { 'content-type': 'application/pdf' } }),
  },
  {
    method: 'DELETE',
    path: '/thing',
    auth: false,
    contract: TEST_CONTRACT,
    operation: () => ({ query: '{ airports { stopId } }' }),
    reply: () => ({ status: 204, body: null }),
  },
];

interface Sent {
  status: number;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

async function call(router: RestRouter, method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<Sent> {
  const url = new URL(target, 'http://localhost');
  const req = Object.assign(Readable.from(body ? [Buffer.from(body)] : []), { method, headers }) as unknown as IncomingMessage;
  const sent: Sent = { status: 0, headers: {}, body: undefined };
  const res = {
    headersSent: false,
    getHeader: () => undefined,
    writeHead: (status: number, written: Record<string, string>) => {
      sent.status = status;
      sent.headers = written;
    },
    end: (chunk?: Buffer | string) => {
      sent.body = chunk === undefined ? undefined : Buffer.from(chunk);
    },
  } as unknown as ServerResponse;
  expect(await router.handle(req, res, url, gatewayContext('req-1', {}, 'rest'))).toBe(true);
  return sent;
}

/** What end() received, without the Buffer.from copy: to see whether two hits sent the same bytes object. */
async function endArgument(router: RestRouter, target: string, headers: Record<string, string>): Promise<unknown> {
  let argument: unknown;
  const req = Object.assign(Readable.from([]), { method: 'GET', headers }) as unknown as IncomingMessage;
  const res = {
    headersSent: false,
    getHeader: () => undefined,
    writeHead: () => undefined,
    end: (chunk: unknown) => (argument = chunk),
  } as unknown as ServerResponse;
  await router.handle(req, res, new URL(target, 'http://localhost'), gatewayContext('req-1', {}, 'rest'));
  return argument;
}

describe('REST router HTTP conventions', () => {
  const logger = createLogger('error');
  const router = () => {
    const fake = fakeApollo();
    return { ...fake, router: new RestRouter([...platformRoutes, ...extraRoutes], fake.apollo, logger, 1024) };
  };

  it('compresses a cached list once per coding: a hit sends the very bytes of the first compression', async () => {
    const { router: r, calls } = router();
    const first = await endArgument(r, '/stops/flight/api/stops', { 'accept-encoding': 'gzip' });
    const again = await endArgument(r, '/stops/flight/api/stops?x=1', { 'accept-encoding': 'gzip' });
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(again).toBe(first);
    const br = await endArgument(r, '/stops/flight/api/stops', { 'accept-encoding': 'br' });
    expect(await endArgument(r, '/stops/flight/api/stops', { 'accept-encoding': 'br;q=1, gzip;q=0.5' })).toBe(br);
    const plain = await endArgument(r, '/stops/flight/api/stops', {});
    expect(await endArgument(r, '/stops/flight/api/stops', {})).toBe(plain);
    expect(gunzipSync(first as Buffer).equals(plain as Buffer)).toBe(true);
    // One reply in the cache for all three forms, built by one GraphQL call.
    expect(r.cachedReplies).toBe(1);
    expect(calls()).toBe(1);
  });

  it('sends a PDF as it is, without Vary, and a 204 without body or coding', async () => {
    const { router: r } = router();
    const pdf = await call(r, 'GET', '/pdf', { 'accept-encoding': 'gzip, br' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.headers.vary).toBeUndefined();
    expect(pdf.body?.equals(PDF)).toBe(true);
    expect(pdf.headers['content-length']).toBe(String(PDF.length));

    const deleted = await call(r, 'DELETE', '/thing', { 'accept-encoding': 'gzip' });
    expect(deleted.status).toBe(204);
    expect(deleted.headers['content-encoding']).toBeUndefined();
    expect(deleted.headers['content-length']).toBeUndefined();
    expect(deleted.body).toBeUndefined();
  });

  it('answers HEAD with the headers of GET and no body, and lists HEAD in Allow beside GET', async () => {
    const { router: r } = router();
    const get = await call(r, 'GET', '/stops/flight/api/stops', { 'accept-encoding': 'br' });
    const head = await call(r, 'HEAD', '/stops/flight/api/stops', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBeUndefined();
    expect(get.headers['content-length']).toBe(String(get.body?.length));
    const wrong = await call(r, 'POST', '/stops/flight/api/stops', { 'content-type': 'application/json' }, '{}');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
  });

  it('answers 304 to If-None-Match naming the list, with the caching headers only', async () => {
    const { router: r } = router();
    const get = await call(r, 'GET', '/stops/flight/api/stops');
    const notModified = await call(r, 'GET', '/stops/flight/api/stops', { 'if-none-match': get.headers.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers).toEqual({
      'x-request-id': 'req-1',
      'cache-control': 'public, max-age=3600',
      vary: 'Accept-Encoding',
      etag: get.headers.etag,
    });
  });

  it('refuses a non-JSON body with 415, also where the route reads none, and takes an empty one there', async () => {
    const route: RestRoute = {
      method: 'POST',
      path: '/ping',
      auth: false,
      contract: TEST_CONTRACT,
      operation: () => ({ query: '{ airports { stopId } }' }),
      reply: () => ({ body: { ok: true } }),
    };
    const r = new RestRouter([route, ...platformRoutes], fakeApollo().apollo, logger, 1024);
    expect((await call(r, 'POST', '/ping')).status).toBe(200);
    expect((await call(r, 'POST', '/ping', { 'content-type': 'application/json' }, '{"a":1}')).status).toBe(200);
    const text = await call(r, 'POST', '/ping', { 'content-type': 'text/plain' }, 'hello');
    expect(text.status).toBe(415);
    expect(JSON.parse(String(text.body))).toEqual({
      errorCode: 'UNSUPPORTED_MEDIA_TYPE',
      errorMessage: 'Send the body as JSON with "Content-Type: application/json"',
      status: 415,
      error: { name: 'UnsupportedMediaType' },
    });
    expect((await call(r, 'POST', '/api/logon', {}, '{"email":"a@b.co"}')).status).toBe(415);
    // Declared JSON but not an object: still the 400s of before.
    expect(JSON.parse(String((await call(r, 'POST', '/api/logon', { 'content-type': 'application/json' }, '[1')).body)).errorCode).toBe('INVALID_JSON');
    expect((await call(r, 'POST', '/api/logon', { 'content-type': 'application/json' }, '')).status).toBe(400);
  });
});

describe('If-None-Match', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"abc-gzip"', true],
    ['"abc-br"', true],
    ['*', true],
    [' * ', true],
    ['"x", "abc"', true],
    ['"x",W/"abc-br"', true],
    ['"abcd"', false],
    ['"ab"', false],
    ['abc', false],
    ['"abc-deflate"', false],
    ['', false],
    [undefined, false],
  ])('%p names the reply tagged abc: %p', (header, expected) => {
    expect(ifNoneMatchHits(header, 'abc')).toBe(expected);
  });
});
