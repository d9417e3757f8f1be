import type { Platform } from '../../../shared/platform/platform';
import type { JobDefinition } from '../../../shared/queue/worker-host';
import type { FlightSupplier } from '../supplier/flight-supplier.port';
import { FLIGHT_BOOKING_KIND, FLIGHT_QUEUE, RESERVATION_EXPIRY_JOB, ReservationJobPayload } from '../reservations/reservation-follow-ups';
import type { ReservationRepository } from '../reservations/reservation.repository';
import { FlightPaymentRepository } from '../payments/flight-payment.repository';

/** Reservations that still wait for payment; an admitted or issuing one is left to its purchase. */
const UNPAID = ['CREATED', 'SELLING', 'PNR_CREATED', 'VALIDATION_FAILED', 'PRICE_CHANGED', 'REPRICE_UNAVAILABLE', 'TST_CREATED'] as const;

/**
 * Releases an unpaid reservation when its payment deadline passes: the PNR is cancelled at the
 * supplier (seats go back), the reservation and its tickets become CANCELLED and the customer
 * is told (the notification rules keep third-party agent bookings silent).
 */
export function reservationExpiryJob(platform: Platform, supplier: FlightSupplier, reservations: ReservationRepository): JobDefinition<ReservationJobPayload> {
  // Payment evidence is stored apart from the reservation; a confirmed payment keeps it alive.
  const payments = new FlightPaymentRepository(platform.dataSource);
  return {
    queue: FLIGHT_QUEUE,
    name: RESERVATION_EXPIRY_JOB,
    async process({ reservationId }) {
      const r = await reservations.byId(reservationId);
      const now = platform.clock.now();
      if (!r || !(UNPAID as readonly string[]).includes(r.status) || r.admittedAt) return { released: false, status: r?.status };
      if (!r.paymentDeadlineAt || r.paymentDeadlineAt.getTime() > now.getTime()) return { released: false, reason: 'deadline not reached' };
      if (await payments.hasConfirmed(r.id)) return { released: false, reason: 'payment confirmed' };
      if (r.pnr) await supplier.cancel(r.pnr);
      const released = await platform.dataSource.transaction(async (m) => {
        const moved = await reservations.update(r.id, { status: 'CANCELLED', cancelledAt: now, cancelReason: 'PAYMENT_DEADLINE_PASSED' }, now, m, [...UNPAID]);
        if (!moved) return false;
        await reservations.setTicketStatus(r.id, 'CANCELLED', m);
        await platform.notifications.request(m, { bookingKind: FLIGHT_BOOKING_KIND, bookingId: r.id, messageType: 'RESERVATION_CANCELLATION' });
        return true;
      });
      platform.logger.info('flight reservation released at its deadline', { reservationId, bookingReference: r.bookingReference, released });
      return { released };
    },
  };
}
