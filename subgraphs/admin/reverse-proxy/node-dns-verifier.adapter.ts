import { isIP } from 'node:net';
import { Resolver } from 'node:dns/promises';
import type { DnsVerifier, VerificationStatus } from './dns-verifier.port';

/**
 * Real lookups: a name is verified when its A/AAAA records include an address of the proxy, or a
 * CNAME names one of the proxy's host names. Lookup failures count as unverified, never as errors:
 * a tenant whose DNS is not ready yet is a state, not an outage.
 */
export class NodeDnsVerifier implements DnsVerifier {
  private readonly resolver = new Resolver({ timeout: 2000, tries: 2 });

  constructor(private readonly targets: string[]) {}

  async verify(name: string): Promise<VerificationStatus> {
    const [addresses, cnames, targetAddresses] = await Promise.all([
      this.addresses(name),
      this.quiet(this.resolver.resolveCname(name)),
      this.targetAddresses(),
    ]);
    const hostTargets = this.targets.filter((t) => !isIP(t));
    const byAddress = addresses.some((a) => targetAddresses.has(a));
    const byAlias = cnames.some((c) => hostTargets.includes(c.toLowerCase().replace(/\.$/, '')));
    return byAddress || byAlias ? 'verified' : 'unverified';
  }

  private async targetAddresses(): Promise<Set<string>> {
    const found = await Promise.all(this.targets.map((t) => (isIP(t) ? Promise.resolve([t]) : this.addresses(t))));
    return new Set(found.flat());
  }

  private async addresses(host: string): Promise<string[]> {
    const [v4, v6] = await Promise.all([this.quiet(this.resolver.resolve4(host)), this.quiet(this.resolver.resolve6(host))]);
    return [...v4, ...v6];
  }

  private quiet(lookup: Promise<string[]>): Promise<string[]> {
    return lookup.catch(() => []);
  }
}
