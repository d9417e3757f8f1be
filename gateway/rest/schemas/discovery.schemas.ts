import { z } from 'zod';

/* GET /.well-known/api-discovery (OpenAPI `getApiDiscovery`): served by the gateway itself, not through GraphQL. */

const url = (description: string) => z.url().meta({ description });

export const ApiDiscovery = z
  .object({
    name: z.string().meta({ description: 'The API name.' }),
    version: z.string().meta({ description: 'The API version.' }),
    base_url: url('The public base URL every other URL here starts with.'),
    graphql_url: url('The federated GraphQL endpoint (POST; GET for queries with a preflight header).'),
    openapi_url: url('This OpenAPI document.'),
    authentication: z
      .object({
        type: z.literal('Bearer'),
        token_endpoint: url('POST email and password here for a token (OpenAPI `postLogon`).'),
        jwks_uri: url('The public keys tokens are signed with (OpenAPI `getJsonWebKeySet`).'),
        algorithms: z.array(z.literal('RS256')).meta({ description: 'Token signature algorithms.' }),
      })
      .meta({ description: 'How to authenticate.' }),
    flight_stops_url: url('The airport list host (OpenAPI `listAirports` under it).'),
    train_stops_url: url('The SGR station list host (OpenAPI `listTrainStations` under it).'),
  })
  .meta({ id: 'ApiDiscovery', description: 'Where to log in, where the keys are, and where the documents and station lists are.' });

export type ApiDiscoveryDocument = z.infer<typeof ApiDiscovery>;

/** The OpenAPI path of the discovery document, beside the route table's paths. */
export const API_DISCOVERY_PATH = '/.well-known/api-discovery';
