import { Decimal, roundFor } from '../../../shared/money/money.calculator';
import { FLIGHT_PRICING_POLICY, FlightPricingPolicy, PricingContext } from './pricing.policy';

export interface SourceBookingFees {
  /** In the supplier currency, rounded to its precision; before any cash-rounding uplift. */
  serviceCommission: Decimal;
  /** Absent when the context earns no agent commission. */
  agentCommission?: Decimal;
}

/**
 * Booking fees in the supplier currency. `minimumRate` is units of the supplier currency per
 * unit of the policy's minimum currency (1 when they are the same); the caller looks it up so
 * this stays pure.
 */
export function bookingFeesFor(
  fareTotal: Decimal,
  currency: string,
  context: PricingContext,
  minimumRate: Decimal,
  policy: FlightPricingPolicy = FLIGHT_PRICING_POLICY,
): SourceBookingFees {
  const percentage = roundFor(fareTotal.mul(policy.serviceCommission.rate), currency);
  const minimum = roundFor(new Decimal(policy.serviceCommission.minimum.amount).mul(minimumRate), currency);
  const fees: SourceBookingFees = { serviceCommission: Decimal.max(percentage, minimum) };
  if (policy.agentCommission.contexts.includes(context)) {
    fees.agentCommission = roundFor(fareTotal.mul(policy.agentCommission.rate), currency);
  }
  return fees;
}
