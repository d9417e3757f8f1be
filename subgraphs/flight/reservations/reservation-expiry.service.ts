import type { FlightPorts } from '../flight.port';
import type { FlightPaymentRepository } from '../payments/flight-payment.repository';
import type { FlightSupplier } from '../supplier/flight-supplier.port';
import { FLIGHT_BOOKING_KIND } from './reservation-follow-ups.service';
import type { ReservationRepository } from './reservation.repository';
import { cancellationView } from './cancellation.view';
import { FlightEvents } from './reservation-events';

/** Reservations that still wait for payment; an admitted or issuing one is left to its purchase. */
const UNPAID = ['CREATED', 'SELLING', 'PNR_CREATED', 'VALIDATION_FAILED', 'PRICE_CHANGED', 'REPRICE_UNAVAILABLE', 'TST_CREATED'] as const;

export type ExpiryOutcome = { released: boolean; status?: string; reason?: string };

/**
 * Releases an unpaid reservation when its payment deadline passes: the PNR is cancelled at the
 * supplier (seats go back), the reservation and its tickets become CANCELLED and the customer
 * is told (the notification rules keep third-party agent bookings silent).
 */
export class ReservationExpiryService {
  constructor(
    private readonly ports: Pick<FlightPorts, 'clock' | 'transactor' | 'notifications' | 'logger' | 'webhooks'>,
    private readonly supplier: FlightSupplier,
    private readonly reservations: ReservationRepository,
    // Payment evidence is stored apart from the reservation; a confirmed payment keeps it alive.
    private readonly payments: FlightPaymentRepository,
  ) {}

  async release(reservationId: string): Promise<ExpiryOutcome> {
    const r = await this.reservations.byId(reservationId);
    const now = this.ports.clock.now();
    if (!r || !(UNPAID as readonly string[]).includes(r.status) || r.admittedAt) return { released: false, status: r?.status };
    if (!r.paymentDeadlineAt || r.paymentDeadlineAt.getTime() > now.getTime()) return { released: false, reason: 'deadline not reached' };
    if (await this.payments.hasConfirmed(r.id)) return { released: false, reason: 'payment confirmed' };
    if (r.pnr) await this.supplier.cancel(r.pnr);
    const released = await this.ports.transactor.transaction(async (m) => {
      const moved = await this.reservations.update(r.id, { status: 'CANCELLED', cancelledAt: now, cancelReason: 'PAYMENT_DEADLINE_PASSED' }, now, m, [
        ...UNPAID,
      ]);
      if (!moved) return false;
      await this.reservations.setTicketStatus(r.id, 'CANCELLED', m);
      await this.ports.notifications.request(m, { bookingKind: FLIGHT_BOOKING_KIND, bookingId: r.id, messageType: 'RESERVATION_CANCELLATION' });
      const cancelled = { ...r, status: 'CANCELLED' as const, cancelledAt: now };
      await new FlightEvents(this.ports).cancelled(m, r.accountId, cancellationView(cancelled, await this.payments.ofReservation(r.id, m), null, false));
      return true;
    });
    this.ports.logger.info('flight reservation released at its deadline', { reservationId, bookingReference: r.bookingReference, released });
    return { released };
  }
}
