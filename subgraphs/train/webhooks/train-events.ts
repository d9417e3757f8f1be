import type { EntityManager } from 'typeorm';
import type { TrainPorts } from '../train-ports.type';
import type { WebhookEventType } from '../../../shared/webhooks/webhook-event.catalogue';
import type { LiveSubject } from '../../../shared/live/live-update.contract';
import { reservationView } from '../reservations/reservation.view';
import type { TrainReservation, TrainTicketRow } from '../reservations/reservation.types';
import { trainPaymentView } from '../payments/train-payment.view';
import type { TrainPayment } from '../payments/train-payment.policy';
import { issuanceCallbackPayload, issuanceView } from '../issuance/train-issuance.view';
import type { TrainIssuance } from '../issuance/train-issuance.repository';

/*
 * The webhook events of train bookings (docs/decisions.md "Webhook events"). Each is recorded by the flow that makes
 * the change, in the transaction that writes it, and only when that transaction's guarded write changed the row, so a
 * retried job records nothing twice. `data` is the resource as its REST answer gives it, from the views the resolvers
 * answer: a reservation or a payment is the `data` member of its answer (those routes keep nulls), an issuance the
 * GET …/issuance body (null members left out) without `payable`, whose quotes are frozen on request, not pushed.
 */

/** The reservation answer (POST /api/trip/train/seat/reserve, its `data`). */
export function trainReservationData(r: TrainReservation, tickets: TrainTicketRow[], now: Date): object {
  return reservationView(r, tickets, now);
}

/** The payment answer (POST /api/trip/train/payments/{paymentId}/confirm, its `data`). */
export function trainPaymentData(payment: TrainPayment): object {
  return trainPaymentView(payment);
}

/** The issuance status (GET /api/trip/train/ticket/{paymentReference}/issuance) without payable. */
export function trainIssuanceData(r: TrainReservation, issuance: TrainIssuance): object {
  return issuanceCallbackPayload(issuanceView(r, issuance));
}

/** Records train events in the caller's transaction. */
export class TrainEvents {
  constructor(private readonly ports: Pick<TrainPorts, 'webhooks'>) {}

  /** train.reservation.created: the provider's reservation is stored and payable (RESERVED). */
  created(m: EntityManager, r: TrainReservation, tickets: TrainTicketRow[], now: Date): Promise<string> {
    return this.record(m, 'train.reservation.created', r.accountId, trainReservationData(r, tickets, now), subject(r.id, r.status));
  }

  /** train.reservation.expired: an unpaid reservation was cancelled at the end of its payment window. */
  expired(m: EntityManager, r: TrainReservation, tickets: TrainTicketRow[], now: Date): Promise<string> {
    return this.record(m, 'train.reservation.expired', r.accountId, trainReservationData(r, tickets, now), subject(r.id, r.status));
  }

  /**
   * train.payment.confirmed: a confirmed payment was settled against its reservation (it pays it, or must be refunded);
   * `reservationStatus` is the reservation's status after the settlement (PAID when it paid it).
   */
  paymentConfirmed(m: EntityManager, payment: TrainPayment, reservationStatus: string): Promise<string> {
    return this.record(m, 'train.payment.confirmed', payment.accountId, trainPaymentData(payment), subject(payment.reservationId, reservationStatus));
  }

  /**
   * train.issuance.issued, payout_rejected or failed, the issuance's final states. The issue request's
   * callbackUrl (checked when it was accepted) is the event's one-off target besides the account's endpoints.
   */
  issuance(
    m: EntityManager,
    type: 'train.issuance.issued' | 'train.issuance.payout_rejected' | 'train.issuance.failed',
    r: TrainReservation,
    issuance: TrainIssuance,
  ): Promise<string> {
    return this.record(m, type, r.accountId, trainIssuanceData(r, issuance), subject(r.id, reservationStatusAfter(type, r, issuance)), issuance.callbackUrl);
  }

  private record(
    m: EntityManager,
    type: WebhookEventType,
    accountId: string,
    data: object,
    live: LiveSubject,
    callbackUrl: string | null = null,
  ): Promise<string> {
    return this.ports.webhooks.record(m, { type, accountId, data, callbackUrl, subject: live });
  }
}

function subject(reservationId: string, status: string): LiveSubject {
  return { kind: 'TRAIN', bookingId: reservationId, status };
}

/**
 * The reservation's status once an issuance reached a final state (the workflow passes the row it read before): issued
 * is ISSUED; a rejected payout releases an agent's wallet admission and puts a PAID reservation back to RESERVED
 * (train-issuance.workflow.ts), and leaves a customer's as it was; a failed issue leaves it as it was.
 */
function reservationStatusAfter(
  type: 'train.issuance.issued' | 'train.issuance.payout_rejected' | 'train.issuance.failed',
  r: TrainReservation,
  issuance: TrainIssuance,
): string {
  if (type === 'train.issuance.issued') return 'ISSUED';
  if (type === 'train.issuance.payout_rejected' && issuance.fundingStatus === 'AGENT_WALLET_RELEASED' && r.status === 'PAID') return 'RESERVED';
  return r.status;
}
