import type { JobDefinition } from '../../../shared/queue/worker-host.service';
import type { CustomerIssuanceService } from '../reservations/customer-issuance.service';
import { FLIGHT_JOBS, ReservationJobPayload } from './flight.jobs';

/** Issues a paid customer reservation after the issue signal (CustomerIssuanceService.issuePaid). */
export function customerIssuanceJob(customerIssuance: CustomerIssuanceService): JobDefinition<ReservationJobPayload> {
  return FLIGHT_JOBS.customerIssuance.runs(({ reservationId }) => customerIssuance.issuePaid(reservationId));
}
