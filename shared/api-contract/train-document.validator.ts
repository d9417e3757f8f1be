/*
 * The one validator of a ticket document request (OpenAPI `getTripTrainTicketDocumentGenerate`; GraphQL
 * `trainTicketDocument`): exactly one selector, each bounded. The REST layer checks the query string with it before any
 * GraphQL runs and the train subgraph checks the query's arguments with it, so both answer one 400 BAD_REQUEST listing
 * the same fields. Whether the ticket exists, is yours and is issued is the subgraph's.
 */

/** The longest payment reference or ticket id a document request takes. */
export const TRAIN_DOCUMENT_SELECTOR_MAX_LENGTH = 64;

export interface TrainDocumentInput {
  paymentReference?: unknown;
  ticketId?: unknown;
}

/** The one selector given, trimmed; the other is null. */
export interface TrainDocumentSelector {
  paymentReference: string | null;
  ticketId: string | null;
}

export interface DocumentProblem {
  field: string;
  message: string;
}

/** Every problem at once: each selector's form, then whether exactly one was given (a blank one counts as absent). */
export function checkTrainDocumentSelector(input: TrainDocumentInput): { selector: TrainDocumentSelector } | { problems: DocumentProblem[] } {
  const problems: DocumentProblem[] = [];
  const text = (field: keyof TrainDocumentInput): string | null => {
    const value = input[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') problems.push({ field, message: 'must be a string' });
    else if (value.trim().length > TRAIN_DOCUMENT_SELECTOR_MAX_LENGTH)
      problems.push({ field, message: `must be at most ${TRAIN_DOCUMENT_SELECTOR_MAX_LENGTH} characters` });
    return typeof value === 'string' ? value.trim() || null : null;
  };
  const paymentReference = text('paymentReference');
  const ticketId = text('ticketId');
  if ((paymentReference === null) === (ticketId === null)) problems.push({ field: 'selector', message: 'give exactly one of paymentReference or ticketId' });
  return problems.length ? { problems } : { selector: { paymentReference, ticketId } };
}
