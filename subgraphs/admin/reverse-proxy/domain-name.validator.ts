import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

export type DomainType = 'apex' | 'subdomain';

/** A tenant host name placed in the Public Suffix List (ICANN section). */
export interface DomainName {
  name: string;
  domainType: DomainType;
  publicSuffix: string;
  /** The registrable domain (name without its subdomain labels). */
  apex: string;
  /** The other name that redirects here: www.<apex> for an apex, the apex for www.<apex>; null otherwise. */
  redirectForName: string | null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower case, no trailing dot, IDNs as punycode: the one spelling used for files and comparisons. */
export function normaliseDomain(input: string): string {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  return domainToASCII(trimmed) || trimmed;
}

/** The domain's place in the PSL, or the reason it cannot be a tenant name. */
export function parseDomainName(input: string): DomainName | { problem: string } {
  const name = normaliseDomain(input);
  if (!name || name.length > 253) return { problem: 'must be a host name of at most 253 characters' };
  if (!name.split('.').every((label) => LABEL.test(label))) {
    return { problem: 'must be a host name: labels of letters, digits and inner hyphens separated by dots' };
  }
  // Private PSL entries (github.io, …) are left out: a tenant owns a registrable ICANN domain.
  const parsed = parse(name, { allowPrivateDomains: false });
  if (parsed.isIp) return { problem: 'must be a host name, not an IP address' };
  if (!parsed.publicSuffix || !parsed.isIcann || !parsed.domain) {
    return { problem: 'must end in a public suffix (e.g. .co.tz, .com) and name a domain under it' };
  }
  const subdomain = parsed.subdomain ?? '';
  const apex = parsed.domain;
  return {
    name,
    domainType: subdomain ? 'subdomain' : 'apex',
    publicSuffix: parsed.publicSuffix,
    apex,
    redirectForName: !subdomain ? `www.${apex}` : subdomain === 'www' ? apex : null,
  };
}
