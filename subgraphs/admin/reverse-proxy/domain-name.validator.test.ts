import { normaliseDomain, parseDomainName } from './domain-name.validator';

describe('tenant domain names (Public Suffix List)', () => {
  it('places an apex under a two-label suffix and redirects www to it', () => {
    expect(parseDomainName('example.co.tz')).toEqual({
      name: 'example.co.tz',
      domainType: 'apex',
      publicSuffix: 'co.tz',
      apex: 'example.co.tz',
      redirectForName: 'www.example.co.tz',
    });
  });

  it('treats a name below the registrable domain as a subdomain without a redirect', () => {
    expect(parseDomainName('shop.example.co.tz')).toEqual({
      name: 'shop.example.co.tz',
      domainType: 'subdomain',
      publicSuffix: 'co.tz',
      apex: 'example.co.tz',
      redirectForName: null,
    });
  });

  it('redirects the apex to a www subdomain', () => {
    expect(parseDomainName('www.example.com')).toMatchObject({ domainType: 'subdomain', publicSuffix: 'com', redirectForName: 'example.com' });
  });

  it('normalises case, a trailing dot and IDNs', () => {
    expect(normaliseDomain(' Shop.Example.CO.TZ. ')).toBe('shop.example.co.tz');
    expect(parseDomainName('bücher.de')).toMatchObject({ name: 'xn--bcher-kva.de', domainType: 'apex' });
  });

  it.each([
    ['co.tz', 'a bare public suffix'],
    ['tenant.example', 'a reserved, non-ICANN suffix'],
    ['10.0.0.1', 'an IP address'],
    ['-bad.co.tz', 'a label starting with a hyphen'],
    ['a..co.tz', 'an empty label'],
    ['ex ample.co.tz', 'a space'],
    ['example.co.tz;evil', 'nginx syntax'],
  ])('rejects %s (%s)', (input) => {
    expect(parseDomainName(input)).toHaveProperty('problem');
  });

  it('ignores private PSL entries: a tenant under github.io is a subdomain of github.io', () => {
    expect(parseDomainName('tenant.github.io')).toMatchObject({ publicSuffix: 'io', apex: 'github.io', domainType: 'subdomain' });
  });
});
