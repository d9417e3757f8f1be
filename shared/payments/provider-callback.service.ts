import type { DataSource } from 'typeorm';
import type { PaymentProviderConfig } from '../config/payments.config';
import { AppError } from '../errors/app-error.exception';
import type { Logger } from '../logging/logger';
import type { Clock } from '../time/clock.port';
import { callPaymentGateway } from './gateway-call.guard';
import { FlutterwaveCallbackVerifier, MAX_CALLBACK_BYTES, type ExpectedCharges } from './flutterwave/flutterwave-callback.verifier';
import { FlutterwavePaymentGateway } from './flutterwave/flutterwave-payment-gateway.adapter';
import { PaymentCallbackRepository } from './payment-callback.repository';
import type { PaymentGateway } from './payment-gateway.port';

/** The providers whose callbacks we receive, as the REST path names them. */
export const CALLBACK_PROVIDERS = ['flutterwave'] as const;
export type CallbackProvider = (typeof CALLBACK_PROVIDERS)[number];

/**
 * What a provider callback came to, for the answer to the provider (every one a 200: the provider must stop sending it):
 * the payment confirmed (or already confirmed by this transaction), declined, still pending, a transaction that does
 * not match its charge (logged for an operator, never confirmed), or a charge of another booking kind.
 */
export type ProviderCallbackOutcome = 'CONFIRMED' | 'DUPLICATE' | 'DECLINED' | 'PENDING' | 'MISMATCH' | 'NOT_OURS';

/** A booking kind's payments, as a callback or the status poller settles them. */
export interface ProviderSettledPayments extends ExpectedCharges {
  /**
   * Asks the provider for the charge of a PENDING payment and records its word, through the same path as the kind's
   * confirmation (idempotent: a payment no longer PENDING is left as it is). Answers the payment's status then.
   */
  settleWithProvider(paymentId: string): Promise<string>;
}

/** The verified outcomes that name one of this kind's payments, as the provider is answered. */
const SETTLED_OUTCOME: Record<'confirmed' | 'ignored-duplicate' | 'declined' | 'pending', ProviderCallbackOutcome> = {
  confirmed: 'CONFIRMED',
  'ignored-duplicate': 'DUPLICATE',
  declined: 'DECLINED',
  pending: 'PENDING',
};

export interface ProviderCallbackAnswer {
  outcome: ProviderCallbackOutcome;
  paymentId: string | null;
  paymentStatus: string | null;
}

/** The provider is not the one PAYMENTS_PROVIDER selects (or the sandbox is): nothing here may act on its callbacks. */
export class PaymentCallbackException extends AppError {
  static notConfigured(provider: string): PaymentCallbackException {
    return new PaymentCallbackException('PAYMENT_PROVIDER_NOT_CONFIGURED', 404, `This platform takes no callbacks from ${provider}`);
  }
  static forged(): PaymentCallbackException {
    return new PaymentCallbackException('PAYMENT_CALLBACK_UNVERIFIED', 401, 'The callback does not carry the secret hash this platform was given');
  }
  static tooLarge(): PaymentCallbackException {
    return new PaymentCallbackException('PAYMENT_CALLBACK_INVALID', 400, `A callback body is at most ${MAX_CALLBACK_BYTES} bytes`);
  }
}

/**
 * A provider's callback (webhook) for one booking kind: verified as the provider specifies (Flutterwave: the secret
 * hash, then its verify endpoint, exact amount and reference, one confirmation per transaction: see
 * flutterwave-callback.verifier.ts), then settled through the kind's own confirmation, which asks the provider again.
 * A callback is only a hint to look: nothing in its body confirms anything.
 */
export class ProviderCallbackService {
  constructor(
    private readonly verifier: FlutterwaveCallbackVerifier | null,
    private readonly payments: ProviderSettledPayments,
    private readonly logger: Logger,
  ) {}

  async receive(provider: string, signature: string | null, body: string): Promise<ProviderCallbackAnswer> {
    if (!this.verifier || provider !== 'flutterwave') throw PaymentCallbackException.notConfigured(provider);
    if (Buffer.byteLength(body, 'utf8') > MAX_CALLBACK_BYTES) throw PaymentCallbackException.tooLarge();
    const verified = await callPaymentGateway(() => this.verifier!.verify({ verifHash: signature ?? undefined, body }));
    switch (verified.outcome) {
      case 'refused-forged':
        this.logger.warn('a payment callback without the right secret hash was refused', { provider });
        throw PaymentCallbackException.forged();
      case 'not-ours':
        return { outcome: 'NOT_OURS', paymentId: null, paymentStatus: null };
      case 'refused-mismatch':
        this.logger.warn('a payment callback does not match its charge: nothing confirmed', {
          provider,
          transactionId: verified.transactionId,
          reason: verified.reason,
        });
        return { outcome: 'MISMATCH', paymentId: null, paymentStatus: null };
      default: {
        // confirmed, ignored-duplicate (re-applied: a crash may have come between the claim and the confirmation),
        // declined, pending: the kind's confirmation asks the provider and records what it says.
        const paymentStatus = await this.payments.settleWithProvider(verified.paymentId);
        const outcome = SETTLED_OUTCOME[verified.outcome];
        this.logger.info('payment callback received', {
          provider,
          transactionId: verified.transactionId,
          paymentId: verified.paymentId,
          outcome,
          paymentStatus,
        });
        return { outcome, paymentId: verified.paymentId, paymentStatus };
      }
    }
  }
}

/** The callback service of one booking kind, for the provider PAYMENTS_PROVIDER selects (none for the sandbox). */
export function createProviderCallbackService(
  config: PaymentProviderConfig,
  gateway: PaymentGateway,
  payments: ProviderSettledPayments,
  dataSource: DataSource,
  clock: Clock,
  logger: Logger,
): ProviderCallbackService {
  const verifier =
    config.provider === 'flutterwave' && gateway instanceof FlutterwavePaymentGateway
      ? new FlutterwaveCallbackVerifier(config.flutterwave.webhookSecretHash, gateway, payments, new PaymentCallbackRepository(dataSource), clock)
      : null;
  return new ProviderCallbackService(verifier, payments, logger);
}
