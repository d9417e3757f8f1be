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

export const Airport = z
  .object({
    stop_id: z.string().meta({ description: '`<IATA>:FLT:0`; the search takes the IATA code, never this.' }),
    stop_code: z.string().meta({ description: 'IATA airport code.' }),
    stop_lat: z.number(),
    stop_lon: z.number(),
    stop_name: z.string(),
    stop_desc: z.string(),
    stop_timezone: z.string().meta({ description: 'IANA zone.' }),
    city_geohash: z.string(),
    popularity: z.number(),
  })
  .meta({ id: 'Airport', description: 'An airport of the airport list.' });

const StationPartner = z
  .object({
    provider: z.string().meta({ description: 'RAIL for the SGR.' }),
    service: z.string().meta({ description: 'SGR for the SGR.' }),
    id: z.number().int().meta({ description: "The provider's station id, the number seat holds take." }),
    name: z.string(),
  })
  .meta({ id: 'TrainStationPartner', description: 'An operator that serves the station.' });

export const TrainStation = z
  .object({
    stop_id: z.string().meta({ description: '`<STATION>:SGR:0`; used exactly in search.' }),
    stop_lat: z.number(),
    stop_lon: z.number(),
    stop_name: z.string(),
    stop_desc: z.string(),
    stop_timezone: z.string().meta({ description: 'IANA zone.' }),
    city_geohash: z.string(),
    popularity: z.number(),
    partners: z.array(StationPartner),
  })
  .meta({ id: 'TrainStation', description: 'A train station (the full form).' });

export const TrainStationMini = TrainStation.pick({ stop_id: true, stop_name: true, stop_timezone: true, partners: true }).meta({
  id: 'TrainStationMini',
  description: 'A train station in the compact form (`mini=true`): what a station picker and a seat hold need (docs/decisions.md "Station-list hosts").',
});
