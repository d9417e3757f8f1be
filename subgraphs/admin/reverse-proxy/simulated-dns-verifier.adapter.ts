import type { DnsVerifier, VerificationStatus } from './dns-verifier.port';

/** Sandbox trigger (docs/decisions.md, "Reverse-proxy administration"): a name with a label starting `unverified-` has no DNS record yet. */
export const UNVERIFIED_LABEL_PREFIX = 'unverified-';

/** Deterministic: every name is verified except the documented trigger. */
export class SimulatedDnsVerifier implements DnsVerifier {
  async verify(name: string): Promise<VerificationStatus> {
    return name.split('.').some((label) => label.startsWith(UNVERIFIED_LABEL_PREFIX)) ? 'unverified' : 'verified';
  }
}
