import type { RouteContract } from './rest.contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServer } from '@apollo/server';
import { createLogger } from '../../shared/logging/logger';
import { gatewayContext, GatewayContext } from '../gateway.context';
import { MAX_CACHED_REPLIES, RestRouter } from './rest.router';
import type { RestRoute } from './rest-route.types';
import { platformRoutes } from './routes/platform.routes';
import { apiSchemaAnswer } from '../../test/support/api-schema-answer';

/** These routes test the router's HTTP handling; their contract declares nothing to check. */
const TEST_CONTRACT: RouteContract = { summary: 'test route', tag: 'Platform', responses: {}, errors: {} };

const STATION = {
  stopId: 'DAR:SGR:0',
  stopLat: 0,
  stopLon: 0,
  stopName: 'Dar',
  stopDesc: '',
  stopTimezone: 'Africa/Dar_es_Salaam',
  cityGeohash: 'x',
  popularity: 1,
  partners: [],
};
const AIRPORT = {
  stopId: 'DAR:FLT:0',
  stopCode: 'DAR',
  stopLat: 0,
  stopLon: 0,
  stopName: 'Dar',
  stopDesc: '',
  stopTimezone: 'Africa/Dar_es_Salaam',
  cityGeohash: 'x',
  popularity: 1,
};

/** An Apollo stand-in that answers every operation from the station lists, as the query selects them, and counts the calls. */
function fakeApollo() {
  const calls: string[] = [];
  const apollo = {
    executeOperation: async ({ query }: { query: string }) => {
      calls.push(query);
      return apiSchemaAnswer(query, { trainStations: [STATION], airports: [AIRPORT] });
    },
  };
  return { calls, apollo: apollo as unknown as ApolloServer<GatewayContext> };
}

async function get(router: RestRouter, target: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(target, 'http://localhost');
  const req = { method: 'GET', headers: {} } as IncomingMessage;
  let status = 0;
  let payload = '';
  const res = {
    headersSent: false,
    getHeader: () => undefined,
    writeHead: (code: number) => {
      status = code;
    },
    end: (chunk?: string) => {
      payload = chunk ?? '';
    },
  } as unknown as ServerResponse;
  expect(await router.handle(req, res, url, gatewayContext('req-1', {}, 'rest'))).toBe(true);
  return { status, body: payload ? JSON.parse(payload) : null };
}

describe('REST reply cache', () => {
  const logger = createLogger('error');

  it('keys the public station lists on the parameters they read, so random query strings reuse one reply', async () => {
    const { calls, apollo } = fakeApollo();
    const router = new RestRouter(platformRoutes, apollo, logger, 1024);
    for (let i = 0; i < 50; i++) {
      expect((await get(router, `/stops/flight/api/stops?r=${Math.random()}&mini=${i}`)).status).toBe(200);
      expect(((await get(router, `/stops/train/api/stops?cachebuster=${i}`)).body as Array<{ stop_lat: number }>)[0].stop_lat).toBe(0);
      expect(((await get(router, `/stops/train/api/stops?mini=${i % 2 ? 'true' : 'TRUE'}&x=${i}`)).body as unknown[])[0]).toEqual({
        stop_id: 'DAR:SGR:0',
        stop_name: 'Dar',
        stop_timezone: 'Africa/Dar_es_Salaam',
        partners: [],
      });
    }
    // The airport list, the full station list and the mini station list: one reply each.
    expect(router.cachedReplies).toBe(3);
    expect(calls).toHaveLength(3);
  });

  it('answers an unreadable parameter with 400 and caches nothing for it', async () => {
    const { apollo } = fakeApollo();
    const router = new RestRouter(platformRoutes, apollo, logger, 1024);
    expect((await get(router, '/stops/train/api/stops?mini=yes')).status).toBe(400);
    expect(router.cachedReplies).toBe(0);
  });

  it('holds at most MAX_CACHED_REPLIES replies, however many keys a route makes', async () => {
    const { calls, apollo } = fakeApollo();
    const route: RestRoute = {
      method: 'GET',
      path: '/things',
      auth: false,
      contract: TEST_CONTRACT,
      cache: { seconds: 60, key: ({ query }) => query.get('k') ?? '' },
      operation: () => ({ query: '{ airports { stopId } }' }),
      reply: (data: { airports: unknown }) => ({ body: data.airports }),
    };
    const router = new RestRouter([route], apollo, logger, 1024);
    for (let i = 0; i < MAX_CACHED_REPLIES * 3; i++) await get(router, `/things?k=${i}`);
    expect(router.cachedReplies).toBe(MAX_CACHED_REPLIES);
    await get(router, `/things?k=${MAX_CACHED_REPLIES * 3 - 1}`);
    expect(calls).toHaveLength(MAX_CACHED_REPLIES * 3);
  });

  it('builds a reply once when requests for it arrive together', async () => {
    const { calls, apollo } = fakeApollo();
    const router = new RestRouter(platformRoutes, apollo, logger, 1024);
    await Promise.all(Array.from({ length: 10 }, () => get(router, '/stops/flight/api/stops')));
    expect(calls).toHaveLength(1);
  });
});
