import type { FlightPayment } from '../payments/flight-payment.policy';
import type { FlightReservation } from './reservation.types';

export type CancellationState = 'CANCELLED' | 'REFUND_PENDING' | 'REFUND_REQUIRED';
export type PaymentState = 'NOT_REQUIRED' | 'PENDING' | 'CONFIRMED' | 'MISMATCH' | 'REFUND_PENDING' | 'REFUNDED' | 'REFUND_REQUIRED';

/** The cancellation answer (GraphQL CancellationType, REST POST /api/flight/cancel). */
export interface Cancellation {
  reservationId: string;
  state: CancellationState;
  paymentState: PaymentState;
  refundState: 'REFUNDED' | 'REFUND_PENDING' | 'REFUND_REQUIRED' | null;
  alreadyCancelled: boolean;
  ticketId: string | null;
  bookingReference: string;
  cancelledAt: string | null;
}

/**
 * A cancelled reservation's answer from its row and its payments (newest first). A CANCELLED payment request
 * (declined, or dropped unpaid) took no money: the cancellation reports the newest one that did, or NOT_REQUIRED;
 * CANCELLED is not one of the API's payment states.
 */
export function cancellationView(r: FlightReservation, payments: FlightPayment[], ticketId: string | null, alreadyCancelled: boolean): Cancellation {
  const payment = payments.find((p) => p.status !== 'CANCELLED');
  const paymentState: PaymentState = payment ? (payment.status as PaymentState) : 'NOT_REQUIRED';
  const state = r.status as CancellationState;
  return {
    reservationId: r.id,
    state,
    paymentState,
    refundState: state === 'CANCELLED' ? (paymentState === 'REFUNDED' ? 'REFUNDED' : null) : state,
    alreadyCancelled,
    ticketId,
    bookingReference: r.bookingReference,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  };
}
