import { z } from 'zod';
import { DateTime, FreeObject } from './common.schemas';

/*
 * The answers of the reverse-proxy administration routes (OpenAPI `listReverseProxyConfigs` to
 * `deleteReverseProxyConfig`; their requests are documented from the GraphQL arguments, in the routes) and their
 * `ReverseProxyDomain` record; the configuration record and the bodies are ours (the spec does not show them:
 * docs/decisions.md "Reverse-proxy administration").
 */

const ReverseProxyServer = z
  .object({ id: z.string().meta({ description: 'Slug of the proxy host name.' }), name: z.string() })
  .meta({ id: 'ReverseProxyServer', description: 'The proxy host serving the tenant.' });

export const ReverseProxyDomain = z
  .object({
    id: z.uuid().meta({ description: 'Stable across renames.' }),
    name: z.string(),
    domainType: z.enum(['apex', 'subdomain']),
    publicSuffix: z.string().meta({ example: 'co.tz' }),
    redirectForName: z
      .string()
      .nullable()
      .meta({ description: 'www.<apex> for an apex, the apex for www.<apex>; null for other subdomains (always present).' }),
    verificationStatus: z.enum(['verified', 'unverified']),
    createdAt: DateTime,
    server: ReverseProxyServer.optional().meta({ description: 'Present only when the deployment names its proxy host (REVERSE_PROXY_SERVER_NAME).' }),
  })
  .meta({ id: 'ReverseProxyDomain', description: 'The reverse-proxy domain record of the spec.' });

export const ReverseProxyConfig = z
  .object({
    companyUuid: z.uuid(),
    metadata: FreeObject.meta({ description: 'Free JSON object; {} when none was given.' }),
    file: z.string().meta({ description: 'Path of the tenant file in the repository.' }),
    serverNames: z.array(z.string()).meta({ description: 'Every server_name in the file.' }),
    revision: z.string().meta({ description: 'The last commit touching the file: what If-Match must carry (quoted, as the ETag).' }),
    domain: ReverseProxyDomain,
  })
  .meta({ id: 'ReverseProxyConfig', description: "A tenant's nginx server block, kept as a file in the configuration repository." });

export const ReverseProxyConfigList = z
  .object({
    revision: z.string().meta({ description: 'The repository HEAD commit.' }),
    configs: z.array(ReverseProxyConfig).meta({ description: 'In source-file order (file names sorted, as nginx includes them).' }),
  })
  .meta({ id: 'ReverseProxyConfigList', description: 'Every configuration and the revision identifier.' });
