import { AppError } from '../../../shared/errors/app-error.exception';

export interface PassengerFieldError {
  /** Null for a problem of the request as a whole (e.g. a body-level payer field). */
  passengerIndex: number | null;
  field: string;
  message: string;
}

/** The reserve endpoint's coded errors (OpenAPI `postTripTrainSeatReserve` lists them with their statuses). */
export class TrainReservationException extends AppError {
  static passengerDataInvalid(fields: PassengerFieldError[]): TrainReservationException {
    const summary = fields
      .slice(0, 5)
      .map((f) => `${f.passengerIndex === null ? '' : `passengers[${f.passengerIndex}].`}${f.field} ${f.message}`)
      .join('; ');
    return new TrainReservationException('SGR_PASSENGER_DATA_INVALID', 422, `Passenger or seat data is invalid: ${summary}${fields.length > 5 ? '; …' : ''}`, {
      fields,
    });
  }

  /** Rule 2: a definite, customer-correctable refusal, with the provider's own code and words. */
  static providerRejected(providerCode: string, message: string): TrainReservationException {
    return new TrainReservationException(providerCode, 422, message);
  }

  static retryConflict(message: string, data?: Record<string, unknown>): TrainReservationException {
    return new TrainReservationException('SGR_RESERVATION_RETRY_CONFLICT', 409, message, data);
  }

  /** Rule 3: the reservation exists but its workflow start is unconfirmed; nothing may be resubmitted. */
  static workflowStartUnconfirmed(data: {
    paymentReference: string;
    reservation: { pnr: string; ticketsNo: string[] };
    trainTicketUuids: string[];
    retryAllowed: false;
    workflowId: string;
  }): TrainReservationException {
    return new TrainReservationException(
      'SGR_WORKFLOW_START_UNCONFIRMED',
      503,
      'The reservation was made but the SGR system did not confirm its payment workflow; do not submit it again, contact support with these identifiers',
      data,
    );
  }

  /** Another request for the same holds is talking to the provider right now. */
  static inProgress(paymentReference: string): TrainReservationException {
    return new TrainReservationException(
      'SGR_RESERVATION_IN_PROGRESS',
      202,
      'This reservation is being made by another request; repeat the same request shortly',
      {
        paymentReference,
      },
    );
  }

  /**
   * The provider's answer was lost (timeout, outage): the same request later reconciles instead of booking again.
   * `needsAttention`: the background reconciliation already gave up, so only a retry or support can settle it.
   */
  static pending(paymentReference: string, needsAttention: boolean): TrainReservationException {
    const message = needsAttention
      ? 'The SGR system has not confirmed this reservation and automatic reconciliation has stopped; support has been alerted. Repeat the same request later or contact support with the payment reference; do not change it'
      : 'The SGR system did not answer in time; the outcome is being reconciled. Repeat the same request in a minute; do not change it';
    return new TrainReservationException('SGR_RESERVATION_PENDING', 202, message, { paymentReference, retryAllowed: true, needsAttention });
  }

  static forbidden(): TrainReservationException {
    return new TrainReservationException('FORBIDDEN', 403, 'Train reservations need a customer or agent account');
  }
}
