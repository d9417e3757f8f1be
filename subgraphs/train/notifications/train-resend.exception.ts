import { AppError } from '../../../shared/errors/app-error.exception';

/** One problem with the request body, as `data.fields[]` lists it. */
export interface TrainResendFieldError {
  field: string;
  message: string;
}

/** Why a resend was refused although the booking exists (409 `data.reason`). */
export type TrainResendRefusal =
  | 'RESERVATION_NOT_ISSUED'
  | 'TICKETS_NOT_ISSUED'
  | 'TICKET_PURCHASE_DISABLED'
  | 'DOCUMENTS_NOT_READY'
  | 'THIRD_PARTY_AGENT_BOOKING'
  | 'RESERVATION_NOT_LIVE'
  | 'RESERVATION_NOT_CANCELLED';

/** POST /api/trip/train/send-notification coded errors. */
export class TrainResendException extends AppError {
  static invalid(fields: TrainResendFieldError[]): TrainResendException {
    return new TrainResendException('BAD_REQUEST', 400, `Invalid send-notification request: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, {
      fields,
    });
  }
  static notFound(field: string, value: string): TrainResendException {
    return new TrainResendException('SGR_RESERVATION_NOT_FOUND', 404, `No train reservation matches ${field} ${value}`, { field });
  }
  static ticketsNotFound(unknown: string[]): TrainResendException {
    return new TrainResendException('SGR_TICKET_NOT_FOUND', 404, `No train ticket ${unknown.join(', ')}`, {
      field: 'trainTicketUuids',
      trainTicketUuids: unknown,
    });
  }
  static precondition(reason: TrainResendRefusal, message: string, data: Record<string, unknown> = {}): TrainResendException {
    return new TrainResendException('SGR_NOTIFICATION_PRECONDITION_FAILED', 409, message, { reason, ...data });
  }
}
