/**
 * The online payment provider customers pay through (card acquirer, mobile-money aggregator).
 * Booking code (flight, train) knows only this port; the sandbox implementation is
 * simulated-payment-gateway.adapter.ts, a real provider would be another adapter.
 */

/** What the provider says about one charge. */
export type ChargeStatus = 'PENDING' | 'CONFIRMED' | 'DECLINED';

export interface ChargeRequest {
  /** Our payment request id: a repeat with the same key returns the same charge, never a second one. */
  idempotencyKey: string;
  /** The reservation's paymentReference, shown to the customer by the provider. */
  reference: string;
  /** Decimal string in `currency`. */
  amount: string;
  currency: string;
  /** One of the gateway's `methods`. */
  method: string;
  /**
   * Who pays, for a provider that needs it (a real one: the number a mobile-money prompt goes to, an email for its
   * receipt). The sandbox needs none.
   */
  payer?: ChargePayer;
}

export interface ChargePayer {
  /** International digits without `+` (255712345678). */
  phone?: string;
  /** The mobile-money rail (mobile-money-rails.data.ts) the prompt goes over. */
  rail?: string;
  email?: string;
}

export interface Charge {
  providerReference: string;
  status: ChargeStatus;
  /** Why a DECLINED charge was declined (provider wording). */
  declineReason?: string;
  /** A hosted checkout the payer completes a PENDING charge on (a real provider's card payment). */
  checkoutUrl?: string;
  /**
   * What the provider says was charged, when it says (a real provider's status query): a CONFIRMED charge whose
   * amount or currency differs from the payment's is not the payment's (gateway-charge.service.ts).
   */
  charged?: { amount: string; currency: string };
}

export class PaymentGatewayError extends Error {
  constructor(
    readonly code: 'UNKNOWN_CHARGE' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

export interface PaymentGateway {
  /** Stored in flight_payment.provider / train_payment.provider (at most 16 characters). */
  readonly provider: string;
  /**
   * True for a simulator: a PENDING charge may be confirmed by the sandbox confirmation call
   * (standing in for the customer's approval and the provider's webhook). A real provider
   * answers false, and only a charge it reports CONFIRMED is ever recorded as paid.
   */
  readonly sandbox: boolean;
  /** The payment methods a customer may choose. */
  readonly methods: readonly string[];
  createCharge(request: ChargeRequest): Promise<Charge>;
  /** The current state of a charge created earlier. */
  chargeStatus(providerReference: string): Promise<Charge>;
}
