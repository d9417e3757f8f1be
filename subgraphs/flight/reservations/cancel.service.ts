import type { FlightPorts } from '../flight.port';
import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { FlightException } from '../errors/flight.exception';
import { CancellationRequest, checkCancellation } from '../../../shared/api-contract/flight-issuance.validator';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';
import { FlightSupplier, SupplierError } from '../supplier/flight-supplier.port';
import { FLIGHT_BOOKING_KIND } from './reservation-follow-ups.service';
import { ReservationRepository } from './reservation.repository';
import type { FlightReservation, ReservationStatus } from './reservation.types';
import type { FlightWalletAdmission } from './wallet-admission.service';
import type { FlightPayment } from '../payments/flight-payment.policy';
import { type Cancellation, type CancellationState, cancellationView } from './cancellation.view';
import { FlightEvents } from './reservation-events';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';

export type { Cancellation, CancellationState, PaymentState } from './cancellation.view';

const CANCELLED_STATES: ReservationStatus[] = ['CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED'];
const CANCELLABLE: ReservationStatus[] = [
  'CREATED',
  'SELLING',
  'PNR_CREATED',
  'VALIDATION_FAILED',
  'PRICE_CHANGED',
  'REPRICE_UNAVAILABLE',
  'TST_CREATED',
  'CANCELLING',
];

/**
 * Cancels a whole unissued reservation (every itinerary of a return booking). Idempotent: a
 * repeat answers the first outcome with alreadyCancelled. Issued tickets are never cancelled
 * here: voiding and refunds are a separate process.
 */
export class CancelService {
  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'notifications' | 'logger' | 'webhooks' | 'recovery'>,
    private readonly supplier: FlightSupplier,
    private readonly reservations: ReservationRepository,
    private readonly admission: FlightWalletAdmission,
    private readonly payments: FlightPaymentRepository,
  ) {}

  async cancel(
    principal: Principal,
    input: { reservationId?: string | null; ticketId?: string | null; reason?: string | null },
  ): Promise<{ complete: boolean; cancellation: Cancellation }> {
    const request = checkCancellation(input);
    if ('problems' in request) throw FlightException.invalidRequest(problemsMessage(request.problems), request.problems);
    const r = await this.find(request);
    if (r.accountId !== principal.accountId && !isAdministrator(principal.role))
      throw PlatformException.forbidden('This reservation belongs to another account');
    const { ticketId } = request;
    if (CANCELLED_STATES.includes(r.status)) return this.answer(r, ticketId, true);
    if (r.status === 'ISSUING') throw FlightException.inProgress({ reservationId: r.id, status: r.status });
    if (!CANCELLABLE.includes(r.status)) {
      throw FlightException.notCancellable('Issued tickets cannot be cancelled automatically; voids and refunds are a separate process', {
        reservationId: r.id,
        status: r.status,
      });
    }
    const now = this.ports.clock.now();
    if (!(await this.reservations.claim(r.id, now, this.leaseMs))) throw FlightException.inProgress({ reservationId: r.id, status: r.status });
    try {
      // The reason is kept with CANCELLING, so recovery can finish a cancellation a crash cut short as it was asked.
      await this.reservations.update(r.id, { status: 'CANCELLING', cancelReason: request.reason }, now);
      await this.finish(r, request.reason, ticketId, now);
      return this.answer((await this.reservations.byId(r.id))!, ticketId, false);
    } finally {
      await this.reservations.release(r.id);
    }
  }

  /**
   * Finishes, for the recovery job, a cancellation a crash left CANCELLING: the same steps under the same lease, so a
   * client asking again meanwhile is told it is in progress. False when another caller holds the reservation.
   */
  async resume(r: FlightReservation): Promise<boolean> {
    const now = this.ports.clock.now();
    if (!(await this.reservations.claim(r.id, now, this.leaseMs))) return false;
    try {
      await this.finish(r, r.cancelReason ?? null, null, now);
      return true;
    } finally {
      await this.reservations.release(r.id);
    }
  }

  private get leaseMs(): number {
    return this.ports.recovery.cancellationLeaseSeconds * 1000;
  }

  /** The airline first (a repeat answers its first outcome), then CANCELLED with the hold released, in one transaction. */
  private async finish(r: FlightReservation, reason: string | null, ticketId: string | null, now: Date): Promise<void> {
    let refundRequired = false;
    let refundPending = false;
    if (r.pnr) {
      try {
        ({ refundRequired, refundPending } = await this.supplier.cancel(r.pnr));
      } catch (error) {
        if (error instanceof SupplierError) {
          await this.reservations.update(r.id, { lastError: error.message }, now);
          throw FlightException.inProgress({ reservationId: r.id, status: 'CANCELLING' });
        }
        throw error;
      }
    }
    const paid = await this.confirmedPayment(r.id);
    // A card charge is refunded through the provider (pending); mobile money has no automatic
    // reversal, so someone must pay it back (required).
    const paidRefund: CancellationState | null = paid ? (paid.method === 'CARD' ? 'REFUND_PENDING' : 'REFUND_REQUIRED') : null;
    const state: CancellationState = paidRefund ?? (refundPending ? 'REFUND_PENDING' : refundRequired ? 'REFUND_REQUIRED' : 'CANCELLED');
    await this.ports.transactor.transaction(async (m) => {
      // Guarded by the CANCELLING written under this lease: a cancellation that finished meanwhile records nothing again.
      if (!(await this.reservations.update(r.id, { status: state, cancelledAt: now, cancelReason: reason }, now, m, ['CANCELLING']))) return;
      await this.reservations.setTicketStatus(r.id, 'CANCELLED', m);
      await this.admission.release(r, m);
      if (paid && paidRefund) await this.payments.setStatus(paid.id, paidRefund, now, ['CONFIRMED'], m);
      await this.ports.notifications.request(m, { bookingKind: FLIGHT_BOOKING_KIND, bookingId: r.id, messageType: 'RESERVATION_CANCELLATION' });
      const cancelled = { ...r, status: state, cancelledAt: now };
      await new FlightEvents(this.ports).cancelled(m, r.accountId, cancellationView(cancelled, await this.payments.ofReservation(r.id, m), ticketId, false));
    });
    this.ports.logger.info('flight reservation cancelled', { reservationId: r.id, bookingReference: r.bookingReference, state });
  }

  private async find({ reservationId, ticketId }: CancellationRequest): Promise<FlightReservation> {
    const byId = reservationId ? await this.reservations.byId(reservationId) : null;
    const byTicket = ticketId ? await this.reservations.byTicketId(ticketId) : null;
    if (byId && byTicket && byId.id !== byTicket.id) {
      throw FlightException.invalidRequest('reservationId and ticketId name different reservations', [
        { field: 'ticketId', message: 'belongs to another reservation' },
      ]);
    }
    const r = byId ?? byTicket;
    if (!r) throw FlightException.reservationNotFound();
    return r;
  }

  private async confirmedPayment(reservationId: string): Promise<FlightPayment | null> {
    return (await this.payments.ofReservation(reservationId)).find((p) => p.status === 'CONFIRMED') ?? null;
  }

  private async answer(r: FlightReservation, ticketId: string | null, alreadyCancelled: boolean): Promise<{ complete: boolean; cancellation: Cancellation }> {
    const cancellation = cancellationView(r, await this.payments.ofReservation(r.id), ticketId, alreadyCancelled);
    return { complete: cancellation.state === 'CANCELLED', cancellation };
  }
}
