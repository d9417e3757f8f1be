import type { JsonObject, RestRoute } from '../rest-route.types';
import { REVERSE_PROXY_DOMAIN_MAX_LENGTH, REVERSE_PROXY_PAGE_MAX } from '../../../shared/api-contract/reverse-proxy.contract';
import { ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { omitted, operationInput } from '../graphql-shapes/rest-operation-input.builder';
import type { MemberOverlay } from '../graphql-shapes/rest-input.type';
import { REVERSE_PROXY_CONFIG, REVERSE_PROXY_CONFIG_LIST, REVERSE_PROXY_DELETION } from '../schemas/reverse-proxy.schemas';

/*
 * Reverse-proxy administration (OpenAPI tag Reverse proxy; docs/decisions.md "Reverse-proxy administration"), ADMIN or
 * SUDO. The requests are documented from the GraphQL fields' arguments and checked for their JSON types; the admin
 * subgraph checks the role first, then If-Match, the values and the revision, and answers the statuses, so a REST and a
 * GraphQL client get the same answer to the same input.
 */

const BASE = '/api/admin/reverse-proxy/configs';
const NO_STORE = 'no-store';

/** A domain no longer than the admin subgraph accepts. */
const DOMAIN: MemberOverlay = { documents: { maxLength: REVERSE_PROXY_DOMAIN_MAX_LENGTH } };
const COMPANY: MemberOverlay = { documents: { format: 'uuid' } };

/** The path's `domain` argument of a field; its other arguments come from elsewhere. */
const domainParam = (field: string, others: string[]) => restInput(field, { in: 'path', members: { ...omitted(others), domain: DOMAIN } });

/*
 * If-Match is read as given and checked by the admin subgraph, after the role: a missing one must stay the spec's 428
 * (and a non-administrator's request a 403), so the header is never refused here as a missing input.
 */
const ifMatchHeader = (field: string, others: string[], description: string) =>
  restInput(field, { in: 'header', unknownMembers: 'ignore', members: { ...omitted(others), ifMatch: { as: 'if-match', description } } });
const CHANGE_IF_MATCH =
  'Required: the configuration\'s strong ETag ("<sha>", or * for any). Without it the answer is 428 REVERSE_PROXY_PRECONDITION_REQUIRED; a stale one is 412.';

const READ = operationInput({ params: domainParam('Query.reverseProxyConfig', []) });
const CREATE = operationInput({
  body: restInput('Mutation.createReverseProxyConfig', {
    body: 'input',
    id: 'ReverseProxyConfigCreate',
    description: 'A new tenant configuration; any other member is a 400.',
    members: { domain: DOMAIN, companyUuid: COMPANY },
  }),
  headers: ifMatchHeader(
    'Mutation.createReverseProxyConfig',
    ['input'],
    'Optional: the list revision ("<sha>") the change is based on; a later commit answers 409.',
  ),
});
const UPDATE = operationInput({
  params: domainParam('Mutation.updateReverseProxyConfig', ['input', 'ifMatch']),
  body: restInput('Mutation.updateReverseProxyConfig', {
    body: 'input',
    alongside: ['domain'],
    id: 'ReverseProxyConfigUpdate',
    description: 'Only the members given change; any other member is a 400.',
    members: { domain: DOMAIN, companyUuid: COMPANY },
  }),
  headers: ifMatchHeader('Mutation.updateReverseProxyConfig', ['domain', 'input'], CHANGE_IF_MATCH),
});
const DELETE = operationInput({
  params: domainParam('Mutation.deleteReverseProxyConfig', ['ifMatch']),
  headers: ifMatchHeader('Mutation.deleteReverseProxyConfig', ['domain'], CHANGE_IF_MATCH),
});

/** A configuration as GraphQL answers it: the parts the REST form reshapes or reads, the rest copied. */
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
      query: `query ReverseProxyConfigs($first: Int!) { reverseProxyConfigs(first: $first) { ${REVERSE_PROXY_CONFIG_LIST.selection} } }`,
      variables: { first: REVERSE_PROXY_PAGE_MAX },
    }),
    reply: (data: { reverseProxyConfigs: { revision: string; nextCursor: string | null; configs: ConfigData[] } & JsonObject }) => {
      const { nextCursor, ...list } = data.reverseProxyConfigs;
      if (nextCursor !== null)
        throw ReverseProxyException.repositoryUnavailable(`it holds more than ${REVERSE_PROXY_PAGE_MAX} configurations, more than one answer lists`);
      return { body: { ...list, configs: list.configs.map(restConfig) }, headers: { etag: `"${list.revision}"`, 'cache-control': NO_STORE } };
    },
    contract: {
      summary: 'List reverse-proxy configurations',
      tag: 'Reverse proxy',
      operationId: 'listReverseProxyConfigs',
      responses: {
        200: {
          description: 'Every configuration in source-file order, with the revision identifier.',
          schema: REVERSE_PROXY_CONFIG_LIST.schema,
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
      query: `mutation CreateReverseProxyConfig(${CREATE.variableDefinitions}) { createReverseProxyConfig(${CREATE.arguments}) { ${REVERSE_PROXY_CONFIG.selection} } }`,
      variables: CREATE.variables(request),
    }),
    reply: (data: { createReverseProxyConfig: ConfigData }) => {
      const config = data.createReverseProxyConfig;
      return { status: 201, body: restConfig(config), headers: { ...configHeaders(config), location: `${BASE}/${encodeURIComponent(config.domain.name)}` } };
    },
    contract: {
      summary: 'Create a reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'createReverseProxyConfig',
      headers: CREATE.headers.schema,
      body: CREATE.body.schema,
      invalidInput: ReverseProxyException.invalid,
      responses: {
        201: {
          description: 'The configuration, committed and verified.',
          schema: REVERSE_PROXY_CONFIG.schema,
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
    operation: (request) => ({
      query: `query ReverseProxyConfig(${READ.variableDefinitions}) { reverseProxyConfig(${READ.arguments}) { ${REVERSE_PROXY_CONFIG.selection} } }`,
      variables: READ.variables(request),
    }),
    reply: (data: { reverseProxyConfig: ConfigData }) => ({ body: restConfig(data.reverseProxyConfig), headers: configHeaders(data.reverseProxyConfig) }),
    contract: {
      summary: 'Read one reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'getReverseProxyConfig',
      params: READ.params.schema,
      invalidInput: ReverseProxyException.invalid,
      responses: { 200: { description: 'The configuration.', schema: REVERSE_PROXY_CONFIG.schema, headers: { etag: ETAG_ONE, 'cache-control': NO_STORE } } },
      errors: { 403: FORBIDDEN, 404: NOT_FOUND, 503: UNREADABLE },
    },
  },
  {
    method: 'PATCH',
    path: `${BASE}/:domain`,
    auth: true,
    jsonBody: true,
    operation: (request) => ({
      query: `mutation UpdateReverseProxyConfig(${UPDATE.variableDefinitions}) {
        updateReverseProxyConfig(${UPDATE.arguments}) { changed config { ${REVERSE_PROXY_CONFIG.selection} } } }`,
      variables: UPDATE.variables(request),
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
      params: UPDATE.params.schema,
      headers: UPDATE.headers.schema,
      body: UPDATE.body.schema,
      invalidInput: ReverseProxyException.invalid,
      responses: {
        200: {
          description: 'Updated (a new ETag), or unchanged when no commit was needed (the same ETag).',
          schema: REVERSE_PROXY_CONFIG.schema,
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
      query: `mutation DeleteReverseProxyConfig(${DELETE.variableDefinitions}) { deleteReverseProxyConfig(${DELETE.arguments}) { ${REVERSE_PROXY_DELETION.selection} } }`,
      variables: DELETE.variables(request),
    }),
    reply: () => ({ status: 204, body: null, headers: { 'cache-control': NO_STORE } }),
    contract: {
      summary: 'Delete a reverse-proxy configuration',
      tag: 'Reverse proxy',
      operationId: 'deleteReverseProxyConfig',
      params: DELETE.params.schema,
      headers: DELETE.headers.schema,
      invalidInput: ReverseProxyException.invalid,
      responses: { 204: { description: 'The tenant server block is deleted and the deletion committed.', headers: { 'cache-control': NO_STORE } } },
      errors: { 403: FORBIDDEN, 404: NOT_FOUND, 412: STALE, 428: MISSING_IF_MATCH, 503: UNAVAILABLE },
    },
  },
];
