import { DEFAULT_TENANT_TEMPLATE, parseTenant, renderTenant, sameTenant, TenantConfig, templateProblems } from './nginx-config.renderer';
import { parseNginx } from './nginx-syntax.parser';

const apex: TenantConfig = {
  id: '0b6f2a52-3c1e-4d8f-9a77-5d3c2b1a0e9f',
  domain: 'example.co.tz',
  redirectForName: 'www.example.co.tz',
  companyUuid: '7d1c7b9e-5f0a-4c7e-8a2b-3e4f5a6b7c8d',
  metadata: { plan: 'gold', note: 'line one\nserver { evil; }', nested: { a: [1, 2] } },
  createdAt: '2025-01-02T03:04:05.000Z',
};

describe('tenant server blocks', () => {
  it('renders the template, the header and the www redirect, and reads them back as the same configuration', () => {
    const text = renderTenant(DEFAULT_TENANT_TEMPLATE, apex, 'safiri_gateway');
    expect(text).toContain('server_name example.co.tz;');
    expect(text).toContain('proxy_pass http://safiri_gateway;');
    expect(text).toContain('return 301 $scheme://example.co.tz$request_uri;');
    const parsed = parseTenant(text);
    expect(parsed.serverNames).toEqual(['example.co.tz', 'www.example.co.tz']);
    expect(sameTenant(parsed.config, apex)).toBe(true);
  });

  it('keeps metadata with line breaks and braces inside its comment line', () => {
    const text = renderTenant(DEFAULT_TENANT_TEMPLATE, apex, 'safiri_gateway');
    const statements = parseNginx(text);
    expect(statements.map((s) => s.name)).toEqual(['server', 'server']);
    expect(parseTenant(text).config.metadata).toEqual(apex.metadata);
  });

  it('writes no redirect block for a subdomain other than www', () => {
    const sub = { ...apex, domain: 'shop.example.co.tz', redirectForName: null };
    const parsed = parseTenant(renderTenant(DEFAULT_TENANT_TEMPLATE, sub, 'safiri_gateway'));
    expect(parsed.serverNames).toEqual(['shop.example.co.tz']);
    expect(parsed.config.redirectForName).toBeNull();
  });

  it('tells a different configuration apart', () => {
    const parsed = parseTenant(renderTenant(DEFAULT_TENANT_TEMPLATE, apex, 'safiri_gateway'));
    expect(sameTenant(parsed.config, { ...apex, companyUuid: apex.id })).toBe(false);
    expect(sameTenant(parsed.config, { ...apex, metadata: { plan: 'silver' } })).toBe(false);
  });

  it('refuses a file without its header', () => {
    expect(() => parseTenant('server { server_name example.co.tz; }')).toThrow(/safiri-id/);
  });
});

describe('tenant template checks', () => {
  it('accepts the default template', () => {
    expect(templateProblems(DEFAULT_TENANT_TEMPLATE)).toEqual([]);
  });

  it.each([
    ['a missing required placeholder', DEFAULT_TENANT_TEMPLATE.replace('X-Tenant-Company {{company_uuid}}', 'X-Tenant-Company none'), /company_uuid.*missing/],
    ['an unknown placeholder', DEFAULT_TENANT_TEMPLATE.replace('{{tenant_id}}', '{{tenant}}'), /unknown placeholder \{\{tenant\}\}/],
    ['an unclosed block', DEFAULT_TENANT_TEMPLATE.replace(/}\s*$/, ''), /unbalanced braces/],
    ['an extra closing brace', `${DEFAULT_TENANT_TEMPLATE}}\n`, /unexpected "}"/],
    ['an unclosed placeholder', DEFAULT_TENANT_TEMPLATE.replace('{{upstream}}', '{{upstream}'), /unexpected "{"/],
    [
      'a missing semicolon before a closing brace',
      DEFAULT_TENANT_TEMPLATE.replace('X-Tenant-Company {{company_uuid}};', 'X-Tenant-Company {{company_uuid}}'),
      /unexpected "}" after "proxy_set_header"/,
    ],
    ['no server_name placeholder in the server block', 'server { listen 80; }\n# {{server_name}} {{company_uuid}}\n', /server_name \{\{server_name\}\}/],
  ])('reports %s', (_what, template, problem) => {
    expect(templateProblems(template).join('; ')).toMatch(problem);
  });
});
