/*
 * The one validator of the issuance inputs (OpenAPI `postTripTrainTicketIssue`, `getTripTrainTicketIssuance`; GraphQL
 * `issueTrainTicket`, `trainIssuance`). The REST layer checks the path and query with it before any GraphQL runs and
 * the train subgraph checks the arguments with it, so both answer one 400 BAD_REQUEST listing the same fields. The
 * callback URL stays the subgraph's (SGR_CALLBACK_URL_INVALID): whether plain http is allowed is its deployment's
 * setting, which the gateway does not know; REST answers that error as it is.
 */

/** The longest payment reference the issuance operations take. */
export const TRAIN_PAYMENT_REFERENCE_MAX_LENGTH = 64;
/** The longest callback URL an issue request takes. */
export const TRAIN_CALLBACK_URL_MAX_LENGTH = 2048;

export interface IssuanceProblem {
  field: string;
  message: string;
}

export interface TrainIssuanceReadInput {
  paymentReference?: unknown;
  /** Optional: freezes (or returns) the payable quote in this currency. */
  currency?: unknown;
}

/** The payment reference of an issue request or status read; a blank or unknown one is the subgraph's 404. */
export function checkTrainPaymentReference(paymentReference: unknown): IssuanceProblem[] {
  return typeof paymentReference === 'string' && paymentReference.trim().length > TRAIN_PAYMENT_REFERENCE_MAX_LENGTH
    ? [{ field: 'paymentReference', message: `must be at most ${TRAIN_PAYMENT_REFERENCE_MAX_LENGTH} characters` }]
    : [];
}

/** A status read: every problem at once, or the quote currency (upper case; null for none). */
export function checkTrainIssuanceRead(input: TrainIssuanceReadInput): { currency: string | null } | { problems: IssuanceProblem[] } {
  const problems = checkTrainPaymentReference(input.paymentReference);
  const raw = input.currency;
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() || null : null;
  if ((raw !== undefined && raw !== null && typeof raw !== 'string') || (code !== null && !/^[A-Z]{3}$/.test(code)))
    problems.push({ field: 'currency', message: 'must be an ISO 4217 code such as USD' });
  return problems.length ? { problems } : { currency: code };
}
