import { chargePayment, ChargeRecording, confirmCharge } from '../../../shared/payments/gateway-charge.service';
import { ProviderChargeSettlement } from '../../../shared/payments/provider-charge-settlement.service';

import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { FlightPorts } from '../flight.port';
import type { Principal } from '../../../shared/auth/token.service';
import { Role } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { FlightException } from '../errors/flight.exception';
import type { ReservationRepository } from './reservation.repository';
import type { FlightReservation } from './reservation.types';
import { deadlinePassed, FlightPayment, FlightPaymentView, paymentMatches, paymentView, releasedAtDeadline } from '../payments/flight-payment.policy';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';
import type { PaymentGateway } from '../../../shared/payments/payment-gateway.port';
import { checkPaymentRequestId, checkPaymentStart, type PayerPhone, paymentProblemsMessage } from '../../../shared/api-contract/flight-issuance.validator';
import { railFor } from '../../../shared/payments/mobile-money-rails.data';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';

/** Who may record a provider confirmation: administrators and the internal payment service. */
const CONFIRMERS: Role[] = [Role.ADMIN, Role.SUDO, Role.ISSUER];

export interface StartPaymentOutcome {
  /** True: a new payment request was made (REST 201); false: an existing one is answered (200). */
  created: boolean;
  payment: FlightPaymentView;
}

/**
 * Customer online payment for a flight reservation (docs/payments.md). A payment request is a
 * flight_payment row for the reservation's current grand total in its display currency; the
 * provider's confirmation is stored on that row only, never on the reservation, so the issue
 * signal (customer-issuance.service.ts) reads it as independent evidence.
 */
