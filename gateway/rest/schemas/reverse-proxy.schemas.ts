import { z } from 'zod';
import { boundedText, DateTime, FreeObject } from './common.schemas';

/*
 * The reverse-proxy administration routes (OpenAPI `listReverseProxyConfigs` to `deleteReverseProxyConfig`) and their `ReverseProxyDomain` record; the configuration record
 * and the bodies are ours (the spec does not show them: docs/decisions.md "Reverse-proxy administration").
 */

const domainName = boundedText(254).meta({
  description: 'A host name under an ICANN public suffix; stored in lower case, without a trailing dot, IDNs as punycode.',
});

export const ConfigParams = z.object({ domain: domainName });

const metadata = FreeObject.nullable().meta({ description: 'Free JSON object, at most 8 KiB; null clears it.' });

export const CreateConfigBody = z
  .strictObject({
    domain: domainName,
    companyUuid: z.uuid().meta({ description: 'An existing company.' }),
    metadata: metadata.optional(),
  })
  .meta({ id: 'ReverseProxyConfigCreate', description: 'A new tenant configuration; any other member is a 400.' });

export const UpdateConfigBody = z
  .strictObject({
    domain: domainName.optional().meta({ description: 'A new name: the file moves in the same commit; id and createdAt stay.' }),
    companyUuid: z.uuid().optional(),
    metadata: metadata.optional().meta({ description: 'Replaces the whole object; null clears it.' }),
  })
  .meta({ id: 'ReverseProxyConfigUpdate', description: 'Only the members given change; any other member is a 400.' });

/*
 * If-Match is read as given and checked by the admin subgraph, after the role: a missing one must stay the spec's 428
 * (and a non-administrator's request a 403), so the header is never refused here as a missing input.
 */
const ifMatch = (description: string) => z.object({ 'if-match': z.string().optional().meta({ description }) });

export const CreateConfigHeaders = ifMatch('Optional: the list revision ("<sha>") the change is based on; a later commit answers 409.');
export const ChangeConfigHeaders = ifMatch(
  'Required: the configuration\'s strong ETag ("<sha>", or * for any). Without it the answer is 428 REVERSE_PROXY_PRECONDITION_REQUIRED; a stale one is 412.',
);

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
