import { Decimal } from '../money/money.calculator';
import { Charge, ChargeRequest, PaymentGateway, PaymentGatewayError } from './payment-gateway.port';

/**
 * The sandbox payment provider (docs/sandbox.md "Online payments (flight customers)").
 * Stateless and deterministic: the outcome is decided by the method and the amount, and encoded
 * in the provider reference, so every process (API replicas, workers) and every restart reads
 * the same answer for the same charge without shared state.
 */
export const SANDBOX_METHODS = ['CARD', 'MOBILE_MONEY', 'CARD_DECLINED', 'MOBILE_MONEY_DECLINED'] as const;

/** Charges at or above this amount (any currency) are declined, like a provider's single-charge limit. */
export const SANDBOX_CHARGE_LIMIT = '100000000';

type Outcome = 'c' | 'p' | 'd' | 'pd';
const PREFIX = 'sbx';

export class SimulatedPaymentGateway implements PaymentGateway {
  readonly provider = 'SANDBOX';
  readonly sandbox = true;
  readonly methods: readonly string[] = SANDBOX_METHODS;

  async createCharge(request: ChargeRequest): Promise<Charge> {
    const outcome = outcomeOf(request);
    const providerReference = `${PREFIX}-${outcome}-${request.idempotencyKey}`;
    switch (outcome) {
      case 'c':
        return { providerReference, status: 'CONFIRMED' };
      case 'd':
        return { providerReference, status: 'DECLINED', declineReason: declineReason(request) };
      default:
        // Mobile money waits for the customer to approve on the handset (the sandbox confirmation).
        return { providerReference, status: 'PENDING' };
    }
  }

  async chargeStatus(providerReference: string): Promise<Charge> {
    const match = /^sbx-(c|p|d|pd)-(.+)$/.exec(providerReference);
    if (!match) throw new PaymentGatewayError('UNKNOWN_CHARGE', `No sandbox charge ${providerReference}`);
    switch (match[1] as Outcome) {
      case 'c':
        return { providerReference, status: 'CONFIRMED' };
      case 'p':
        return { providerReference, status: 'PENDING' };
      case 'd':
        return { providerReference, status: 'DECLINED', declineReason: 'Declined by the issuer' };
      default:
        return { providerReference, status: 'DECLINED', declineReason: 'The customer rejected the payment prompt' };
    }
  }
}

function outcomeOf(request: ChargeRequest): Outcome {
  if (!(SANDBOX_METHODS as readonly string[]).includes(request.method)) {
    throw new PaymentGatewayError('UNKNOWN_CHARGE', `The sandbox does not offer the method ${request.method}`);
  }
  if (overLimit(request.amount)) return 'd';
  if (request.method === 'CARD') return 'c';
  if (request.method === 'MOBILE_MONEY') return 'p';
  if (request.method === 'CARD_DECLINED') return 'd';
  return 'pd';
}

function overLimit(amount: string): boolean {
  try {
    return new Decimal(amount).greaterThanOrEqualTo(SANDBOX_CHARGE_LIMIT);
  } catch {
    return true;
  }
}

function declineReason(request: ChargeRequest): string {
  return overLimit(request.amount) ? `The amount is over the sandbox limit of ${SANDBOX_CHARGE_LIMIT}` : 'Declined by the issuer';
}
