import type { ApiDiscoveryDocument } from './rest/schemas/discovery.schemas';

export const FLIGHT_STOPS_PATH = '/stops/flight';
export const TRAIN_STOPS_PATH = '/stops/train';

/** GET /.well-known/api-discovery: where to log in, where the keys are, where the station lists are. */
export function discoveryDocument(config: { publicBaseUrl: string }): ApiDiscoveryDocument {
  const base = config.publicBaseUrl;
  return {
    name: 'Safiri booking API',
    version: '1.0.0',
    base_url: base,
    graphql_url: `${base}/graphql`,
    openapi_url: `${base}/openapi.json`,
    authentication: {
      type: 'Bearer',
      token_endpoint: `${base}/api/logon`,
      jwks_uri: `${base}/api/uts/jwk`,
      algorithms: ['RS256'],
    },
    flight_stops_url: `${base}${FLIGHT_STOPS_PATH}`,
    train_stops_url: `${base}${TRAIN_STOPS_PATH}`,
  };
}
