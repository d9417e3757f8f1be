import type { TrainReservation } from '../reservations/reservation.types';
import type { IssuanceFailure, TrainIssuance } from './train-issuance.repository';

/** GET /api/trip/train/ticket/{paymentReference}/issuance `data` (and the 202 body of the issue call). */
export interface TrainIssuanceView {
  paymentReference: string;
  funding: { source: string; status: string; walletDebited: boolean; duplicatePaymentRequiresReview: boolean };
  payout: { status: string };
  issuance: { status: string; internalExpiresAt: string | null; providerExpiresAt: string | null };
  /** Only when the issuance failed. */
  failure: IssuanceFailure | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Before an issue call (no issuance row) the status reflects the reservation: an agent booking awaits wallet
 * funds (AWAITING_FUNDS / NOT_STARTED); a customer booking awaits its online payment.
 */
export function issuanceView(r: TrainReservation, i: TrainIssuance | null): TrainIssuanceView {
  const window = { internalExpiresAt: iso(r.internalExpiresAt), providerExpiresAt: iso(r.providerExpiresAt) };
  if (!i) {
    const agent = r.bookingUserType !== 'CUSTOMER';
    return {
      paymentReference: r.paymentReference,
      funding: { source: agent ? 'AGENT_WALLET' : 'ONLINE_PAYMENT', status: 'AWAITING_FUNDS', walletDebited: false, duplicatePaymentRequiresReview: false },
      payout: { status: 'NOT_STARTED' },
      issuance: { status: r.status === 'ISSUED' ? 'ISSUED' : r.status === 'CANCELLED' ? 'CANCELLED' : 'NOT_STARTED', ...window },
      failure: null,
    };
  }
  return {
    paymentReference: i.paymentReference,
    funding: { source: 'AGENT_WALLET', status: i.fundingStatus, walletDebited: i.walletDebited, duplicatePaymentRequiresReview: false },
    payout: { status: i.payoutStatus },
    issuance: { status: i.status, ...window },
    failure: i.status === 'PAYOUT_REJECTED' || i.status === 'ISSUE_FAILED' ? i.failure : null,
  };
}
