import { chargePayment, ChargeRecording, confirmCharge } from '../../../shared/payments/gateway-charge.service';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../shared/auth/token.service';
import { Role } from '../../../shared/auth/roles.types';
import type { PaymentGateway } from '../../../shared/payments/payment-gateway.port';
import type { TrainPorts } from '../train-ports.type';
import { amountField, checkTrainDeposit, checkTrainPaymentId, TrainDeposit, TrainDepositInput } from '../../../shared/api-contract/train-deposit.validator';
import { MobileMoneyRail, mobileMoneyCurrencies, railFor } from '../../../shared/payments/mobile-money-rails.data';
import { checkCharge, DepositOperation, TrainPayment } from './train-payment.policy';
import { TrainPaymentException } from './train-payment.exception';
import type { TrainPaymentRepository } from './train-payment.repository';
import type { TrainPaymentQuoteService } from './train-payment-quote.service';
import type { TrainPaymentSettlement } from './train-payment-settlement.service';
import type { PayableReservations, ReservationForPayment } from './reservation-for-payment.port';
import { trainPaymentView, TrainPaymentView } from './train-payment.view';
import { ProviderChargeSettlement } from '../../../shared/payments/provider-charge-settlement.service';

/** Who may record a provider confirmation: administrators and the internal payment service. */
const CONFIRMERS: Role[] = [Role.ADMIN, Role.SUDO, Role.ISSUER];
/** Sandbox: this card token is declined by the issuer (docs/sandbox.md). */
export const SANDBOX_DECLINED_CARD_TOKEN = 'tok_sandbox_declined';
/** Sandbox: a payer number ending in these digits rejects the prompt on the handset. */
export const SANDBOX_REJECTING_PHONE_SUFFIX = '000';

export interface TrainDepositOutcome {
  /** True: a new charge was made (REST 201 or 202); false: an existing payment is answered (200). */
  created: boolean;
  payment: TrainPaymentView;
}

/**
 * Customer online payment of an SGR reservation: card, mobile (a prompt on the payer's phone over their own
 * country's rail) and mobile-money (a named operator rail) deposits on the payment gateway. Each charge is the
 * frozen quote plus the method's processing fee; the confirmation is stored on train_payment and then settled
 * against the reservation (train-payment-settlement.service.ts), which starts issuance.
 */