export class FlightPaymentService {
  /**
   * Flight payments as a provider callback or the status poller settles them: the same confirmation as
   * `confirmPayment`; a charge never settled ends CANCELLED, as a decline does (flight payments keep no reason).
   */
  readonly providerSettlement: ProviderChargeSettlement<FlightPayment>;

  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'logger'>,
    private readonly reservations: ReservationRepository,
    private readonly payments: FlightPaymentRepository,
    readonly gateway: PaymentGateway,
  ) {
    this.providerSettlement = new ProviderChargeSettlement(this.payments, () => this.recording(), {
      stillPending: (paymentRequestId) =>
        FlightException.paymentConflict('The payment provider has not confirmed this charge yet', { paymentRequestId, status: 'PENDING' }),
      giveUp: async (id, reason, now) => {
        const moved = await this.payments.setStatus(id, 'CANCELLED', now, ['PENDING']);
        if (moved) this.ports.logger.info('flight payment given up', { paymentRequestId: id, reason });
        return moved;
      },
    });
  }

  async startPayment(
    principal: Principal,
    input: { paymentReference?: string | null; method?: string | null; phoneNumber?: string | null },
  ): Promise<StartPaymentOutcome> {
    const checked = checkPaymentStart(input, this.gateway.methods);
    if ('problems' in checked) throw FlightException.invalidRequest(paymentProblemsMessage(checked.problems), checked.problems);
    const { paymentReference, method, phone } = checked;
    const r = await this.reservations.byPaymentReference(paymentReference);
    if (!r) throw FlightException.reservationNotFound();
    if (r.accountId !== principal.accountId) throw PlatformException.forbidden('This reservation belongs to another account');
    if (r.channel !== 'CUSTOMER')
      throw FlightException.paymentConflict('Agent reservations are paid from the wallet (POST /api/flight/purchase/agent)', { reservationId: r.id });
    const paid = await this.payments.confirmedFor(r);
    if (paid) return { created: false, payment: paymentView(paid) };
    assertPayable(r, this.ports.clock.now());
    // Checked before a request is made: a refused number leaves no payment request behind.
    const payer = { email: principal.email, ...this.mobileMoneyPayer(method, phone, r.price.currency) };

    const { payment, created } = await this.ports.transactor.transaction((m) => this.requestFor(r, method, m));
    if (payment.providerReference || payment.status !== 'PENDING') return { created, payment: paymentView(payment) };
    return { created, payment: paymentView(await chargePayment(payment, this.recording(), payer)) };
  }

  /**
   * A real provider sends a mobile-money prompt to a number over its country's rail, so it needs the payer's number and
   * a rail charging the payment's currency there; the sandbox needs neither (docs/payments.md).
   */
  private mobileMoneyPayer(method: string, phone: PayerPhone | null, currency: string): { phone?: string; rail?: string } {
    if (method !== 'MOBILE_MONEY' || this.gateway.sandbox) return phone ? { phone: phone.e164.replace(/^\+/, '') } : {};
    if (!phone) {
      const problems = [{ field: 'phoneNumber', message: 'is required for mobile money: the number the payment prompt goes to' }];
      throw FlightException.invalidRequest(paymentProblemsMessage(problems), problems);
    }
    const rail = phone.country ? railFor(phone.country, currency) : null;
    if (!rail) {
      const problems = [{ field: 'phoneNumber', message: `no mobile money operator of ${phone.country ?? 'that country'} charges ${currency}` }];
      throw FlightException.invalidRequest(paymentProblemsMessage(problems), problems);
    }
    return { phone: phone.e164.replace(/^\+/, ''), rail: rail.id };
  }

  /** The provider's confirmation (in the sandbox: what its webhook would do). Idempotent. */
  async confirmPayment(principal: Principal, paymentRequestId: string | null | undefined): Promise<FlightPaymentView> {
    if (!CONFIRMERS.includes(principal.role))
      throw PlatformException.forbidden('Confirming a payment needs admin, sudo or internal payment-service authorization');
    const checked = checkPaymentRequestId(paymentRequestId);
    if ('problems' in checked) throw FlightException.invalidRequest(problemsMessage(checked.problems), checked.problems);
    const id = checked.paymentRequestId;
    const payment = await this.payments.byId(id);
    if (!payment) throw FlightException.paymentNotFound();
    if (payment.status === 'CONFIRMED') return paymentView(payment);
    if (payment.status !== 'PENDING')
      throw FlightException.paymentConflict(`This payment is ${payment.status} and cannot be confirmed`, { paymentRequestId: id, status: payment.status });
    if (!payment.providerReference)
      throw FlightException.paymentConflict('No charge was created for this payment; start the payment again', { paymentRequestId: id });
    const stillPending = () =>
      FlightException.paymentConflict('The payment provider has not confirmed this charge yet', { paymentRequestId: id, status: 'PENDING' });
    return paymentView(await confirmCharge(payment, this.recording(), stillPending));
  }

  /**
   * Under the reservation's row lock: answers a confirmed payment or a pending request of the
   * same method and amount, else supersedes other pending requests and makes a new one, so a
   * reservation never has two live payment requests that could both be confirmed.
   */
  private async requestFor(found: FlightReservation, method: string, m: EntityManager): Promise<{ payment: FlightPayment; created: boolean }> {
    const now = this.ports.clock.now();
    const r = (await this.reservations.byId(found.id, m, true))!;
    const existing = await this.payments.ofReservation(r.id, m, true);
    const paid = existing.find((p) => p.status === 'CONFIRMED' && paymentMatches(p, r));
    if (paid) return { payment: paid, created: false };
    assertPayable(r, now);
    const pending = existing.filter((p) => p.status === 'PENDING');
    const same = pending.find((p) => p.method === method && paymentMatches(p, r));
    if (same) return { payment: same, created: false };
    for (const p of pending) await this.payments.setStatus(p.id, 'CANCELLED', now, ['PENDING'], m);
    const payment: FlightPayment = {
      id: randomUUID(),
      reservationId: r.id,
      accountId: r.accountId,
      paymentReference: r.paymentReference,
      amount: r.price.grandTotal,
      currency: r.price.currency,
      status: 'PENDING',
      provider: this.gateway.provider,
      method,
      providerReference: null,
      checkoutUrl: null,
      createdAt: now,
      confirmedAt: null,
      updatedAt: now,
    };
    await this.payments.insert(payment, m);
    return { payment, created: true };
  }

  /** How a flight payment records what the gateway answers (shared/payments/gateway-charge.service.ts). */
  private recording(): ChargeRecording<FlightPayment> {
    const { gateway, payments } = this;
    return { gateway, payments, clock: this.ports.clock, decline: (p, reason) => this.decline(p, reason), markConfirmed: (id) => this.markConfirmed(id) };
  }

  private async decline(payment: FlightPayment, reason: string | undefined): Promise<never> {
    await this.payments.setStatus(payment.id, 'CANCELLED', this.ports.clock.now(), ['PENDING']);
    this.ports.logger.info('flight payment declined', { paymentRequestId: payment.id, reservationId: payment.reservationId });
    throw FlightException.paymentDeclined({ paymentRequestId: payment.id, paymentReference: payment.paymentReference, reason: reason ?? 'declined' });
  }

  /**
   * PENDING → CONFIRMED with confirmed_at. Money that arrives for a reservation another payment
   * already pays is kept as REFUND_REQUIRED instead: it must go back, never pay twice.
   * Locks the reservation row before its payments, in the same order as requestFor.
   */
  private async markConfirmed(id: string): Promise<FlightPayment> {
    const now = this.ports.clock.now();
    const confirmed = await this.ports.transactor.transaction(async (m) => {
      const { reservationId } = (await this.payments.byId(id, m))!;
      if (reservationId) await this.reservations.byId(reservationId, m, true);
      const payment = (await this.payments.byId(id, m, true))!;
      if (payment.status === 'CONFIRMED') return payment;
      if (payment.status !== 'PENDING')
        throw FlightException.paymentConflict(`This payment is ${payment.status} and cannot be confirmed`, { paymentRequestId: id, status: payment.status });
      const others = payment.reservationId ? await this.payments.ofReservation(payment.reservationId, m, true) : [];
      const doubled = others.some((p) => p.id !== id && p.status === 'CONFIRMED');
      await this.payments.setStatus(id, doubled ? 'REFUND_REQUIRED' : 'CONFIRMED', now, ['PENDING'], m, true);
      return (await this.payments.byId(id, m))!;
    });
    this.ports.logger.info('flight payment confirmed', { paymentRequestId: id, reservationId: confirmed.reservationId, status: confirmed.status });
    return confirmed;
  }
}

function assertPayable(r: FlightReservation, now: Date): void {
  if (r.status !== 'TST_CREATED') {
    if (releasedAtDeadline(r)) throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt?.toISOString() });
    throw FlightException.paymentConflict(`This reservation is ${r.status} and cannot be paid`, { reservationId: r.id, status: r.status });
  }
  if (deadlinePassed(r, now)) throw FlightException.reservationExpired({ reservationId: r.id, paymentDeadlineAt: r.paymentDeadlineAt!.toISOString() });
}
