import { AppError } from '../../../shared/errors/app-error';

/** GET /api/trip/train/ticket/document/generate coded errors. */
export class TrainDocumentException extends AppError {
  static selector(): TrainDocumentException {
    return new TrainDocumentException('SGR_DOCUMENT_SELECTOR_INVALID', 400, 'Give exactly one of paymentReference or ticketId');
  }
  static notFound(selector: string): TrainDocumentException {
    return new TrainDocumentException('SGR_TICKET_NOT_FOUND', 404, `No train ticket ${selector}`);
  }
  static notOwner(): TrainDocumentException {
    return new TrainDocumentException('FORBIDDEN', 403, 'This ticket belongs to another account');
  }
  static notIssued(status: string): TrainDocumentException {
    return new TrainDocumentException('SGR_TICKET_NOT_ISSUED', 409, `The ticket is ${status}; its document is available once it is ISSUED`, { status });
  }
}
