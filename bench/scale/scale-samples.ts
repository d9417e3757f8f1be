import type { DataSource } from 'typeorm';
import type { VolumeManifest } from '../volume/volume-seeder';

/** Values a user would look up, read from the bookings the seeder sampled (by primary key: no scan). */
export interface ScaleSamples {
  bigAgentId: string;
  bigAgentWalletId: string;
  flight: FlightSample[];
  train: TrainSample[];
  /** Booking references that have notifications. */
  notified: string[];
  /** Notification requests of those bookings. */
  notifications: string[];
}

export interface FlightSample {
  reservationId: string;
  accountId: string;
  paymentReference: string;
  bookingReference: string;
  pnr: string | null;
  ticketId: string;
  ticketNumber: string | null;
  email: string | null;
  phone: string | null;
}

export interface TrainSample {
  reservationId: string;
  accountId: string;
  paymentReference: string;
  pnr: string | null;
  ticketUuid: string;
  ticketNumber: string;
  email: string | null;
  phone: string | null;
  issued: boolean;
}

export async function readSamples(dataSource: DataSource, manifest: VolumeManifest): Promise<ScaleSamples> {
  const [agent] = await dataSource.query<Array<{ id: string; wallet_id: string }>>(
    'SELECT a.id, w.id AS wallet_id FROM account a JOIN wallet w ON w.account_id = a.id WHERE a.email = ?',
    [manifest.accounts.bigAgent],
  );
  const flightRows = await dataSource.query<Array<Record<string, string | null>>>(
    `SELECT r.id, r.account_id, r.payment_reference, r.booking_reference, r.pnr, t.ticket_id, t.ticket_number, t.passenger_email, t.passenger_phone
       FROM flight_reservation r JOIN flight_ticket t ON t.reservation_id = r.id WHERE r.id IN (?) AND t.itinerary_index = 0 AND t.passenger_reference = 1`,
    [manifest.samples.flight],
  );
  const trainRows = await dataSource.query<Array<Record<string, string | null>>>(
    `SELECT r.id, r.account_id, r.payment_reference, r.pnr, r.status, t.train_ticket_uuid, t.ticket_number, t.passenger_email, t.passenger_phone
       FROM train_reservation r JOIN train_ticket t ON t.reservation_id = r.id WHERE r.id IN (?) AND t.passenger_index = 0 AND t.journey = 'OUTBOUND'`,
    [manifest.samples.train],
  );
  const flight = flightRows.map((r) => ({
    reservationId: r.id!,
    accountId: r.account_id!,
    paymentReference: r.payment_reference!,
    bookingReference: r.booking_reference!,
    pnr: r.pnr,
    ticketId: r.ticket_id!,
    ticketNumber: r.ticket_number,
    email: r.passenger_email,
    phone: r.passenger_phone,
  }));
  const train = trainRows.map((r) => ({
    reservationId: r.id!,
    accountId: r.account_id!,
    paymentReference: r.payment_reference!,
    pnr: r.pnr,
    ticketUuid: r.train_ticket_uuid!,
    ticketNumber: r.ticket_number!,
    email: r.passenger_email,
    phone: r.passenger_phone,
    issued: r.status === 'ISSUED',
  }));
  const references = [...flight.map((f) => f.bookingReference), ...train.flatMap((t) => (t.pnr ? [t.pnr] : []))];
  const notified = references.length
    ? (
        await dataSource.query<Array<{ booking_reference: string }>>('SELECT DISTINCT booking_reference FROM notification WHERE booking_reference IN (?)', [
          references,
        ])
      ).map((r) => r.booking_reference)
    : [];
  const notifications = notified.length
    ? (await dataSource.query<Array<{ id: string }>>('SELECT id FROM notification WHERE booking_reference IN (?)', [notified])).map((r) => r.id)
    : [];
  return { bigAgentId: agent.id, bigAgentWalletId: agent.wallet_id, flight, train, notified, notifications };
}
