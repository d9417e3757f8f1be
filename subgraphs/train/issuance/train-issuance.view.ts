import type { TrainReservation } from '../reservations/reservation.types';
import type { IssuanceFailure, TrainIssuance } from './train-issuance.repository';
import type { TrainPayableView } from '../payments/train-payment-quote.service';

/** GET /api/trip/train/ticket/{paymentReference}/issuance as GraphQL answers it (REST leaves the null members out). */
export interface TrainIssuanceView {
  paymentReference: string;
  funding: { source: string; status: string; walletDebited: boolean; duplicatePaymentRequiresReview: boolean };
  payout: { status: string };
  issuance: { status: string; internalExpiresAt: string | null; providerExpiresAt: string | null };
  /** Only when the issuance failed. */
  failure: IssuanceFailure | null;
  /** The reservation's price and frozen payment quotes (GET …/issuance; `currency` freezes one). */
  payable: TrainPayableView | null;
}

/** What the payment side adds: quotes, and whether money arrived that cannot pay the booking (a refund to review). */
export interface IssuancePaymentFacts {
  payable: TrainPayableView | null;
  duplicatePaymentRequiresReview: boolean;
}

const NO_PAYMENT_FACTS: IssuancePaymentFacts = { payable: null, duplicatePaymentRequiresReview: false };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Before an issue call (no issuance row) the status reflects the reservation: an agent booking awaits wallet
 * funds (AWAITING_FUNDS / NOT_STARTED); a customer booking awaits its online payment.
 */
export function issuanceView(r: TrainReservation, i: TrainIssuance | null, facts: IssuancePaymentFacts = NO_PAYMENT_FACTS): TrainIssuanceView {
  const { payable, duplicatePaymentRequiresReview } = facts;
  const window = { internalExpiresAt: iso(r.internalExpiresAt), providerExpiresAt: iso(r.providerExpiresAt) };
  if (!i) {
    const agent = r.bookingUserType !== 'CUSTOMER';
    return {
      paymentReference: r.paymentReference,
      funding: { source: agent ? 'AGENT_WALLET' : 'ONLINE_PAYMENT', status: 'AWAITING_FUNDS', walletDebited: false, duplicatePaymentRequiresReview },
      payout: { status: 'NOT_STARTED' },
      issuance: { status: r.status === 'ISSUED' ? 'ISSUED' : r.status === 'CANCELLED' ? 'CANCELLED' : 'NOT_STARTED', ...window },
      failure: null,
      payable,
    };
  }
  return {
    paymentReference: i.paymentReference,
    funding: { source: i.fundingSource, status: i.fundingStatus, walletDebited: i.walletDebited, duplicatePaymentRequiresReview },
    payout: { status: i.payoutStatus },
    issuance: { status: i.status, ...window },
    failure: i.status === 'PAYOUT_REJECTED' || i.status === 'ISSUE_FAILED' ? i.failure : null,
    payable,
  };
}

/**
 * What the agent callback POSTs: the issuance status exactly as the REST status read answers it (its members at the top
 * level, absent ones left out rather than null), without `payable`: quotes are frozen on request, not pushed.
 */
export function issuanceCallbackPayload({ paymentReference, funding, payout, issuance, failure }: TrainIssuanceView) {
  const { status, internalExpiresAt, providerExpiresAt } = issuance;
  return {
    paymentReference,
    funding,
    payout,
    issuance: { status, ...(internalExpiresAt ? { internalExpiresAt } : {}), ...(providerExpiresAt ? { providerExpiresAt } : {}) },
    ...(failure ? { failure } : {}),
  };
}
