import type { BuyerPricingContext } from '../../../shared/auth/roles.types';

/**
 * Train (SGR) pricing business rules, in one versioned object. The spec fixes the shape of the
 * Train price (fees TRANSPORTER / FACILITATION / SERVICE_COMMISSION, recipients RAIL /
 * SERVICE_AGENT / SERVICE) but not the amounts; these are ours. Change them here and bump
 * `version`.
 *
 * TRAIN-PRICING-2026-01 (all amounts TZS, per ticket; fares are always TZS)
 * - TRANSPORTER, recipient RAIL: the operator fare, plus the operator's luggage charge when a
 *   luggage option is chosen (the operator sells and is paid for the luggage allowance). It is
 *   `total`.
 * - FACILITATION, recipient SERVICE_AGENT: 1,000 for SERVICE_AGENT, 0 otherwise. It is the
 *   service agent's earning: debited with the rest and paid out to the agent at settlement.
 * - SERVICE_COMMISSION, recipient SERVICE: 2,000 flat, every context (spec worked example:
 *   total 22,500 + 2,000 = 24,500 debited).
 * - THIRD_PARTY_AGENT gets no facilitation: such agents add their own retail markup outside
 *   the service; it is never priced, requested or debited here.
 * - Flat amounts, not percentages: SGR fares are a short fixed table, so a flat fee keeps the
 *   payable obvious to agents. Luggage does not change either fee.
 *
 * How the totals relate, so that every view adds up (spec "Train price"):
 *   fees            = [TRANSPORTER (= total), FACILITATION, SERVICE_COMMISSION], zeros included
 *   bookingFeeTotal = FACILITATION + SERVICE_COMMISSION
 *   grandTotal      = total + bookingFeeTotal = sum of fees = wallet debit per ticket
 */
export type TrainPricingContext = BuyerPricingContext;

export const TRAIN_PRICING_CONTEXTS: readonly TrainPricingContext[] = Object.freeze(['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT'] as const);

export type TrainFeeType = 'TRANSPORTER' | 'FACILITATION' | 'SERVICE_COMMISSION';
export type TrainFeeRecipient = 'RAIL' | 'SERVICE_AGENT' | 'SERVICE';

/** The service-controlled fees of one context, as decimal strings in the policy base currency. */
export interface TrainBookingFees {
  FACILITATION: string;
  SERVICE_COMMISSION: string;
}

export interface TrainPricingPolicy {
  version: string;
  /** Currency of fares and of the fee amounts below. */
  baseCurrency: string;
  /** Fixed order of `fees[]` and who receives each component. */
  recipients: Readonly<Record<TrainFeeType, TrainFeeRecipient>>;
  bookingFees: Readonly<Record<TrainPricingContext, Readonly<TrainBookingFees>>>;
  /** Whether a chosen luggage option's price is added to TRANSPORTER (and so to total). */
  luggageInTransporter: boolean;
}

export const TRAIN_PRICING_POLICY: TrainPricingPolicy = Object.freeze({
  version: 'TRAIN-PRICING-2026-01',
  baseCurrency: 'TZS',
  recipients: Object.freeze({ TRANSPORTER: 'RAIL', FACILITATION: 'SERVICE_AGENT', SERVICE_COMMISSION: 'SERVICE' } as const),
  bookingFees: Object.freeze({
    ONLINE: Object.freeze({ FACILITATION: '0', SERVICE_COMMISSION: '2000' }),
    SERVICE_AGENT: Object.freeze({ FACILITATION: '1000', SERVICE_COMMISSION: '2000' }),
    THIRD_PARTY_AGENT: Object.freeze({ FACILITATION: '0', SERVICE_COMMISSION: '2000' }),
  }),
  luggageInTransporter: true,
});

export function isTrainPricingContext(value: unknown): value is TrainPricingContext {
  return typeof value === 'string' && (TRAIN_PRICING_CONTEXTS as readonly string[]).includes(value);
}
