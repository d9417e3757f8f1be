import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../time/clock.port';
import { chargedAsExpected } from '../gateway-charge.service';
import type { ConfirmedTransactions } from '../payment-callback.repository';
import { chargeOf, FlutterwavePaymentGateway } from './flutterwave-payment-gateway.adapter';

/** A webhook body larger than this is not Flutterwave's (its events are a few kilobytes). */
export const MAX_CALLBACK_BYTES = 65_536;

/** The payment one of our charge references belongs to, and what it must be paid. */
export interface ExpectedCharge {
  paymentId: string;
  amount: string;
  currency: string;
}

export interface ExpectedCharges {
  /** Null when the reference is not one of our charges. */
  byChargeReference(chargeReference: string): Promise<ExpectedCharge | null>;
}

/**
 * What a callback comes to. Only `confirmed` may confirm the payment; `ignored-duplicate` names the payment too, so
 * the caller may re-apply its (idempotent, PENDING-only) confirmation after a crash between claim and confirmation.
 */
export type CallbackOutcome =
  | { outcome: 'confirmed'; paymentId: string; transactionId: string }
  | { outcome: 'ignored-duplicate'; paymentId: string; transactionId: string }
  | { outcome: 'refused-forged' }
  | { outcome: 'not-ours'; transactionId: string }
  | { outcome: 'refused-mismatch'; transactionId: string | null; reason: string }
  | { outcome: 'pending'; paymentId: string; transactionId: string }
  | { outcome: 'declined'; paymentId: string; transactionId: string; reason: string };

export interface FlutterwaveCallback {
  /** The `verif-hash` header, as received. */
  verifHash: string | undefined;
  /** The raw body. */
  body: string;
}

/**
 * Flutterwave webhooks (`charge.completed`): the `verif-hash` header must equal our secret hash (compared in constant
 * time). Past that, the body is only a hint of which transaction to look at: the outcome, amount, currency and
 * reference come from Flutterwave's verify endpoint and must match our charge exactly, and a transaction confirms at
 * most one charge once (payment_callback). A PaymentGatewayError (Flutterwave unreachable) propagates: the route
 * answers 5xx and Flutterwave delivers again.
 */
export class FlutterwaveCallbackVerifier {
  private readonly expectedHash: Buffer;

  constructor(
    webhookSecretHash: string,
    private readonly gateway: Pick<FlutterwavePaymentGateway, 'transactionById' | 'provider'>,
    private readonly charges: ExpectedCharges,
    private readonly confirmed: ConfirmedTransactions,
    private readonly clock: Clock,
  ) {
    this.expectedHash = digest(webhookSecretHash);
  }

  async verify(callback: FlutterwaveCallback): Promise<CallbackOutcome> {
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (callback.verifHash === undefined || !timingSafeEqual(digest(callback.verifHash), this.expectedHash)) return { outcome: 'refused-forged' };
    const hinted = transactionIdOf(callback.body);
    if (!hinted) return { outcome: 'refused-mismatch', transactionId: null, reason: 'the body names no transaction id' };

    const transaction = await this.gateway.transactionById(hinted.id);
    if (hinted.txRef !== null && hinted.txRef !== transaction.txRef)
      return { outcome: 'refused-mismatch', transactionId: transaction.id, reason: 'the body names another charge reference than Flutterwave' };
    const expected = await this.charges.byChargeReference(transaction.txRef);
    // Another booking kind's charge (each kind asks of its own payments), or nobody's.
    if (!expected) return { outcome: 'not-ours', transactionId: transaction.id };

    const charge = chargeOf(transaction);
    if (charge.status === 'PENDING') return { outcome: 'pending', paymentId: expected.paymentId, transactionId: transaction.id };
    if (charge.status === 'DECLINED')
      return { outcome: 'declined', paymentId: expected.paymentId, transactionId: transaction.id, reason: charge.declineReason ?? 'declined' };
    if (!chargedAsExpected(charge, expected)) {
      const reason = `Flutterwave charged ${transaction.amount} ${transaction.currency}, the payment is ${expected.amount} ${expected.currency}`;
      return { outcome: 'refused-mismatch', transactionId: transaction.id, reason };
    }
    const claim = await this.confirmed.claim({
      provider: this.gateway.provider,
      transactionId: transaction.id,
      chargeReference: transaction.txRef,
      amount: transaction.amount,
      currency: transaction.currency,
      receivedAt: this.clock.now(),
    });
    if (claim === 'same-transaction') return { outcome: 'ignored-duplicate', paymentId: expected.paymentId, transactionId: transaction.id };
    // A second successful transaction on a charge already paid: money to give back, never a second confirmation.
    if (claim === 'other-transaction')
      return { outcome: 'refused-mismatch', transactionId: transaction.id, reason: 'another transaction already confirmed this charge (refund it)' };
    return { outcome: 'confirmed', paymentId: expected.paymentId, transactionId: transaction.id };
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The transaction id (and the reference, when given) a webhook body names; null for anything else. */
function transactionIdOf(body: string): { id: string; txRef: string | null } | null {
  if (body.length > MAX_CALLBACK_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const data = (parsed as { data?: { id?: unknown; tx_ref?: unknown; txRef?: unknown } } | null)?.data;
  const id = data?.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,20}$/.test(String(id))) return null;
  const txRef = data?.tx_ref ?? data?.txRef;
  return { id: String(id), txRef: typeof txRef === 'string' ? txRef : null };
}
