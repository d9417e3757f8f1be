import type { Principal } from '../../../shared/auth/token.service';
import { fingerprintOf, idempotencyKeyOf, parseReserveRequest, TrainReserveHeaders, TrainReserveInput } from './reserve.request';
import { bookingUserTypeOf } from './reserve.policy';
import type { TrainReservationView } from './reservation.view';
import type { TrainReservationWorkflow } from './train-reservation.workflow';

/**
 * POST /api/trip/train/seat/reserve (OpenAPI `postTripTrainSeatReserve`): who may reserve and what the request says,
 * checked before anything is read or stored; the reservation itself is the named steps of TrainReservationWorkflow.
 */
export class TrainReservationService {
  constructor(private readonly workflow: TrainReservationWorkflow) {}

  async reserve(principal: Principal, input: TrainReserveInput, headers: TrainReserveHeaders): Promise<TrainReservationView> {
    const bookingUserType = bookingUserTypeOf(principal.role);
    const { request, journeyErrors } = parseReserveRequest(input);
    const fingerprint = fingerprintOf(request);
    const key = request.holdKeys.length ? idempotencyKeyOf(principal.accountId, request.holdKeys) : null;
    return this.workflow.run({ principal, bookingUserType, headers, request, journeyErrors, fingerprint, key });
  }
}
