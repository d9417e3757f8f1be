import { AppError } from '../errors/app-error.exception';
import { type ChargeablePayment, type ChargeRecording, confirmCharge } from './gateway-charge.service';
import type { ExpectedCharge } from './flutterwave/flutterwave-callback.verifier';
import type { ProviderSettledPayments } from './provider-callback.service';
import type { PendingCharge, PolledPayments } from './provider-status.poller';
import type { PendingChargeRepository } from './pending-charge.repository';

/** Our payment ids are the charge references a provider echoes (Flutterwave's tx_ref): anything else is no payment of ours. */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A kind's payment as the provider's word settles it. */
export type SettledPayment = ChargeablePayment & { status: string; provider: string };

/** The kind's payment rows this needs (train_payment, flight_payment): a payment by id, and the poller's PENDING charges. */
export interface SettledPaymentRows<P extends SettledPayment> {
  byId(id: string): Promise<P | null>;
  readonly pending: PendingChargeRepository;
}

/** How a kind ends a charge the provider never settled, and the error its confirmation answers while still pending. */
export interface SettlementPolicy {
  stillPending(paymentId: string): Error;
  giveUp(id: string, reason: string, now: Date): Promise<boolean>;
}

/**
 * One booking kind's payments as a provider callback or the status poller settles them: the charge a reference names,
 * and the provider's word on a PENDING charge recorded through the same `confirmCharge` path as the kind's own
 * confirmation (it asks the provider again and requires the exact amount), so a payment is confirmed once whichever
 * way the word arrives.
 */
export class ProviderChargeSettlement<P extends SettledPayment> implements ProviderSettledPayments, PolledPayments {
  constructor(
    private readonly rows: SettledPaymentRows<P>,
    private readonly recording: () => ChargeRecording<P>,
    private readonly policy: SettlementPolicy,
  ) {}

  /** The payment a charge reference names, when it is a charge of this kind's provider: what a verified callback must match. */
  async byChargeReference(chargeReference: string): Promise<ExpectedCharge | null> {
    const payment = PAYMENT_ID.test(chargeReference) ? await this.rows.byId(chargeReference) : null;
    return payment && payment.providerReference === chargeReference && payment.provider === this.recording().gateway.provider
      ? { paymentId: payment.id, amount: payment.amount, currency: payment.currency }
      : null;
  }

  /**
   * Asks the provider about a PENDING charge and records its word; a payment no longer PENDING is left as it is. Its
   * refusals (declined, still pending) become the payment's status; a provider that cannot be reached (503) still
   * throws, so the provider delivers again and the poller tries again.
   */
  async settleWithProvider(paymentId: string): Promise<string> {
    try {
      const payment = await this.rows.byId(paymentId);
      if (!payment || payment.status !== 'PENDING' || !payment.providerReference) return payment?.status ?? 'UNKNOWN';
      return (await confirmCharge(payment, this.recording(), () => this.policy.stillPending(paymentId))).status;
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 503) throw error;
      return (await this.rows.byId(paymentId))?.status ?? 'UNKNOWN';
    }
  }

  pendingAtProvider(provider: string, before: Date, limit: number): Promise<PendingCharge[]> {
    return this.rows.pending.pendingAtProvider(provider, before, limit);
  }

  notePolled(id: string, now: Date): Promise<void> {
    return this.rows.pending.notePolled(id, now);
  }

  giveUp(id: string, reason: string, now: Date): Promise<boolean> {
    return this.policy.giveUp(id, reason, now);
  }
}
