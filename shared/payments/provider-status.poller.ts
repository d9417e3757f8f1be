import type { PaymentStatusPollConfig } from '../config/payments.config';
import type { Logger } from '../logging/logger';
import type { Clock } from '../time/clock.port';
import type { PaymentGateway } from './payment-gateway.port';
import type { ProviderSettledPayments } from './provider-callback.service';

/** Charges asked about per run: PENDING charges at a real provider are few; the oldest go first, the rest next run. */
export const STATUS_POLL_BATCH = 50;

/** A PENDING charge the poller may ask about. */
export interface PendingCharge {
  id: string;
  createdAt: Date;
}

/** A kind's PENDING charges at the provider, and how it gives one up. */
export interface PolledPayments extends Pick<ProviderSettledPayments, 'settleWithProvider'> {
  /** PENDING payments with a charge at `provider`, untouched since `before`, oldest first (the (status, updated_at) index). */
  pendingAtProvider(provider: string, before: Date, limit: number): Promise<PendingCharge[]>;
  /** Touches the payment, so the next run waits a full period before asking again. */
  notePolled(id: string, now: Date): Promise<void>;
  /** Ends a charge the provider never settled (PENDING → the kind's declined state, with the reason). */
  giveUp(id: string, reason: string, now: Date): Promise<boolean>;
}

/**
 * Asks the provider about charges whose callback is late (docs/decisions.md "Payment provider"): each PENDING charge
 * untouched for PAYMENT_STATUS_POLL_AFTER_SECONDS goes through the kind's settlement, the same path a verified callback
 * takes, so a lost callback still confirms or declines the payment, and a callback arriving later finds it settled. A
 * charge still PENDING PAYMENT_PENDING_MAX_HOURS after it was made is given up as a timeout. Nothing for the sandbox.
 */
export class ProviderStatusPoller {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly payments: PolledPayments,
    private readonly config: PaymentStatusPollConfig,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async run(): Promise<{ asked: number; settled: number; gaveUp: number }> {
    if (this.gateway.sandbox) return { asked: 0, settled: 0, gaveUp: 0 };
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.config.afterSeconds * 1000);
    const oldest = now.getTime() - this.config.maxPendingHours * 3_600_000;
    let asked = 0;
    let settled = 0;
    let gaveUp = 0;
    for (const charge of await this.payments.pendingAtProvider(this.gateway.provider, before, STATUS_POLL_BATCH)) {
      await this.payments.notePolled(charge.id, now);
      asked++;
      try {
        const status = await this.payments.settleWithProvider(charge.id);
        if (status !== 'PENDING') {
          settled++;
          this.logger.info('a late charge was settled by asking the provider', { paymentId: charge.id, status });
          continue;
        }
      } catch (error) {
        this.logger.warn('the payment provider could not be asked about a pending charge', { paymentId: charge.id, reason: (error as Error).message });
      }
      if (charge.createdAt.getTime() < oldest) {
        const reason = `timeout: the payment provider did not settle the charge within ${this.config.maxPendingHours} h`;
        if (await this.payments.giveUp(charge.id, reason, now)) {
          gaveUp++;
          this.logger.warn('a pending charge was given up', { paymentId: charge.id, reason });
        }
      }
    }
    return { asked, settled, gaveUp };
  }
}
