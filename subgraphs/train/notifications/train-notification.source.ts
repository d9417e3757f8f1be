import type { DataSource } from 'typeorm';
import type { BookingState, NotificationBooking, NotificationBookingSource, NotificationRecipient } from '../../../shared/notifications/notification.types';
import { formattedPrice } from '../pricing/train-pricing';
import { TRAIN_BOOKING_KIND } from '../reservations/reservation-follow-ups';
import { TrainReservationRepository } from '../reservations/reservation.repository';
import type { JourneySelection, TrainReservation } from '../reservations/reservation.types';
import type { StationService } from '../services/station.service';

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

/**
 * Train reservations as the notification worker sees them, loaded fresh at send time (job payloads carry ids
 * only). Recipients: the buyer's account and every passenger with an email or phone; the shared rules drop the
 * buyer and every reservation/cancellation message on third-party agent bookings (reserve rule 8).
 */
export function trainNotificationSource(dataSource: DataSource, stations: StationService): NotificationBookingSource {
  const reservations = new TrainReservationRepository(dataSource);
  return {
    kind: TRAIN_BOOKING_KIND,
    async load(bookingId: string): Promise<NotificationBooking | null> {
      const r = await reservations.byId(bookingId);
      if (!r) return null;
      const state: BookingState = r.cancelReason === 'PAYMENT_WINDOW_ENDED' ? 'EXPIRED' : STATE[r.status];
      const recipients: NotificationRecipient[] = r.passengers
        .map((p, i): NotificationRecipient => ({ key: `passenger:${i}`, role: 'PASSENGER', name: p.passengerName, email: p.email, phone: p.phone }))
        .filter((p) => p.email || p.phone);
      const [buyer] = await dataSource.query('SELECT full_name, email FROM account WHERE id = ?', [r.accountId]);
      if (buyer) recipients.unshift({ key: 'buyer', role: 'BUYER', name: buyer.full_name, email: buyer.email });
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
  };
}
