import { NginxStatement, NginxSyntaxError, parseNginx } from './nginx-syntax.parser';

/** One tenant's configuration: what the API accepts, renders into a server block and reads back. */
export interface TenantConfig {
  id: string;
  domain: string;
  redirectForName: string | null;
  companyUuid: string;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export interface ParsedTenantFile {
  config: TenantConfig;
  /** Every server_name of every server block in the file, in file order. */
  serverNames: string[];
}

/** The template's seed content (templates/tenant.conf.tmpl in a new repository); operators edit the committed copy. */
export const DEFAULT_TENANT_TEMPLATE = `# Tenant server block. Placeholders in double braces: server_name and company_uuid are required;
# upstream, domain and tenant_id are optional. A change here applies to each tenant's next write.
server {
    listen 80;
    server_name {{server_name}};

    location / {
        proxy_pass http://{{upstream}};
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Tenant-Id {{tenant_id}};
        proxy_set_header X-Tenant-Company {{company_uuid}};
    }
}
`;

const REQUIRED = ['server_name', 'company_uuid'] as const;
const KNOWN = new Set<string>([...REQUIRED, 'upstream', 'domain', 'tenant_id']);
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]*)\s*\}\}/g;
/** Header lines carry what a server block cannot: `# safiri-<key>: <value>`. */
const HEADER = /^# safiri-([a-z-]+): (.*)$/gm;

/** What is wrong with a template; empty when it can render a tenant. */
export function templateProblems(template: string): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!KNOWN.has(name)) problems.push(`unknown placeholder {{${name}}}`);
    used.add(name);
  }
  for (const name of REQUIRED) if (!used.has(name)) problems.push(`required placeholder {{${name}}} is missing`);
  let statements: NginxStatement[] = [];
  try {
    // Placeholders become plain words so that braces left over are the template's own.
    statements = parseNginx(template.replace(PLACEHOLDER, (_m, name: string) => `__${name}__`));
  } catch (error) {
    if (!(error instanceof NginxSyntaxError)) throw error;
    problems.push(error.message);
  }
  if (!problems.length) {
    const first = statements.find((s) => s.name === 'server' && s.block);
    if (!first || !serverNamesOf(first).includes('__server_name__')) {
      problems.push('the first server block must have "server_name {{server_name}};"');
    }
  }
  return problems;
}

/** The tenant file: header, the template's block(s) and, for an apex or www name, the redirect block. */
export function renderTenant(template: string, config: TenantConfig, upstream: string): string {
  const values: Record<string, string> = {
    server_name: config.domain,
    domain: config.domain,
    company_uuid: config.companyUuid,
    tenant_id: config.id,
    upstream,
  };
  const header = [
    '# Managed by the Safiri reverse-proxy administration API: change it there, not by hand.',
    `# safiri-id: ${config.id}`,
    `# safiri-company-uuid: ${config.companyUuid}`,
    `# safiri-created-at: ${config.createdAt}`,
    // JSON escapes line breaks, so the metadata can never leave its comment line.
    `# safiri-metadata: ${JSON.stringify(config.metadata)}`,
  ];
  const body = template.replace(PLACEHOLDER, (_m, name: string) => values[name]).trimEnd();
  const redirect = config.redirectForName
    ? `\n\nserver {\n    listen 80;\n    server_name ${config.redirectForName};\n    return 301 $scheme://${config.domain}$request_uri;\n}`
    : '';
  return `${header.join('\n')}\n\n${body}${redirect}\n`;
}

/** Reads a tenant file back; throws NginxSyntaxError when it is not one this renderer wrote. */
export function parseTenant(text: string): ParsedTenantFile {
  const header: Record<string, string> = {};
  for (const [, key, value] of text.matchAll(HEADER)) header[key] = value;
  for (const key of ['id', 'company-uuid', 'created-at', 'metadata']) {
    if (header[key] === undefined) throw new NginxSyntaxError(`the "# safiri-${key}:" header line is missing`);
  }
  let metadata: unknown;
  try {
    metadata = JSON.parse(header.metadata);
  } catch {
    throw new NginxSyntaxError('the metadata header is not JSON');
  }
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw new NginxSyntaxError('the metadata header is not a JSON object');
  const servers = parseNginx(text).filter((s) => s.name === 'server' && s.block);
  if (!servers.length) throw new NginxSyntaxError('no server block');
  const domain = serverNamesOf(servers[0])[0];
  if (!domain) throw new NginxSyntaxError('the first server block has no server_name');
  const redirect = servers.slice(1).find((s) => s.block!.some((d) => d.name === 'return' && d.args[0] === '301'));
  return {
    config: {
      id: header.id,
      domain,
      redirectForName: redirect ? (serverNamesOf(redirect)[0] ?? null) : null,
      companyUuid: header['company-uuid'],
      metadata: metadata as Record<string, unknown>,
      createdAt: header['created-at'],
    },
    serverNames: servers.flatMap(serverNamesOf),
  };
}

/** True when the file says exactly what was meant to be written. */
export function sameTenant(a: TenantConfig, b: TenantConfig): boolean {
  const keys: Array<keyof TenantConfig> = ['id', 'domain', 'redirectForName', 'companyUuid', 'createdAt'];
  return keys.every((k) => a[k] === b[k]) && JSON.stringify(a.metadata) === JSON.stringify(b.metadata);
}

function serverNamesOf(server: NginxStatement): string[] {
  return server.block!.filter((d) => d.name === 'server_name').flatMap((d) => d.args);
}
