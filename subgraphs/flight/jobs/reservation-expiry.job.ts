import type { DataSource } from 'typeorm';
import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import { createNotificationRequester, type NotificationRequesterPorts } from '../../../shared/notifications/notifications.module';
import type { FlightPorts } from '../flight.port';
import { FlightPaymentRepository } from '../payments/flight-payment.repository';
import { ReservationExpiryService } from '../reservations/reservation-expiry.service';
import type { ReservationRepository } from '../reservations/reservation.repository';
import type { FlightSupplier } from '../supplier/flight-supplier.port';
import { FLIGHT_JOBS, ReservationJobPayload } from './flight.jobs';
import { WebhookEventRecorder } from '../../../shared/webhooks/webhook-event.recorder';

/** Releases an unpaid reservation at its payment deadline (reservations/reservation-expiry.service.ts). */
export function reservationExpiryRunner(expiry: ReservationExpiryService): JobDefinition<ReservationJobPayload> {
  return FLIGHT_JOBS.reservationExpiry.runs(({ reservationId }) => expiry.release(reservationId));
}

/**
 * What the job is wired from when built on its own (test/e2e builds it from a running stack's platform): its
 * requester is built from the outbox, the clock and the reminder lead, as a module root builds one.
 */
export interface ReservationExpiryWiring extends Pick<FlightPorts, 'clock' | 'logger'>, NotificationRequesterPorts {
  dataSource: DataSource;
}

export function reservationExpiryJob(
  wiring: ReservationExpiryWiring,
  supplier: FlightSupplier,
  reservations: ReservationRepository,
): JobDefinition<ReservationJobPayload> {
  const webhooks = new WebhookEventRecorder(wiring.outbox, wiring.clock);
  const ports = { clock: wiring.clock, notifications: createNotificationRequester(wiring), logger: wiring.logger, transactor: wiring.dataSource, webhooks };
  return reservationExpiryRunner(new ReservationExpiryService(ports, supplier, reservations, new FlightPaymentRepository(wiring.dataSource)));
}
