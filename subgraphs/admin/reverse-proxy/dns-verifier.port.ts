export type VerificationStatus = 'verified' | 'unverified';

/**
 * Whether a tenant name already points at the proxy. A port so that tests and the sandbox do
 * not depend on the public DNS: the simulated adapter is the default, node:dns is opt-in.
 */
export interface DnsVerifier {
  verify(name: string): Promise<VerificationStatus>;
}
