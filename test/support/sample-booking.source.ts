import type { DataSource } from 'typeorm';
import { renderTicketDocument } from '../../shared/documents/ticket-document.renderer';
import type {
  BookingState,
  BookingUserType,
  MessageAttachment,
  NotificationBooking,
  NotificationBookingSource,
  NotificationPreferences,
  NotificationRecipient,
} from '../../shared/notifications/notification.types';

/**
 * A small booking table standing in for the flight and train bookings that later issues build,
 * so the notification flow is tested against a real source: the worker loads rows from MariaDB.
 */
export const SAMPLE_KIND = 'sample';

export async function createSampleBookingTable(dataSource: DataSource): Promise<void> {
  await dataSource.query(`CREATE TABLE IF NOT EXISTS sample_booking (
    id VARCHAR(64) NOT NULL PRIMARY KEY,
    reference VARCHAR(64) NOT NULL,
    booking_user_type VARCHAR(32) NOT NULL,
    state VARCHAR(16) NOT NULL,
    payment_deadline DATETIME(3) NULL,
    preferences LONGTEXT NOT NULL,
    language VARCHAR(2) NOT NULL,
    recipients LONGTEXT NOT NULL
  ) ENGINE=InnoDB`);
}

export interface SampleBooking {
  id: string;
  reference: string;
  bookingUserType?: BookingUserType;
  state?: BookingState;
  paymentDeadline?: Date | null;
  preferences?: NotificationPreferences;
  language?: 'en' | 'sw';
  recipients: NotificationRecipient[];
}

export async function insertSampleBooking(dataSource: DataSource, booking: SampleBooking, manager = dataSource.manager): Promise<void> {
  await manager.query(
    'INSERT INTO sample_booking (id, reference, booking_user_type, state, payment_deadline, preferences, language, recipients) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      booking.id,
      booking.reference,
      booking.bookingUserType ?? 'CUSTOMER',
      booking.state ?? 'ISSUED',
      booking.paymentDeadline ?? null,
      JSON.stringify(booking.preferences ?? {}),
      booking.language ?? 'en',
      JSON.stringify(booking.recipients),
    ],
  );
}

export async function setSampleState(dataSource: DataSource, id: string, state: BookingState): Promise<void> {
  await dataSource.query('UPDATE sample_booking SET state = ? WHERE id = ?', [state, id]);
}

export function sampleBookingSource(dataSource: DataSource): NotificationBookingSource {
  return {
    kind: SAMPLE_KIND,
    async load(bookingId: string): Promise<NotificationBooking | null> {
      const [row] = await dataSource.query('SELECT * FROM sample_booking WHERE id = ?', [bookingId]);
      if (!row) return null;
      return {
        kind: SAMPLE_KIND,
        id: row.id,
        reference: row.reference,
        bookingUserType: row.booking_user_type,
        state: row.state,
        paymentDeadline: row.payment_deadline ? new Date(row.payment_deadline) : null,
        preferences: JSON.parse(row.preferences),
        language: row.language,
        recipients: JSON.parse(row.recipients),
        journey: [{ description: 'SGR Dar es Salaam → Morogoro', departure: '23 Nov 2026, 06:00 EAT', arrival: '23 Nov 2026, 07:45 EAT' }],
        total: 'TZS 26,000',
      };
    },
    async attachments(booking: NotificationBooking, recipient: NotificationRecipient): Promise<MessageAttachment[]> {
      const content = await renderTicketDocument({
        title: 'SGR e-ticket',
        bookingReference: booking.reference,
        issuedAt: '22 Nov 2026, 12:00 EAT',
        language: booking.language,
        passengers: [{ name: recipient.name, ticketNumber: `${booking.reference}-1`, seat: 'C2-14' }],
        journey: booking.journey,
      });
      return [{ filename: `ticket-${booking.reference}.pdf`, contentType: 'application/pdf', content }];
    },
  };
}
