import type { DataSource } from 'typeorm';
import type {
  BookingState,
  MessageAttachment,
  MessageType,
  NotificationBooking,
  NotificationBookingSource,
  NotificationRecipient,
} from '../../../shared/notifications/notification.types';
import { renderTrainTickets, trainTicketFilename } from '../documents/train-document.service';
import { TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import { formattedPrice } from '../pricing/train-pricing.calculator';
import { TRAIN_BOOKING_KIND } from '../reservations/reservation-follow-ups.service';
import { TrainReservationRepository } from '../reservations/reservation.repository';
import type { JourneySelection, TrainReservation } from '../reservations/reservation.types';
import type { StationService } from '../services/station.service';
import { TrainRetentionRepository } from '../retention/train-retention.repository';
import type { AccountDirectory } from '../../../shared/auth/account-directory.port';
import { AccountRepository } from '../../../shared/auth/account.repository';

const STATE: Record<TrainReservation['status'], BookingState> = {
  PENDING: 'RESERVED',
  RESERVED: 'RESERVED',
  WORKFLOW_UNCONFIRMED: 'RESERVED',
  CANCELLING: 'CANCELLED',
  FAILED: 'CANCELLED',
  CANCELLED: 'CANCELLED',
  PAID: 'PAID',
  ISSUED: 'ISSUED',
};

/** The recipient key of the passenger at this index of the reservation (also what staff resends address). */
export function passengerRecipientKey(passengerIndex: number): string {
  return `passenger:${passengerIndex}`;
}

export interface TrainNotificationSourceOptions {
  /** config.train.ticketPdfOwnerPassword, so attached PDFs are protected like downloaded ones. */
  ticketPdfOwnerPassword?: string;
}

/**
 * Train reservations as the notification worker sees them, loaded fresh at send time (job payloads carry ids
 * only). Recipients: the buyer's account and every passenger with an email or phone; the shared rules drop the
 * buyer and every reservation/cancellation message on third-party agent bookings (reserve rule 8). The account
 * table has no phone column, so the buyer is reachable by email only (WhatsApp skips the buyer).
 *
 * Attachments (TICKET on email and WhatsApp): the buyer gets one PDF of all the reservation's ISSUED tickets, a
 * passenger one PDF of their own ISSUED tickets (outbound and return), rendered like the download endpoint.
 */
export function trainNotificationSource(
  dataSource: DataSource,
  stations: StationService,
  options: TrainNotificationSourceOptions = {},
): NotificationBookingSource {
  const reservations = new TrainReservationRepository(dataSource);
  const issuances = new TrainIssuanceRepository(dataSource);
  const retention = new TrainRetentionRepository(dataSource);
  const accounts: AccountDirectory = new AccountRepository(dataSource);
  return {
    kind: TRAIN_BOOKING_KIND,
    finishedBookings: (ids, before) => retention.finishedBookings(ids, before),
    async load(bookingId: string): Promise<NotificationBooking | null> {
      const r = await reservations.byId(bookingId);
      if (!r) return null;
      const state: BookingState = r.cancelReason === 'PAYMENT_WINDOW_ENDED' ? 'EXPIRED' : STATE[r.status];
      const recipients: NotificationRecipient[] = r.passengers
        .map((p, i): NotificationRecipient => ({ key: passengerRecipientKey(i), role: 'PASSENGER', name: p.passengerName, email: p.email, phone: p.phone }))
        .filter((p) => p.email || p.phone);
      const buyer = await accounts.contactOf(r.accountId);
      if (buyer) recipients.unshift({ key: 'buyer', role: 'BUYER', name: buyer.fullName, email: buyer.email });
      const name = (stopId: string) => stations.byStopId(stopId)?.stopName ?? stopId;
      const line = (j: JourneySelection) => ({
        description: `SGR ${j.trainNumber} ${name(j.fromStopId)} → ${name(j.toStopId)}`,
        departure: `${j.departure.date} ${j.departure.time}`,
        arrival: `${j.arrival.date} ${j.arrival.time}`,
      });
      return {
        kind: TRAIN_BOOKING_KIND,
        id: r.id,
        reference: r.pnr ?? r.paymentReference,
        bookingUserType: r.bookingUserType,
        state,
        paymentDeadline: r.expiresAt,
        preferences: r.notifications,
        language: r.language,
        recipients,
        journey: [line(r.outbound), ...(r.returnJourney ? [line(r.returnJourney)] : [])],
        total: r.paymentRequired ? formattedPrice(r.paymentRequired, r.paymentCurrency ?? 'TZS') : null,
      };
    },
    async attachments(booking: NotificationBooking, recipient: NotificationRecipient, messageType: MessageType): Promise<MessageAttachment[]> {
      if (messageType !== 'TICKET') return [];
      const r = await reservations.byId(booking.id);
      if (!r) return [];
      // The buyer gets the whole group, a passenger their own tickets, anyone else nothing.
      let passengerIndex: number | null = null;
      if (recipient.role === 'PASSENGER') {
        const match = /^passenger:(\d+)$/.exec(recipient.key);
        if (!match) return [];
        passengerIndex = Number(match[1]);
      } else if (recipient.role !== 'BUYER') {
        return [];
      }
      const tickets = (await reservations.ticketsOf(r.id)).filter(
        (t) => t.status === 'ISSUED' && (passengerIndex === null || t.passengerIndex === passengerIndex),
      );
      if (tickets.length === 0) return [];
      const issuance = await issuances.byReservation(r.id);
      const content = await renderTrainTickets(r, tickets, {
        stations,
        issuedAt: issuance?.issuedAt ?? tickets[0].updatedAt,
        ownerPassword: options.ticketPdfOwnerPassword,
      });
      // Named like the download endpoint's files: the group by payment reference, one passenger by their first ticket.
      const filename = trainTicketFilename(passengerIndex === null ? r.paymentReference : tickets[0].ticketNumber);
      return [{ filename, contentType: 'application/pdf', content }];
    },
  };
}
