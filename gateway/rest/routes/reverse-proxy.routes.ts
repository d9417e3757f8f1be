import { PlatformException } from '../../../shared/errors/app-error';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route';

/*
 * train-bus-admin.md "Reverse-proxy administration" (ADMIN or SUDO). The REST layer checks JSON types and carries
 * If-Match through; the admin subgraph checks the values, the role and the revision, and answers the statuses.
 */

const BASE = '/api/admin/reverse-proxy/configs';
const NO_STORE = 'no-store';

const CONFIG_FIELDS = `companyUuid metadata file serverNames revision
  domain { id name domainType publicSuffix redirectForName verificationStatus createdAt server { id name } }`;

type Kind = 'string' | 'object';
const BODY_FIELDS: Record<string, Kind> = { domain: 'string', companyUuid: 'string', metadata: 'object' };

/** The body's fields with their JSON types checked; `required` fields must be present. */
function configBody(body: unknown, required: string[]): Record<string, unknown> {
  const given = body as Record<string, unknown>;
  const fields: Array<{ field: string; message: string }> = [];
  const input: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(given)) {
    const kind = BODY_FIELDS[field];
    if (!kind) fields.push({ field, message: 'is not a field of a reverse-proxy configuration' });
    else if (value === null && kind === 'object') input[field] = null;
    else if (kind === 'string' && typeof value !== 'string') fields.push({ field, message: 'must be a string' });
    else if (kind === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value)))
      fields.push({ field, message: 'must be a JSON object' });
    else input[field] = value;
  }
  for (const field of required) if (given[field] === undefined) fields.push({ field, message: 'is required' });
  if (fields.length)
    throw PlatformException.badRequest(`Invalid reverse-proxy configuration: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, { fields });
  return input;
}

function ifMatch(request: RestRequest): string | null {
  const value = request.headers['if-match'];
  return typeof value === 'string' ? value : null;
}

/** CONFIG_FIELDS as GraphQL answers them: the parts the REST form reshapes or reads, the rest copied. */
type ConfigData = {
  revision: string;
  domain: { name: string; domainType: string; verificationStatus: string; server: unknown } & JsonObject;
} & JsonObject;

/** The REST configuration: lower-case enums as the spec's domain record has them, `server` only when there is one. */
function restConfig(config: ConfigData) {
  const { server, ...domain } = config.domain;
  return {
    ...config,
    domain: {
      ...domain,
      domainType: domain.domainType.toLowerCase(),
      verificationStatus: domain.verificationStatus.toLowerCase(),
      ...(server ? { server } : {}),
    },
  };
}

function configHeaders(config: ConfigData): Record<string, string> {
  return { etag: `"${config.revision}"`, 'cache-control': NO_STORE };
}

export const reverseProxyRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    auth: true,
    operation: () => ({ query: `query ReverseProxyConfigs { reverseProxyConfigs { revision configs { ${CONFIG_FIELDS} } } }` }),
    reply: (data: { reverseProxyConfigs: { revision: string; configs: ConfigData[] } }) => ({
      body: { revision: data.reverseProxyConfigs.revision, configs: data.reverseProxyConfigs.configs.map(restConfig) },
      headers: { etag: `"${data.reverseProxyConfigs.revision}"`, 'cache-control': NO_STORE },
    }),
  },
  {
    method: 'POST',
    path: BASE,
    auth: true,
    jsonBody: true,
    operation: (request) => ({
      query: `mutation CreateReverseProxyConfig($input: CreateReverseProxyConfigInput!, $ifMatch: String) {
        createReverseProxyConfig(input: $input, ifMatch: $ifMatch) { ${CONFIG_FIELDS} } }`,
      variables: { input: configBody(request.body, ['domain', 'companyUuid']), ifMatch: ifMatch(request) },
    }),
    reply: (data: { createReverseProxyConfig: ConfigData }) => {
      const config = data.createReverseProxyConfig;
      return { status: 201, body: restConfig(config), headers: { ...configHeaders(config), location: `${BASE}/${encodeURIComponent(config.domain.name)}` } };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/:domain`,
    auth: true,
    operation: ({ params }) => ({
      query: `query ReverseProxyConfig($domain: String!) { reverseProxyConfig(domain: $domain) { ${CONFIG_FIELDS} } }`,
      variables: { domain: params.domain },
    }),
    reply: (data: { reverseProxyConfig: ConfigData }) => ({ body: restConfig(data.reverseProxyConfig), headers: configHeaders(data.reverseProxyConfig) }),
  },
  {
    method: 'PATCH',
    path: `${BASE}/:domain`,
    auth: true,
    jsonBody: true,
    operation: (request) => ({
      query: `mutation UpdateReverseProxyConfig($domain: String!, $input: UpdateReverseProxyConfigInput!, $ifMatch: String) {
        updateReverseProxyConfig(domain: $domain, input: $input, ifMatch: $ifMatch) { changed config { ${CONFIG_FIELDS} } } }`,
      variables: { domain: request.params.domain, input: configBody(request.body, []), ifMatch: ifMatch(request) },
    }),
    // Unchanged is a 200 with the same ETag as the If-Match that was sent: nothing was committed.
    reply: (data: { updateReverseProxyConfig: { config: ConfigData } }) => ({
      body: restConfig(data.updateReverseProxyConfig.config),
      headers: configHeaders(data.updateReverseProxyConfig.config),
    }),
  },
  {
    method: 'DELETE',
    path: `${BASE}/:domain`,
    auth: true,
    operation: (request) => ({
      query:
        'mutation DeleteReverseProxyConfig($domain: String!, $ifMatch: String) { deleteReverseProxyConfig(domain: $domain, ifMatch: $ifMatch) { domain revision } }',
      variables: { domain: request.params.domain, ifMatch: ifMatch(request) },
    }),
    reply: () => ({ status: 204, body: null, headers: { 'cache-control': NO_STORE } }),
  },
];
