import type { JsonObject, RestRequest, RestRoute } from '../rest-route';
import { REVERSE_PROXY_PAGE_MAX } from '../../../shared/api-contract/reverse-proxy.contract';
import { ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import {
  ChangeConfigHeaders,
  ConfigParams,
  CreateConfigBody,
  CreateConfigHeaders,
  ReverseProxyConfig,
  ReverseProxyConfigList,
  UpdateConfigBody,
} from '../schemas/reverse-proxy.schemas';

/*
 * Reverse-proxy administration (OpenAPI tag Reverse proxy; docs/decisions.md "Reverse-proxy administration"), ADMIN or SUDO. The contract checks the JSON types and carries
 * If-Match through; the admin subgraph checks the values, the role and the revision, and answers the statuses.
 */

const BASE = '/api/admin/reverse-proxy/configs';
const NO_STORE = 'no-store';

const CONFIG_FIELDS = `companyUuid metadata file serverNames revision
  domain { id name domainType publicSuffix redirectForName verificationStatus createdAt server { id name } }`;

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

const FORBIDDEN = 'FORBIDDEN: the account is neither ADMIN nor SUDO.';
const UNREADABLE =
  'The configuration repository is unavailable (REVERSE_PROXY_REPOSITORY_UNAVAILABLE) or its template is malformed (REVERSE_PROXY_TEMPLATE_MALFORMED).';
const UNAVAILABLE = `${UNREADABLE} Also REVERSE_PROXY_VERIFICATION_FAILED (nothing was kept) and REVERSE_PROXY_BUSY (Retry-After).`;
const NOT_FOUND = 'REVERSE_PROXY_CONFIG_NOT_FOUND: no configuration has this domain.';
const STALE = 'REVERSE_PROXY_PRECONDITION_FAILED: If-Match is not the current revision (data.currentRevision).';
const MISSING_IF_MATCH = 'REVERSE_PROXY_PRECONDITION_REQUIRED: If-Match is missing.';
const ETAG_ONE = 'Strong ETag of the configuration: "<revision>", the last commit touching its file.';

export const reverseProxyRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    auth: true,
    // The REST list is the whole list at one revision: one page of the largest size, never a partial answer.
    operation: () => ({
      query: `query ReverseProxyConfigs($first: Int!) { reverseProxyConfigs(first: $first) { revision nextCursor configs { ${CONFIG_FIELDS} } } }`,
      variables: { first: REVERSE_PROXY_PAGE_MAX },
    }),
    reply: (data: { reverseProxyConfigs: { revision: string; nextCursor: string | null; configs: ConfigData[] } }) => {
      const list = data.reverseProxyConfigs;
      if (list.nextCursor !== null)
        throw ReverseProxyException.repositoryUnavailable(`it holds more than ${REVERSE_PROXY_PAGE_MAX} configurations, more than one answer lists`);
      return { body: { revision: list.revision, configs: list.configs.map(restConfig) }, headers: { etag: `"${list.revision}"`, 'cache-control': NO_STORE } };
    },
    contract: {
      summary: 'List reverse-proxy configurations',
      tag: 'Reverse proxy',
      operationId: 'listReverseProxyConfigs',
      responses: {
        200: {
          description: 'Every configuration in source-file order, with the revision identifier.',
          schema: ReverseProxyConfigList,
          headers: { etag: 'Strong ETag of the repository HEAD: "<revision>".', 'cache-control': NO_STORE },
        },
      },
      errors: { 403: FORBIDDEN, 503: UNREADABLE },
    },
  },
  {
    method: 'POST',
    path: BASE,
    auth: true,
    jsonBody: true,
    operation: (request) => ({
      query: `mutation CreateReverseProxyConfig($input: CreateReverseProxyConfigInput!, $ifMatch: String) {
        createReverseProxyConfig(input: $input, ifMatch: $ifMatch) { ${CONFIG_FIELDS} } }`,
      // The contract has checked the body: only known members, with their types.
      variables: { input: request.body, ifMatch: ifMatch(request) },
    }),
    reply: (data: { createReverseProxyConfig: ConfigData }) => {
      const config = data.createReverseProxyConfig;
      return { status: 201, body: restConfig(config), headers: { ...configHeaders(config), location: `${BASE}/${encodeURIComponent(config.domain.name)}` } };
    },
    contract: {
      summary: 'Create a reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'createReverseProxyConfig',
      headers: CreateConfigHeaders,
      body: CreateConfigBody,
      responses: {
        201: {
          description: 'The configuration, committed and verified.',
          schema: ReverseProxyConfig,
          headers: { etag: ETAG_ONE, location: 'The path of the new configuration.', 'cache-control': NO_STORE },
        },
      },
      errors: {
        400: 'BAD_REQUEST: a member missing, of the wrong type, unknown, or with a value that is not allowed (data.fields).',
        403: FORBIDDEN,
        409: 'REVERSE_PROXY_DOMAIN_CONFLICT, REVERSE_PROXY_SERVER_NAME_CONFLICT (data.serverName, data.usedBy) or REVERSE_PROXY_REVISION_CONFLICT.',
        503: UNAVAILABLE,
      },
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
    contract: {
      summary: 'Read one reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'getReverseProxyConfig',
      params: ConfigParams,
      responses: { 200: { description: 'The configuration.', schema: ReverseProxyConfig, headers: { etag: ETAG_ONE, 'cache-control': NO_STORE } } },
      errors: { 403: FORBIDDEN, 404: NOT_FOUND, 503: UNREADABLE },
    },
  },
  {
    method: 'PATCH',
    path: `${BASE}/:domain`,
    auth: true,
    jsonBody: true,
    operation: (request) => ({
      query: `mutation UpdateReverseProxyConfig($domain: String!, $input: UpdateReverseProxyConfigInput!, $ifMatch: String) {
        updateReverseProxyConfig(domain: $domain, input: $input, ifMatch: $ifMatch) { changed config { ${CONFIG_FIELDS} } } }`,
      variables: { domain: request.params.domain, input: request.body, ifMatch: ifMatch(request) },
    }),
    // Unchanged is a 200 with the same ETag as the If-Match that was sent: nothing was committed.
    reply: (data: { updateReverseProxyConfig: { config: ConfigData } }) => ({
      body: restConfig(data.updateReverseProxyConfig.config),
      headers: configHeaders(data.updateReverseProxyConfig.config),
    }),
    contract: {
      summary: 'Change a reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'updateReverseProxyConfig',
      params: ConfigParams,
      headers: ChangeConfigHeaders,
      body: UpdateConfigBody,
      responses: {
        200: {
          description: 'Updated (a new ETag), or unchanged when no commit was needed (the same ETag).',
          schema: ReverseProxyConfig,
          headers: { etag: ETAG_ONE, 'cache-control': NO_STORE },
        },
      },
      errors: {
        400: 'BAD_REQUEST: a member of the wrong type, unknown, or with a value that is not allowed (data.fields).',
        403: FORBIDDEN,
        404: NOT_FOUND,
        409: 'A rename to a domain or server name another configuration has.',
        412: STALE,
        428: MISSING_IF_MATCH,
        503: UNAVAILABLE,
      },
    },
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
    contract: {
      summary: 'Delete a reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'deleteReverseProxyConfig',
      params: ConfigParams,
      headers: ChangeConfigHeaders,
      responses: { 204: { description: 'The tenant server block is deleted and the deletion committed.', headers: { 'cache-control': NO_STORE } } },
      errors: { 403: FORBIDDEN, 404: NOT_FOUND, 412: STALE, 428: MISSING_IF_MATCH, 503: UNAVAILABLE },
    },
  },
];
