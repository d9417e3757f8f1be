export enum Role {
  CUSTOMER = 'CUSTOMER',
  SERVICE_AGENT = 'SERVICE_AGENT',
  THIRD_PARTY_AGENT = 'THIRD_PARTY_AGENT',
  ADMIN = 'ADMIN',
  SUDO = 'SUDO',
  /** The internal issuance service account (payment service signalling issuance). */
  ISSUER = 'ISSUER',
}

export const ROLES = Object.values(Role);

/** The agent permission level of the spec ("SERVICE_AGENT, 222"). */
export const AGENT_PERMISSION_LEVEL = 222;

export function isAgentRole(role: Role): boolean {
  return role === Role.SERVICE_AGENT || role === Role.THIRD_PARTY_AGENT;
}

export function isAdministrator(role: Role): boolean {
  return role === Role.ADMIN || role === Role.SUDO;
}

/** Which pricing rules a buyer's prices follow (flight and train alike): an agent's own, or online for everyone else. */
export type BuyerPricingContext = 'ONLINE' | 'SERVICE_AGENT' | 'THIRD_PARTY_AGENT';

export function pricingContextOf(role: Role): BuyerPricingContext {
  return role === Role.SERVICE_AGENT ? 'SERVICE_AGENT' : role === Role.THIRD_PARTY_AGENT ? 'THIRD_PARTY_AGENT' : 'ONLINE';
}

export function permissionLevelFor(role: Role): number | null {
  return isAgentRole(role) ? AGENT_PERMISSION_LEVEL : null;
}
