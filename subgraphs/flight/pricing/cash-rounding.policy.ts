import { Decimal } from '../../../shared/money/money.calculator';
import { FLIGHT_PRICING_POLICY, FlightPricingPolicy } from './pricing.policy';

export interface CashRoundingResult {
  /** The amount the wallet actually pays: a multiple of the increment, never below the input. */
  rounded: Decimal;
  /** Present only when the currency has a policy (even if the uplift is 0), as the spec wants. */
  rounding?: { policyVersion: string; increment: Decimal; adjustment: Decimal };
}

/**
 * Rounds a wallet debit up to the currency's cash increment. Up, never half-up: rounding down
 * would make the service absorb the difference on every sale.
 */
export function applyCashRounding(amount: Decimal, currency: string, policy: FlightPricingPolicy = FLIGHT_PRICING_POLICY): CashRoundingResult {
  const rule = Object.prototype.hasOwnProperty.call(policy.cashRounding, currency) ? policy.cashRounding[currency] : undefined;
  if (!rule) return { rounded: amount };
  const increment = new Decimal(rule.increment);
  if (!increment.isFinite() || increment.lte(0)) throw new RangeError(`cash rounding increment for ${currency} must be positive`);
  const rounded = amount.div(increment).ceil().mul(increment);
  return { rounded, rounding: { policyVersion: rule.policyVersion, increment, adjustment: rounded.minus(amount) } };
}
