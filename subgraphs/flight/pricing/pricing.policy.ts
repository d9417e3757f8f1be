import type { BuyerPricingContext } from '../../../shared/auth/roles.types';

/**
 * Flight pricing business rules, in one versioned object. The spec fixes the shape of the
 * offer price but not the amounts; these are ours. Change them here (and bump `version`).
 *
 * FLIGHT-PRICING-2026-01
 * - SERVICE_COMMISSION, recipient SERVICE: 3% of the supplier fare total, at least the
 *   equivalent of USD 5. Charged in every pricing context (ONLINE, SERVICE_AGENT,
 *   THIRD_PARTY_AGENT).
 * - AGENT_COMMISSION, recipient SERVICE_AGENT: 2% of the fare total, SERVICE_AGENT only. It is
 *   the agent's own earning, collected from the customer, so it is in grandTotal but not in
 *   the wallet debit. THIRD_PARTY_AGENT gets none: they add their own markup downstream.
 * - grandTotal (what the customer pays) = fare total + all booking fees.
 * - Wallet debit (agents) = fare total + SERVICE_COMMISSION, in the wallet currency.
 * - Cash rounding of the wallet debit, always UP to the increment, because agents settle in
 *   cash and the smallest notes/coins in use make exact shillings impractical:
 *     TZS 50, KES 5, UGX 100. Any other wallet currency: no rounding.
 *   The uplift belongs to the service (added to SERVICE_COMMISSION and reported as its
 *   `roundingAdjustment`), never to the agent or the airline.
 * - Commissions are computed in the supplier currency (rounded to its precision); every
 *   other currency is a conversion of those components.
 */
export type PricingContext = BuyerPricingContext;

export const PRICING_CONTEXTS: readonly PricingContext[] = ['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT'];

export interface CashRoundingRule {
  /** Reported as walletSettlement.rounding.policyVersion so a settled debit can be explained later. */
  policyVersion: string;
  /** A decimal string in the currency's units. */
  increment: string;
  direction: 'UP';
}

export interface FlightPricingPolicy {
  version: string;
  /** Charged in every context: it also carries the cash-rounding uplift. */
  serviceCommission: { rate: string; minimum: { amount: string; currency: string } };
  agentCommission: { rate: string; contexts: readonly PricingContext[] };
  /** Keyed by wallet currency. */
  cashRounding: Readonly<Record<string, CashRoundingRule>>;
}

export const FLIGHT_PRICING_POLICY: FlightPricingPolicy = Object.freeze({
  version: 'FLIGHT-PRICING-2026-01',
  serviceCommission: Object.freeze({
    rate: '0.03',
    minimum: Object.freeze({ amount: '5', currency: 'USD' }),
  }),
  agentCommission: Object.freeze({ rate: '0.02', contexts: Object.freeze(['SERVICE_AGENT'] as PricingContext[]) }),
  cashRounding: Object.freeze({
    TZS: Object.freeze({ policyVersion: 'TZS-CASH-2026-01', increment: '50', direction: 'UP' as const }),
    KES: Object.freeze({ policyVersion: 'KES-CASH-2026-01', increment: '5', direction: 'UP' as const }),
    UGX: Object.freeze({ policyVersion: 'UGX-CASH-2026-01', increment: '100', direction: 'UP' as const }),
  }),
});

export function isAgentContext(context: PricingContext): boolean {
  return context === 'SERVICE_AGENT' || context === 'THIRD_PARTY_AGENT';
}
