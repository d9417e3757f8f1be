import type { TrainPayment } from './train-payment.policy';

/** A train payment as clients see it (GraphQL TrainPaymentType, REST body of the deposit operations). */
export interface TrainPaymentView {
  paymentId: string;
  paymentReference: string;
  operation: string;
  method: string;
  status: string;
  /** What was charged: quote plus processing fee. */
  amount: string;
  currency: string;
  quoteAmount: string;
  processingFee: string;
  rail: string | null;
  payerCountry: string | null;
  provider: string;
  providerReference: string | null;
  /** The provider's hosted page the payer completes a PENDING card charge on (a real provider); null on the sandbox. */
  checkoutUrl: string | null;
  /** True once this payment pays the reservation (tickets PAID, issuance started). */
  paysReservation: boolean;
  declineReason: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

export function trainPaymentView(p: TrainPayment): TrainPaymentView {
  return {
    paymentId: p.id,
    paymentReference: p.paymentReference,
    operation: p.operation,
    method: p.method,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    quoteAmount: p.quoteAmount,
    processingFee: p.processingFee,
    rail: p.rail,
    payerCountry: p.payerCountry,
    provider: p.provider,
    providerReference: p.providerReference,
    checkoutUrl: p.checkoutUrl,
    paysReservation: p.attachedAt !== null,
    declineReason: p.declineReason,
    createdAt: p.createdAt.toISOString(),
    confirmedAt: p.confirmedAt ? p.confirmedAt.toISOString() : null,
  };
}
