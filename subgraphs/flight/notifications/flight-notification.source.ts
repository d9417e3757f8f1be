import type { DataSource } from 'typeorm';
import { renderTicketDocument } from '../../../shared/documents/ticket-document.renderer';
import type {
  BookingState,
  MessageAttachment,
  NotificationBooking,
  NotificationBookingSource,
  NotificationRecipient,
} from '../../../shared/notifications/notification.types';
import { FLIGHT_BOOKING_KIND } from '../reservations/reservation-follow-ups.service';
import { ReservationRepository } from '../reservations/reservation.repository';
import type { FlightReservation } from '../reservations/reservation.types';
import type { AirportService } from '../services/airport.service';
import { FlightRetentionRepository } from '../retention/flight-retention.repository';
import type { AccountDirectory } from '../../../shared/auth/account-directory.port';
import { AccountRepository } from '../../../shared/auth/account.repository';

const STATE: Partial<Record<FlightReservation['status'], BookingState>> = {
  ISSUED: 'ISSUED',
  ISSUING: 'PAID',
  PARTIALLY_ISSUED: 'PAID',
  CANCELLED: 'CANCELLED',
  REFUND_PENDING: 'CANCELLED',
  REFUND_REQUIRED: 'CANCELLED',
};

/** Flight reservations as the notification worker sees them: loaded fresh at send time. */
export function flightNotificationSource(dataSource: DataSource, airports: AirportService): NotificationBookingSource {
  const reservations = new ReservationRepository(dataSource);
  const retention = new FlightRetentionRepository(dataSource);
  const accounts: AccountDirectory = new AccountRepository(dataSource);
  return {
    kind: FLIGHT_BOOKING_KIND,
    finishedBookings: (ids, before) => retention.finishedBookings(ids, before),
    async load(bookingId: string): Promise<NotificationBooking | null> {
      const r = await reservations.byId(bookingId);
      if (!r) return null;
      const state: BookingState = r.cancelReason === 'PAYMENT_DEADLINE_PASSED' ? 'EXPIRED' : (STATE[r.status] ?? (r.admittedAt ? 'PAID' : 'RESERVED'));
      const recipients: NotificationRecipient[] = (r.passengers ?? []).map((p) => ({
        key: `passenger:${p.travelerId}`,
        role: 'PASSENGER',
        name: `${p.firstName} ${p.lastName}`,
        email: p.email,
        phone: p.phone,
      }));
      if (r.channel === 'CUSTOMER') {
        const buyer = await accounts.contactOf(r.accountId);
        if (buyer) recipients.unshift({ key: 'buyer', role: 'BUYER', name: buyer.fullName, email: buyer.email });
      }
      return {
        kind: FLIGHT_BOOKING_KIND,
        id: r.id,
        reference: r.bookingReference,
        bookingUserType: r.bookingUserType,
        state,
        paymentDeadline: r.paymentDeadlineAt,
        preferences: r.notifications,
        language: r.language,
        recipients,
        journey: r.supplierOffer.itineraries.flatMap((i) =>
          i.segments.map((s) => ({
            description: `${s.carrierCode} ${s.number} ${name(airports, s.departure.iataCode)} → ${name(airports, s.arrival.iataCode)}`,
            departure: s.departure.at.replace('T', ' ').slice(0, 16),
            arrival: s.arrival.at.replace('T', ' ').slice(0, 16),
          })),
        ),
        total: `${r.price.currency} ${r.price.grandTotal}`,
      };
    },
    async attachments(booking: NotificationBooking, recipient: NotificationRecipient): Promise<MessageAttachment[]> {
      const r = await reservations.byId(booking.id);
      if (!r) return [];
      const tickets = await reservations.ticketsOf(r.id);
      const travelerId = recipient.key.startsWith('passenger:') ? recipient.key.slice('passenger:'.length) : null;
      const mine = tickets.filter((t) => t.itineraryIndex === 0 && (!travelerId || t.travelerId === travelerId));
      const content = await renderTicketDocument({
        title: booking.language === 'sw' ? 'Tiketi ya ndege' : 'Flight e-ticket',
        bookingReference: r.bookingReference,
        issuedAt: (r.issuedAt ?? r.updatedAt).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
        language: booking.language,
        passengers: mine.map((t) => {
          const p = r.passengers?.find((x) => x.travelerId === t.travelerId);
          return { name: p ? `${p.firstName} ${p.lastName}` : t.travelerId, ticketNumber: t.ticketNumber ?? t.ticketId, seat: null, fare: null };
        }),
        journey: booking.journey,
      });
      return [{ filename: `flight-${r.bookingReference}${travelerId ? `-${travelerId}` : ''}.pdf`, contentType: 'application/pdf', content }];
    },
  };
}

function name(airports: AirportService, code: string): string {
  return airports.byIata(code)?.stopName ?? code;
}
