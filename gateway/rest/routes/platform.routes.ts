import { z } from 'zod';
import type { JsonObject, RestRoute } from '../rest-route.types';
import { booleanQuery } from '../rest-input.reader';
import { problemsOfCheck } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { FLIGHT_STOPS_PATH, TRAIN_STOPS_PATH } from '../../discovery.view';
import { AIRPORT, COMPANY, COMPANY_MINI, JSON_WEB_KEY_SET, LOGON_ANSWER, MiniQuery, TRAIN_STATION, TRAIN_STATION_MINI } from '../schemas/platform.schemas';
import { COMPANIES_TOPIC } from '../../../shared/cache/invalidation-topics.contract';
import { checkLogon, LOGON_MAX_LENGTH, logonInvalid } from '../../../shared/api-contract/logon.validator';

const ONE_HOUR = 'public, max-age=3600';

/** Text that is not blank, with a bound: what the logon validator requires of each member. */
const filled = (maxLength: number) => ({ minLength: 1, maxLength, pattern: '\\S' });

/** The credentials, documented from logon's arguments and checked by the logon validator the admin subgraph runs too. */
const LOGON_INPUT = restInput('Mutation.logon', {
  id: 'LogonRequest',
  description: 'Credentials.',
  // Members a client adds are ignored, as REST always has.
  unknownMembers: 'ignore',
  order: ['email', 'password'],
  members: { email: { documents: filled(LOGON_MAX_LENGTH.email) }, password: { documents: filled(LOGON_MAX_LENGTH.password) } },
});

/** Login, key discovery, companies and the two station-list hosts. */
export const platformRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/logon',
    auth: false,
    jsonBody: true,
    operation: ({ body }) => ({
      query: `mutation Logon(${LOGON_INPUT.variableDefinitions}) { logon(${LOGON_INPUT.arguments}) { ${LOGON_ANSWER.selection} } }`,
      variables: LOGON_INPUT.variables(body as JsonObject),
    }),
    reply: (data: { logon: unknown }) => ({ body: data.logon, headers: { 'cache-control': 'no-store' } }),
    contract: {
      summary: 'Log in',
      tag: 'Platform',
      body: LOGON_INPUT.schema,
      validate: ({ body }) => problemsOfCheck(checkLogon(body as JsonObject)),
      invalidInput: logonInvalid,
      responses: { 200: { description: 'The token.', schema: LOGON_ANSWER.schema, headers: { 'cache-control': 'no-store' } } },
      errors: {
        400: 'email or password missing, blank or not a string (data.fields).',
        401: 'LOGIN_FAILED: the email or password is wrong, or the account is disabled (one answer for all three).',
        429: 'LOGIN_THROTTLED: too many failures or attempts from this address; Retry-After and data.retryAfterSeconds say when to try again.',
        503: 'SERVICE_UNAVAILABLE: too many logins are being checked at once, or the throttle store is down; Retry-After.',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/uts/jwk',
    auth: false,
    operation: () => ({ query: `{ jwks { ${JSON_WEB_KEY_SET.selection} } }` }),
    reply: (data: { jwks: unknown }) => ({ body: data.jwks, headers: { 'cache-control': ONE_HOUR } }),
    contract: {
      summary: 'Public keys that verify tokens',
      tag: 'Platform',
      operationId: 'getJsonWebKeySet',
      responses: { 200: { description: 'The key set.', schema: JSON_WEB_KEY_SET.schema, headers: { 'cache-control': ONE_HOUR } } },
      errors: {},
    },
  },
  {
    method: 'GET',
    path: '/api/companies',
    auth: true,
    // Every signed-in caller gets the same list; a company change empties it (every process, within a second).
    cache: { seconds: 300, key: ({ query }) => (booleanQuery(query, 'mini') ? 'mini' : 'full'), topic: COMPANIES_TOPIC },
    operation: ({ query }) => ({
      query: `query Companies { companies { ${booleanQuery(query, 'mini') ? COMPANY_MINI.selection : COMPANY.selection} } }`,
    }),
    reply: (data: { companies: unknown }) => ({ body: data.companies }),
    contract: {
      summary: 'List companies (full or compact)',
      tag: 'Companies',
      description: 'The same list for every signed-in caller. Strong ETag; If-None-Match answers 304.',
      query: MiniQuery,
      responses: {
        200: {
          description: 'Companies; with mini=true each item has exactly the compact fields, otherwise the full record.',
          schema: z.array(z.union([COMPANY.schema, COMPANY_MINI.schema])),
          headers: { etag: 'Strong tag of this representation; changes with any company.' },
        },
      },
      errors: { 400: 'mini is neither true nor false.' },
    },
  },
  {
    method: 'GET',
    path: `${FLIGHT_STOPS_PATH}/api/stops`,
    auth: false,
    cache: { seconds: 3600, key: () => 'all' },
    operation: () => ({
      // The whole list in one page: limit at its maximum (Query.airports pages 100 by default).
      query: `{ airports(limit: 10000) { ${AIRPORT.selection} } }`,
    }),
    reply: (data: { airports: unknown }) => ({ body: data.airports, headers: { 'cache-control': ONE_HOUR } }),
    contract: {
      summary: 'List airports (the flight_stops_url host)',
      tag: 'Platform',
      operationId: 'listAirports',
      description: 'Served without a token. Strong ETag; If-None-Match answers 304.',
      responses: {
        200: {
          description: 'Every airport.',
          schema: z.array(AIRPORT.schema),
          headers: { 'cache-control': ONE_HOUR, etag: 'Strong tag of this representation.' },
        },
      },
      errors: {},
    },
  },
  {
    method: 'GET',
    path: `${TRAIN_STOPS_PATH}/api/stops`,
    auth: false,
    cache: { seconds: 3600, key: ({ query }) => (booleanQuery(query, 'mini') ? 'mini' : 'full') },
    operation: ({ query }) => ({ query: `{ trainStations { ${booleanQuery(query, 'mini') ? TRAIN_STATION_MINI.selection : TRAIN_STATION.selection} } }` }),
    reply: (data: { trainStations: unknown }) => ({ body: data.trainStations, headers: { 'cache-control': ONE_HOUR } }),
    contract: {
      summary: 'List SGR stations (the train_stops_url host)',
      tag: 'Platform',
      operationId: 'listTrainStations',
      description: 'Served without a token. Strong ETag; If-None-Match answers 304.',
      query: MiniQuery,
      responses: {
        200: {
          description: 'Every station; with mini=true each item has exactly the compact fields.',
          schema: z.array(z.union([TRAIN_STATION.schema, TRAIN_STATION_MINI.schema])),
          headers: { 'cache-control': ONE_HOUR, etag: 'Strong tag of this representation.' },
        },
      },
      errors: { 400: 'mini is neither true nor false.' },
    },
  },
];
