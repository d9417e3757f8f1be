import type { EntityManager } from 'typeorm';
import type { FlightPorts } from '../flight.port';
import { withoutNullsDeep } from '../../../shared/object/without-nulls.mapper';
import type { WebhookEventType } from '../../../shared/webhooks/webhook-event.catalogue';
import type { LiveSubject } from '../../../shared/live/live-update.contract';
import {
  agentReservationView,
  type AgentReservationView,
  customerReservationView,
  type CustomerReservationView,
  issuanceView,
  type TicketBuyer,
} from './reservation.view';
import type { OfferView } from '../offers/offer.view';
import type { FlightReservation, FlightTicketRow } from './reservation.types';
import type { Cancellation } from './cancellation.view';

/*
 * The webhook events of flight bookings (docs/decisions.md "Webhook events"). Each is recorded by the flow that makes
 * the change, in the transaction that writes it, and only when that transaction's guarded write changed the row, so a
 * retried step records nothing twice. `data` is the resource in the form its REST answer gives (the route's `reply`
 * drops null members; the cancellation keeps a null refundState), built from the same views the resolvers answer.
 */

/** The agent reserve answer (POST /api/flight/reserve/agent, 201) as REST gives it. */
export function agentReservationData(view: AgentReservationView): object {
  return withoutNullsDeep(view) as object;
}

/** The customer reserve answer (POST /api/flight/reserve, 201): offer prices keep otherCurrencies keyed by currency. */
export function customerReservationData(view: CustomerReservationView): object {
  return withoutNullsDeep(view) as object;
}

/** The cancellation answer (POST /api/flight/cancel): nulls dropped except refundState. */
export function cancellationData(cancellation: Cancellation): object {
  const data = withoutNullsDeep(cancellation) as Record<string, unknown>;
  if (cancellation.refundState === null) data.refundState = null;
  return data;
}

/** What a created reservation's answer is made of besides the reservation and its tickets. */
export interface ReservationAnswerParts {
  now: Date;
  /** The agent answer's verifyUrl is under it. */
  publicBaseUrl: string;
  /** The customer answer's offer (the reserved offer as priced); null for an agent reservation. */
  offer: OfferView | null;
  buyer: TicketBuyer;
}

/** Records flight events in the caller's transaction. */
export class FlightEvents {
  constructor(private readonly ports: Pick<FlightPorts, 'webhooks'>) {}

  /** flight.reservation.created: the fare is stored and the reservation payable (TST_CREATED), with the channel's answer. */
  created(m: EntityManager, r: FlightReservation, tickets: FlightTicketRow[], parts: ReservationAnswerParts): Promise<string> {
    const data =
      r.channel === 'AGENT'
        ? agentReservationData(agentReservationView(r, tickets, parts.now, parts.publicBaseUrl))
        : customerReservationData(customerReservationView(r, tickets, parts.now, parts.offer!, parts.buyer));
    return this.record(m, 'flight.reservation.created', r.accountId, data, subject(r.id, r.status));
  }

  /** flight.reservation.price_changed: the supplier repriced the held offer; data is the FLIGHT_PRICE_CHANGED 409's data. `r` is the row before the change, which sets PRICE_CHANGED. */
  priceChanged(m: EntityManager, r: FlightReservation, change: object): Promise<string> {
    return this.record(m, 'flight.reservation.price_changed', r.accountId, withoutNullsDeep(change) as object, subject(r.id, 'PRICE_CHANGED'));
  }

  /** flight.order.issued: every ticket document issued; data is the purchase / issuance answer's issuance. */
  issued(m: EntityManager, r: FlightReservation): Promise<string> {
    return this.record(m, 'flight.order.issued', r.accountId, withoutNullsDeep(issuanceView(r)) as object, subject(r.id, r.status));
  }

  /**
   * flight.reservation.cancelled (by request or at the payment deadline), and with it flight.refund.updated when the
   * cancellation started a refund (refundState REFUND_PENDING or REFUND_REQUIRED).
   */
  async cancelled(m: EntityManager, accountId: string, cancellation: Cancellation): Promise<void> {
    const data = cancellationData(cancellation);
    const cancelled = subject(cancellation.reservationId, cancellation.state);
    await this.record(m, 'flight.reservation.cancelled', accountId, data, cancelled);
    if (cancellation.refundState !== null) await this.record(m, 'flight.refund.updated', accountId, data, cancelled);
  }

  /** flight.refund.updated on its own: the money held for a cancelled reservation's refund changed (e.g. it was moved by a recovery). */
  refundUpdated(m: EntityManager, accountId: string, cancellation: Cancellation): Promise<string> {
    return this.record(m, 'flight.refund.updated', accountId, cancellationData(cancellation), subject(cancellation.reservationId, cancellation.state));
  }

  private record(m: EntityManager, type: WebhookEventType, accountId: string, data: object, live: LiveSubject): Promise<string> {
    return this.ports.webhooks.record(m, { type, accountId, data, subject: live });
  }
}

/** The reservation and its status after the change, for live subscribers (a cancellation's state is the reservation's status). */
function subject(reservationId: string, status: string): LiveSubject {
  return { kind: 'FLIGHT', bookingId: reservationId, status };
}
