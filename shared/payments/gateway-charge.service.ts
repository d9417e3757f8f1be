import type { Clock } from '../time/clock.port';
import { callPaymentGateway } from './gateway-call.guard';
import { Decimal } from '../money/money.calculator';
import type { Charge, ChargePayer, PaymentGateway } from './payment-gateway.port';

/**
 * A customer's charge on the payment gateway, the same for every booking kind (flight_payment, train_payment): what
 * the provider answers decides the payment's next state; only how a kind records a decline or a confirmation is its own.
 */

/** A payment request as the gateway charges it. */
export interface ChargeablePayment {
  id: string;
  paymentReference: string;
  amount: string;
  currency: string;
  /** One of the gateway's methods; a flight request may have none recorded. */
  method: string | null;
  providerReference: string | null;
}

/** A kind's payment table, as far as a charge writes and reads it. */
export interface ChargedPayments<P> {
  /** Stores the provider's charge (and its hosted checkout link, if any) on a request that is still PENDING. */
  setProviderReference(id: string, providerReference: string, now: Date, checkoutUrl?: string | null): Promise<void>;
  byId(id: string): Promise<P | null>;
}

export interface ChargeRecording<P> {
  gateway: PaymentGateway;
  clock: Clock;
  payments: ChargedPayments<P>;
  /** Records the decline on the kind's payment and throws its declined error. */
  decline(payment: P, reason: string | undefined): Promise<never>;
  /** Records the confirmation the kind's way and answers the payment as it then stands. */
  markConfirmed(id: string): Promise<P>;
}

/**
 * Creates the provider charge (idempotent by payment id) and records what the provider answered. `payer` is who pays,
 * for a real provider (the number a mobile-money prompt goes to, the receipt's email).
 */
export async function chargePayment<P extends ChargeablePayment>(payment: P, recording: ChargeRecording<P>, payer?: ChargePayer): Promise<P> {
  const charge = await callPaymentGateway(() =>
    recording.gateway.createCharge({
      idempotencyKey: payment.id,
      reference: payment.paymentReference,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method ?? '',
      ...(payer ? { payer } : {}),
    }),
  );
  const checkoutUrl = checkedCheckoutUrl(charge.checkoutUrl);
  await recording.payments.setProviderReference(payment.id, charge.providerReference, recording.clock.now(), checkoutUrl);
  const withCharge = { ...payment, providerReference: charge.providerReference, checkoutUrl };
  if (charge.status === 'DECLINED') return recording.decline(withCharge, charge.declineReason);
  if (charge.status === 'CONFIRMED') return recording.markConfirmed(payment.id);
  return (await recording.payments.byId(payment.id)) ?? withCharge;
}

/**
 * The confirmation of a PENDING payment with a charge: the provider's current word on it decides. A real provider
 * must report it CONFIRMED (still pending: `stillPending`'s error); the sandbox stands in for the payer's approval.
 */
export async function confirmCharge<P extends ChargeablePayment>(payment: P, recording: ChargeRecording<P>, stillPending: () => Error): Promise<P> {
  const charge = await callPaymentGateway(() => recording.gateway.chargeStatus(payment.providerReference!));
  if (charge.status === 'DECLINED') return recording.decline(payment, charge.declineReason);
  if (charge.status === 'PENDING' && !recording.gateway.sandbox) throw stillPending();
  // A charge of another amount or currency is not this payment's: it stays PENDING for an operator to reconcile.
  if (!chargedAsExpected(charge, payment)) throw stillPending();
  return recording.markConfirmed(payment.id);
}

/** A provider's checkout link is input too: kept only as an https URL of sensible length, never anything a browser would run. */
export function checkedCheckoutUrl(url: string | undefined): string | null {
  if (!url || url.length > 2048) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** True unless the provider reports a charged amount or currency other than the payment's (compared as decimals, never floats). */
export function chargedAsExpected(charge: Pick<Charge, 'charged'>, expected: { amount: string; currency: string }): boolean {
  if (!charge.charged) return true;
  if (charge.charged.currency !== expected.currency) return false;
  try {
    return new Decimal(charge.charged.amount).equals(new Decimal(expected.amount));
  } catch {
    return false;
  }
}
