import type { EntityManager } from 'typeorm';
import type { TrainPorts } from '../train-ports.type';
import { type IssuanceFunding, issuingRow, type TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import { TRAIN_JOBS } from '../jobs/train.jobs';
import { paymentMatches, TrainPayment } from './train-payment.policy';
import type { TrainPaymentRepository } from './train-payment.repository';
import type { PayableReservations, ReservationForPayment } from './reservation-for-payment.port';
import { TrainEvents } from '../webhooks/train-events';

export type SettlementOutcome = 'ATTACHED' | 'ALREADY_ATTACHED' | 'REFUND_REQUIRED' | 'WAITING';

/**
 * Reattaches confirmed payment evidence to its reservation (reserve rule 7). The confirmation itself is stored
 * on train_payment first, in its own transaction, so it survives whatever happens to the reservation; this
 * step then takes the reservation's row lock and pays it only while it is RESERVED and the payment matches
 * exactly (owner, reference, frozen quote amount and currency): tickets PAID, the issuance row (funding
 * ONLINE_PAYMENT) and the train-issuance job, all in one transaction. The expiry job takes the same lock and
 * checks the same evidence before it cancels, so a payment and a cancellation can never both win.
 */
export class TrainPaymentSettlement {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'transactor' | 'logger' | 'outbox' | 'webhooks'>,
    private readonly reservations: PayableReservations,
    private readonly payments: TrainPaymentRepository,
    private readonly issuances: TrainIssuanceRepository,
  ) {}

  /** Settles one confirmed payment in its own transaction. */
  async settle(paymentId: string): Promise<SettlementOutcome> {
    return this.ports.transactor.transaction(async (m) => {
      const { reservationId } = (await this.payments.byId(paymentId, m))!;
      // Reservation row first, then payments: the same lock order as the expiry job and payment requests.
      const r = (await this.reservations.byId(reservationId, m, true))!;
      const payment = (await this.payments.byId(paymentId, m, true))!;
      return this.settleLocked(r, payment, m);
    });
  }

  /**
   * For the expiry job, under the reservation lock it already holds: true when a confirmed payment pays the
   * reservation (attaching it now if a crash left it unattached), so the reservation must not be cancelled.
   */
  async paidByEvidence(r: ReservationForPayment, m: EntityManager): Promise<boolean> {
    const confirmed = (await this.payments.ofReservation(r.id, m, true)).filter((p) => p.status === 'CONFIRMED');
    for (const payment of confirmed) {
      const outcome = await this.settleLocked(r, payment, m);
      if (outcome === 'ATTACHED' || outcome === 'ALREADY_ATTACHED') return true;
    }
    return false;
  }

  private async settleLocked(r: ReservationForPayment, payment: TrainPayment, m: EntityManager): Promise<SettlementOutcome> {
    if (payment.status !== 'CONFIRMED') return payment.status === 'REFUND_REQUIRED' ? 'REFUND_REQUIRED' : 'WAITING';
    if (payment.attachedAt) return 'ALREADY_ATTACHED';
    const now = this.ports.clock.now();
    const quotes = await this.payments.quotesOf(r.id, m);
    // A reservation still awaiting support (workflow start unconfirmed) keeps the money confirmed and unattached.
    if (r.status === 'WORKFLOW_UNCONFIRMED' || r.status === 'PENDING') return 'WAITING';
    const exactMatch = paymentMatches(payment, r, quotes);
    if (r.status !== 'RESERVED' || !exactMatch) {
      // Paid already by another payment, cancelled, or not an exact match: this money must go back.
      if (await this.payments.setStatus(payment.id, 'REFUND_REQUIRED', now, ['CONFIRMED'], m)) await this.confirmed(m, payment.id, r.status);
      this.ports.logger.warn('train payment cannot pay its reservation; refund required', {
        paymentId: payment.id,
        reservationId: r.id,
        reservationStatus: r.status,
        exactMatch,
      });
      return 'REFUND_REQUIRED';
    }
    await this.reservations.update(r.id, { status: 'PAID', lastError: null }, now, m, ['RESERVED']);
    await this.reservations.setTicketStatus(r.id, 'PAID', now, m);
    await this.payments.markAttached(payment.id, now, m);
    const funding: IssuanceFunding = {
      fundingSource: 'ONLINE_PAYMENT',
      fundingStatus: 'ONLINE_PAYMENT_CONFIRMED',
      walletId: null,
      paymentId: payment.id,
      amount: r.paymentRequired!,
      currency: r.paymentCurrency ?? 'TZS',
    };
    await this.issuances.insert(issuingRow(r, funding, null, now), m);
    await this.ports.outbox.enqueue(m, TRAIN_JOBS.issuance.of({ reservationId: r.id }));
    await this.confirmed(m, payment.id, 'PAID');
    this.ports.logger.info('train payment attached; issuance queued', { paymentId: payment.id, reservationId: r.id, paymentReference: r.paymentReference });
    return 'ATTACHED';
  }

  /**
   * train.payment.confirmed, once per payment: when its confirmation is settled (it pays the reservation, or must be
   * refunded), so data is the confirmation's answer as it then stands. Both writes before it are guarded (an attached
   * payment is not settled again; REFUND_REQUIRED only from CONFIRMED).
   */
  private async confirmed(m: EntityManager, paymentId: string, reservationStatus: string): Promise<void> {
    await new TrainEvents(this.ports).paymentConfirmed(m, (await this.payments.byId(paymentId, m))!, reservationStatus);
  }
}