export class TrainPaymentService {
  /**
   * Train payments as a provider callback or the status poller settles them: the same confirmation as `confirm`; a
   * charge never settled ends CANCELLED with the reason, as a decline does.
   */
  readonly providerSettlement: ProviderChargeSettlement<TrainPayment>;

  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'transactor' | 'logger'>,
    private readonly reservations: PayableReservations,
    private readonly payments: TrainPaymentRepository,
    private readonly quotes: TrainPaymentQuoteService,
    private readonly settlement: TrainPaymentSettlement,
    readonly gateway: PaymentGateway,
  ) {
    this.providerSettlement = new ProviderChargeSettlement(this.payments, () => this.recording(), {
      stillPending: (paymentId) => TrainPaymentException.conflict('The payment provider has not confirmed this charge yet', { paymentId, status: 'PENDING' }),
      giveUp: (id, reason, now) => this.payments.setStatus(id, 'CANCELLED', now, ['PENDING'], undefined, { declineReason: reason }),
    });
  }

  async deposit(principal: Principal, operation: DepositOperation, input: TrainDepositInput): Promise<TrainDepositOutcome> {
    const checked = checkTrainDeposit(operation, input ?? {});
    if ('problems' in checked) throw TrainPaymentException.invalid(checked.problems);
    const parsed = checked.deposit;
    const r = await this.reservations.byPaymentReference(parsed.paymentReference);
    if (!r) throw TrainPaymentException.reservationNotFound(parsed.paymentReference);
    if (r.accountId !== principal.accountId) throw TrainPaymentException.notOwner();
    if (r.bookingUserType !== 'CUSTOMER')
      throw TrainPaymentException.notPayable(
        r.status,
        'Agent reservations are paid from the agent wallet (POST /api/trip/train/ticket/{paymentReference}/issue)',
      );
    const paid = (await this.payments.ofReservation(r.id)).find((p) => p.attachedAt);
    if (paid) return { created: false, payment: trainPaymentView(paid) };
    this.assertPayable(r);

    const rail = this.railOf(operation, parsed);
    const quote = (await this.quotes.quote(r, parsed.currency, principal.accountId))!;
    const charge = checkCharge(quote.amount, quote.currency, parsed.requested);
    if (!charge.ok) {
      if (charge.reason === 'MALFORMED') throw TrainPaymentException.invalid([{ field: amountField(operation), message: charge.message }]);
      const data = { quote: quote.amount, currency: quote.currency, charged: charge.charged, maxCharge: charge.maxCharge };
      throw charge.reason === 'BELOW_QUOTE' ? TrainPaymentException.amountMismatch(data) : TrainPaymentException.feeTooHigh(data);
    }
    const method = this.methodOf(operation, parsed);
    const { payment, created } = await this.ports.transactor.transaction(async (m) => {
      const now = this.ports.clock.now();
      const locked = (await this.reservations.byId(r.id, m, true))!;
      const existing = await this.payments.ofReservation(r.id, m, true);
      const attached = existing.find((p) => p.attachedAt);
      if (attached) return { payment: attached, created: false };
      this.assertPayable(locked);
      const pending = existing.filter((p) => p.status === 'PENDING');
      const same = pending.find(
        (p) =>
          p.operation === operation && p.method === method && p.currency === quote.currency && p.amount === charge.charged && p.rail === (rail?.id ?? null),
      );
      if (same) return { payment: same, created: false };
      // One live request per reservation: a new one supersedes the others, so two can never both be confirmed.
      for (const p of pending)
        await this.payments.setStatus(p.id, 'CANCELLED', now, ['PENDING'], m, { declineReason: 'superseded by a newer payment request' });
      const fresh: TrainPayment = {
        id: randomUUID(),
        reservationId: r.id,
        paymentReference: r.paymentReference,
        accountId: r.accountId,
        operation,
        method,
        provider: this.gateway.provider,
        amount: charge.charged,
        currency: quote.currency,
        quoteAmount: quote.amount,
        processingFee: charge.fee,
        rail: rail?.id ?? null,
        payerCountry: parsed.phone?.country ?? null,
        status: 'PENDING',
        providerReference: null,
        checkoutUrl: null,
        declineReason: null,
        confirmedAt: null,
        attachedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.payments.insert(fresh, m);
      return { payment: fresh, created: true };
    });
    if (payment.providerReference || payment.status !== 'PENDING') return { created, payment: trainPaymentView(payment) };
    const payer = { email: principal.email, ...(parsed.phone ? { phone: parsed.phone.e164.replace(/^\+/, '') } : {}), ...(rail ? { rail: rail.id } : {}) };
    return { created, payment: trainPaymentView(await chargePayment(payment, this.recording(), payer)) };
  }

  /** The provider's confirmation (sandbox: what its webhook would do). Idempotent. */
  async confirm(principal: Principal, paymentId: string | null | undefined): Promise<TrainPaymentView> {
    if (!CONFIRMERS.includes(principal.role)) throw TrainPaymentException.confirmersOnly();
    const checked = checkTrainPaymentId(paymentId);
    if ('problems' in checked) throw TrainPaymentException.invalid(checked.problems);
    const id = checked.paymentId;
    const payment = await this.payments.byId(id);
    if (!payment) throw TrainPaymentException.paymentNotFound();
    if (payment.status === 'CONFIRMED' || payment.status === 'REFUND_REQUIRED') return trainPaymentView(await this.settled(payment.id));
    if (payment.status !== 'PENDING')
      throw TrainPaymentException.conflict(`This payment is ${payment.status} and cannot be confirmed`, { paymentId: id, status: payment.status });
    if (!payment.providerReference) throw TrainPaymentException.conflict('No charge was created for this payment; start the payment again', { paymentId: id });
    const stillPending = () => TrainPaymentException.conflict('The payment provider has not confirmed this charge yet', { paymentId: id, status: 'PENDING' });
    return trainPaymentView(await confirmCharge(payment, this.recording(), stillPending));
  }

  /** Mobile money only works for a payer of the rail's country, in the rail's currency. */
  private railOf(operation: DepositOperation, parsed: TrainDeposit): MobileMoneyRail | null {
    if (operation === 'CARD') return null;
    const payerCountry = parsed.phone!.country;
    const data = { currency: parsed.currency, payerCountry, mobileMoneyCurrencies: mobileMoneyCurrencies(payerCountry) };
    if (operation === 'MOBILE') {
      const rail = payerCountry ? railFor(payerCountry, parsed.currency) : null;
      if (!rail)
        throw TrainPaymentException.unsupportedByMno(
          `No mobile money operator of the payer's country (${payerCountry ?? 'unknown'}) charges ${parsed.currency}`,
          data,
        );
      return rail;
    }
    const rail = parsed.rail!;
    if (rail.currency !== parsed.currency) {
      throw TrainPaymentException.unsupportedByMno(`${rail.operator} charges ${rail.currency} only`, {
        ...data,
        rail: rail.id,
        railCountry: rail.country,
        railCurrency: rail.currency,
      });
    }
    if (payerCountry !== rail.country) {
      throw TrainPaymentException.unsupportedByMno(
        `${rail.operator} accepts only ${rail.country} numbers; the payer number is from ${payerCountry ?? 'no country'}`,
        {
          ...data,
          rail: rail.id,
          railCountry: rail.country,
          railCurrency: rail.currency,
        },
      );
    }
    return rail;
  }

  /** The gateway method; the sandbox decline triggers only exist on the simulator. */
  private methodOf(operation: DepositOperation, parsed: TrainDeposit): string {
    const sandbox = this.gateway.sandbox;
    if (operation === 'CARD') return sandbox && parsed.cardToken === SANDBOX_DECLINED_CARD_TOKEN ? 'CARD_DECLINED' : 'CARD';
    return sandbox && parsed.phone!.nationalNumber.endsWith(SANDBOX_REJECTING_PHONE_SUFFIX) ? 'MOBILE_MONEY_DECLINED' : 'MOBILE_MONEY';
  }

  private assertPayable(r: ReservationForPayment): void {
    if (r.status === 'CANCELLING' || r.status === 'CANCELLED')
      throw TrainPaymentException.expired({ paymentReference: r.paymentReference, status: 'CANCELLED' });
    if (r.status !== 'RESERVED') throw TrainPaymentException.notPayable(r.status, `This reservation is ${r.status} and cannot be paid`);
    if (!r.expiresAt || r.expiresAt.getTime() <= this.ports.clock.now().getTime()) {
      throw TrainPaymentException.expired({ paymentReference: r.paymentReference, expiresAt: r.expiresAt?.toISOString() ?? null });
    }
  }

  /** How a train payment records what the gateway answers (shared/payments/gateway-charge.service.ts). */
  private recording(): ChargeRecording<TrainPayment> {
    const { gateway, payments } = this;
    return { gateway, payments, clock: this.ports.clock, decline: (p, reason) => this.decline(p, reason), markConfirmed: (id) => this.markConfirmed(id) };
  }

  private async decline(payment: TrainPayment, reason: string | undefined): Promise<never> {
    await this.payments.setStatus(payment.id, 'CANCELLED', this.ports.clock.now(), ['PENDING'], undefined, { declineReason: reason ?? 'declined' });
    this.ports.logger.info('train payment declined', { paymentId: payment.id, reservationId: payment.reservationId, operation: payment.operation });
    throw TrainPaymentException.declined({ paymentId: payment.id, paymentReference: payment.paymentReference, reason: reason ?? 'declined' });
  }

  /** Stores the confirmation on its own (rule 7), then settles it against the reservation. */
  private async markConfirmed(id: string): Promise<TrainPayment> {
    const moved = await this.payments.setStatus(id, 'CONFIRMED', this.ports.clock.now(), ['PENDING']);
    const current = (await this.payments.byId(id))!;
    if (!moved && current.status !== 'CONFIRMED' && current.status !== 'REFUND_REQUIRED') {
      throw TrainPaymentException.conflict(`This payment is ${current.status} and cannot be confirmed`, { paymentId: id, status: current.status });
    }
    this.ports.logger.info('train payment confirmed', { paymentId: id, reservationId: current.reservationId, operation: current.operation });
    return this.settled(id);
  }

  private async settled(id: string): Promise<TrainPayment> {
    await this.settlement.settle(id);
    return (await this.payments.byId(id))!;
  }
}
