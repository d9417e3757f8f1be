import { AppError } from '../../../shared/errors/app-error.exception';

/** GET /api/trip/train/ticket/document/generate coded errors. */
export class TrainDocumentException extends AppError {
  /** The document validator's problems (shared/api-contract/train-document.validator.ts), as the REST route answers them too. */
  static invalid(fields: Array<{ field: string; message: string }>): TrainDocumentException {
    return new TrainDocumentException('BAD_REQUEST', 400, fields.map((f) => `"${f.field}" ${f.message}`).join('; '), { field: fields[0].field, fields });
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
