import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/* Login, key discovery, the company list and the two station lists (OpenAPI `postLogon`, `getJsonWebKeySet`, `getCompanies`, `listAirports`, `listTrainStations`). */

/** POST /api/logon: the API type LogonPayload. */
export const LOGON_ANSWER = restShape('LogonPayload', { id: 'LogonAnswer', description: 'The signed token.' });

/** GET /api/uts/jwk: the API type JsonWebKeySet, with the constants REST documents. */
export const JSON_WEB_KEY_SET = restShape('JsonWebKeySet', {
  id: 'JsonWebKeySet',
  description: 'Every key that may have signed a token still accepted; cache for an hour, refresh on a key mismatch.',
  fields: {
    keys: {
      shape: {
        id: 'JsonWebKey',
        description: 'One public signing key.',
        fields: { kty: { schema: z.literal('RSA') }, use: { schema: z.literal('sig') }, alg: { schema: z.literal('RS256') } },
      },
    },
  },
});

/** `mini` of the company and train station lists: `true` or `false` in any case; absent is false. */
export const MiniQuery = z.object({
  mini: z
    .string()
    .regex(/^\s*(true|false)?\s*$/i, { error: 'must be true or false' })
    .optional()
    .meta({ description: '`true` (any case) for the compact form; absent or `false` for the full one.' }),
});

const extension = (what: string) => `${what} Extension: the spec does not show the full record (docs/decisions.md "Companies").`;

/** The compact company (`mini=true`): exactly these fields of the API type Company. */
export const COMPANY_MINI = restShape('Company', {
  id: 'CompanyMini',
  description: 'The compact company (`mini=true`): exactly these fields.',
  only: ['uuid', 'tinNumber', 'name', 'tradingName', 'companyType'],
  fields: { uuid: { schema: z.uuid() } },
});

/** The full company record: every field of the API type Company. */
export const COMPANY = restShape('Company', {
  id: 'Company',
  description: 'The full company record: the compact fields and the contact and registration details.',
  fields: {
    uuid: { schema: z.uuid() },
    phoneNumber: { description: extension('Office phone, null when unknown.') },
    email: { description: extension('Office email, null when unknown.') },
    website: { description: extension('Web site, null when there is none.') },
    region: { description: extension('Region of the registered office, null when unknown.') },
    registeredAt: { description: extension('Registration date, null when unknown.') },
  },
});

/**
 * The station lists answer GTFS-style snake case (stop_id, …): each stop field renamed by a GraphQL alias, so the
 * subgraph answers the REST names and no reply reshapes a station.
 */
const GTFS_NAMES = {
  stopLat: { as: 'stop_lat' },
  stopLon: { as: 'stop_lon' },
  stopName: { as: 'stop_name' },
  stopDesc: { as: 'stop_desc' },
  stopTimezone: { as: 'stop_timezone' },
  cityGeohash: { as: 'city_geohash' },
} as const;

/** The airport list (`listAirports`): the API type Airport in snake case, stop_code second as REST has always answered it. */
export const AIRPORT = restShape('Airport', {
  id: 'Airport',
  description: 'An airport of the airport list.',
  order: ['stop_id', 'stop_code'],
  fields: {
    ...GTFS_NAMES,
    stopId: { as: 'stop_id', description: '`<IATA>:FLT:0`; the search takes the IATA code, never this.' },
    stopCode: { as: 'stop_code' },
    // The REST list has never answered it: its members stay as clients know them.
    countryCode: { omit: true },
  },
});

const STATION_FIELDS = { ...GTFS_NAMES, stopId: { as: 'stop_id', description: '`<STATION>:SGR:0`; used exactly in search.' } };

/** An operator serving a station, without its company (the station lists never answered it). */
const TRAIN_STATION_PARTNER = restShape('StationPartner', {
  id: 'TrainStationPartner',
  description: 'An operator that serves the station.',
  fields: { company: { omit: true } },
});

/** A train station in full (`listTrainStations`, and every stop of a train search and details answer). */
export const TRAIN_STATION = restShape('TrainStation', {
  id: 'TrainStation',
  description: 'A train station (the full form).',
  fields: { ...STATION_FIELDS, partners: TRAIN_STATION_PARTNER },
});

/** The compact station (`mini=true`): exactly these fields of the API type TrainStation. */
export const TRAIN_STATION_MINI = restShape('TrainStation', {
  id: 'TrainStationMini',
  description: 'A train station in the compact form (`mini=true`): what a station picker and a seat hold need (docs/decisions.md "Station-list hosts").',
  only: ['stopId', 'stopName', 'stopTimezone', 'partners'],
  fields: { ...STATION_FIELDS, partners: TRAIN_STATION_PARTNER },
});
