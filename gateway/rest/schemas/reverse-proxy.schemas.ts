import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import { DateTime } from './common.schemas';

/*
 * The answers of the reverse-proxy administration routes (OpenAPI `listReverseProxyConfigs` to
 * `deleteReverseProxyConfig`; their requests are documented from the GraphQL arguments, in the routes), derived from
 * the API types (docs/rest-shapes.md). The `ReverseProxyDomain` record is the spec's, with its lower-case enums; the
 * configuration record and the list are ours (the spec does not show them: docs/decisions.md "Reverse-proxy
 * administration").
 */

/** OpenAPI schema `ReverseProxyConfig`: the API type, its domain record with the spec's lower-case enums and no null server. */
export const REVERSE_PROXY_CONFIG = restShape('ReverseProxyConfig', {
  id: 'ReverseProxyConfig',
  fields: {
    companyUuid: { schema: z.uuid() },
    revision: { description: 'The last commit touching the file: what If-Match must carry (quoted, as the ETag).' },
    domain: {
      shape: {
        id: 'ReverseProxyDomain',
        description: 'The reverse-proxy domain record of the spec.',
        fields: {
          id: { schema: z.uuid() },
          domainType: { lowerCase: true },
          publicSuffix: { schema: z.string().meta({ example: 'co.tz' }) },
          verificationStatus: { lowerCase: true },
          createdAt: { schema: DateTime },
          server: {
            absentWhenNull: true,
            description: 'Present only when the deployment names its proxy host (REVERSE_PROXY_SERVER_NAME).',
            shape: { id: 'ReverseProxyServer' },
          },
        },
      },
    },
  },
});

/** OpenAPI schema `ReverseProxyConfigList`: REST answers the whole list in one page, so the cursor is the route's to check. */
export const REVERSE_PROXY_CONFIG_LIST = restShape('ReverseProxyConfigList', {
  id: 'ReverseProxyConfigList',
  description: 'Every configuration and the revision identifier.',
  fields: {
    revision: { description: 'The repository HEAD commit.' },
    configs: { schema: REVERSE_PROXY_CONFIG.schema, selection: REVERSE_PROXY_CONFIG.selection },
    nextCursor: { routeOnly: true },
  },
});

/** The deletion's fields: REST answers 204 without a body, so only the selection is used. */
export const REVERSE_PROXY_DELETION = restShape('ReverseProxyDeletion');
