import { Decimal, formatAmount } from '../../../shared/money/money.calculator';
import type { ReservationStatus } from '../../../shared/api-contract/flight-reservation.contract';
import type { FlightOfferPrice } from '../pricing/flight-pricing.calculator';

/**
 * What a payment rule reads of a reservation. Named here, not taken from reservations/, so that payments stay below
 * the reservation flows that use them (reservations import payments, never the other way).
 */
export interface PayableReservation {
  id: string;
  accountId: string;
  paymentReference: string;
  price: FlightOfferPrice;
  status: ReservationStatus;
  paymentDeadlineAt: Date | null;
  cancelledAt: Date | null;
}

/** flight_payment.status (migration 1763800000320). */
export type FlightPaymentStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'REFUND_PENDING' | 'REFUNDED' | 'REFUND_REQUIRED';

/** One customer payment request (id = paymentRequestId), kept apart from the reservation workflow. */
export interface FlightPayment {
  id: string;
  reservationId: string | null;
  accountId: string;
  paymentReference: string;
  /** Decimal string as stored (DECIMAL(20,4)). */
  amount: string;
  currency: string;
  status: FlightPaymentStatus;
  provider: string;
  method: string | null;
  providerReference: string | null;
  /** The provider's hosted page the payer completes a PENDING charge on (a real provider's card payment); null otherwise. */
  checkoutUrl: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  updatedAt: Date;
}

/**
 * The exact match rule: a payment counts for a reservation only when the paying account owns
 * it, it carries the reservation's payment reference, and amount and currency are the
 * reservation's current grand total in its display currency. Status is checked by the caller
 * (only CONFIRMED pays). Amounts compare as decimals ("85.4" = "85.4000"); anything unparsable
 * never matches.
 */
export function paymentMatches(
  payment: Pick<FlightPayment, 'accountId' | 'paymentReference' | 'amount' | 'currency'>,
  reservation: Pick<PayableReservation, 'accountId' | 'paymentReference' | 'price'>,
): boolean {
  if (payment.accountId !== reservation.accountId) return false;
  if (payment.paymentReference !== reservation.paymentReference) return false;
  if (!reservation.price || payment.currency !== reservation.price.currency) return false;
  try {
    return new Decimal(payment.amount).equals(new Decimal(reservation.price.grandTotal));
  } catch {
    return false;
  }
}

/** The API form of a payment (GraphQL FlightPaymentType). */
export function paymentView(p: FlightPayment) {
  let amount = p.amount;
  try {
    amount = formatAmount(new Decimal(p.amount), p.currency);
  } catch {
    // keep the stored text
  }
  return {
    paymentRequestId: p.id,
    reservationId: p.reservationId,
    paymentReference: p.paymentReference,
    amount,
    currency: p.currency,
    method: p.method,
    status: p.status,
    provider: p.provider,
    providerReference: p.providerReference,
    checkoutUrl: p.checkoutUrl,
    createdAt: p.createdAt.toISOString(),
    confirmedAt: p.confirmedAt?.toISOString() ?? null,
  };
}

export type FlightPaymentView = ReturnType<typeof paymentView>;

/** The payment deadline has passed (a reservation without one never expires this way). */
export function deadlinePassed(r: Pick<PayableReservation, 'paymentDeadlineAt'>, now: Date): boolean {
  return !!r.paymentDeadlineAt && r.paymentDeadlineAt.getTime() <= now.getTime();
}

/** Cancelled by the deadline release (reservation-expiry job), not by a customer: answered 410, not 409. */
export function releasedAtDeadline(r: Pick<PayableReservation, 'status' | 'cancelledAt' | 'paymentDeadlineAt'>): boolean {
  return r.status === 'CANCELLED' && !!r.cancelledAt && !!r.paymentDeadlineAt && r.cancelledAt.getTime() >= r.paymentDeadlineAt.getTime();
}
