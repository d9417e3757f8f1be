import { z } from 'zod';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route';
import { booleanQuery, requireString } from '../rest-input';
import { FLIGHT_STOPS_PATH, TRAIN_STOPS_PATH } from '../../discovery';

const ONE_HOUR = 'public, max-age=3600';

export const TRAIN_STATION_FIELDS = 'stopId stopLat stopLon stopName stopDesc stopTimezone cityGeohash popularity partners { provider service id name }';

/** A train station in the REST form of the station list (GTFS-style snake case). */
export function restTrainStation(s: JsonObject) {
  return {
    stop_id: s.stopId,
    stop_lat: s.stopLat,
    stop_lon: s.stopLon,
    stop_name: s.stopName,
    stop_desc: s.stopDesc,
    stop_timezone: s.stopTimezone,
    city_geohash: s.cityGeohash,
    popularity: s.popularity,
    partners: s.partners,
  };
}

const COMPANY_MINI = 'uuid tinNumber name tradingName companyType';

const CompanyMini = z
  .object({
    uuid: z.uuid(),
    tinNumber: z.string(),
    name: z.string(),
    tradingName: z.string().nullable(),
    companyType: z.string().nullable().meta({ description: 'Null for legacy companies without a type.' }),
  })
  .meta({ id: 'CompanyMini', description: 'The compact company (`mini=true`): exactly these fields.' });

const Company = CompanyMini.extend({
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  region: z.string().nullable(),
  registeredAt: z.string().nullable(),
}).meta({ id: 'Company', description: 'The full company record.' });
const COMPANY_FULL = `${COMPANY_MINI} phoneNumber email website region registeredAt`;

/** Login, key discovery, companies and the two station-list hosts. */
export const platformRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/logon',
    auth: false,
    jsonBody: true,
    operation: ({ body }) => ({
      query: 'mutation Logon($email: String!, $password: String!) { logon(email: $email, password: $password) { token } }',
      variables: { email: requireString(body, 'email'), password: requireString(body, 'password') },
    }),
    reply: (data: { logon: { token: string } }) => ({ body: { token: data.logon.token }, headers: { 'cache-control': 'no-store' } }),
  },
  {
    method: 'GET',
    path: '/api/uts/jwk',
    auth: false,
    operation: () => ({ query: '{ jwks { keys { kty kid use alg e n } } }' }),
    reply: (data: { jwks: unknown }) => ({ body: data.jwks, headers: { 'cache-control': ONE_HOUR } }),
  },
  {
    method: 'GET',
    path: '/api/companies',
    auth: true,
    operation: ({ query }) => ({
      query: `query Companies { companies { ${booleanQuery(query, 'mini') ? COMPANY_MINI : COMPANY_FULL} } }`,
    }),
    reply: (data: { companies: unknown }) => ({ body: data.companies }),
    contract: {
      summary: 'List companies (full or compact)',
      tag: 'Companies',
      query: z.object({
        mini: z.string().optional().meta({ description: '`true` (any case) for the compact form; absent or `false` for the full record.' }),
      }),
      responses: {
        200: { description: 'Companies; with mini=true each item has exactly the compact fields.', schema: z.array(z.union([Company, CompanyMini])) },
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
      query: '{ airports { stopId stopCode stopLat stopLon stopName stopDesc stopTimezone cityGeohash popularity } }',
    }),
    reply: (data: { airports: JsonObject[] }) => ({
      body: data.airports.map((a) => ({
        stop_id: a.stopId,
        stop_code: a.stopCode,
        stop_lat: a.stopLat,
        stop_lon: a.stopLon,
        stop_name: a.stopName,
        stop_desc: a.stopDesc,
        stop_timezone: a.stopTimezone,
        city_geohash: a.cityGeohash,
        popularity: a.popularity,
      })),
      headers: { 'cache-control': ONE_HOUR },
    }),
  },
  {
    method: 'GET',
    path: `${TRAIN_STOPS_PATH}/api/stops`,
    auth: false,
    cache: { seconds: 3600, key: ({ query }) => (booleanQuery(query, 'mini') ? 'mini' : 'full') },
    operation: () => ({ query: `{ trainStations { ${TRAIN_STATION_FIELDS} } }` }),
    reply: (data: { trainStations: JsonObject[] }, { query }: RestRequest) => {
      const mini = booleanQuery(query, 'mini');
      return {
        body: data.trainStations.map((s) =>
          mini ? { stop_id: s.stopId, stop_name: s.stopName, stop_timezone: s.stopTimezone, partners: s.partners } : restTrainStation(s),
        ),
        headers: { 'cache-control': ONE_HOUR },
      };
    },
  },
];
