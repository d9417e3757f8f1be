import { type FlightProblem, UUID_PATTERN } from './flight-reservation.contract';
import { checkPhoneText, parsePhone } from '../validation/contact-fields.validator';

/*
 * The one validator of the flight operations on a reservation: purchase (OpenAPI `postFlightPurchaseAgent`), the
 * tickets of a ticketId (`getFlightTickets`), cancellation (`postFlightCancel`), the issue signal
 * (`postFlightTicketIssueSignal`), direct issuance with its cancelled-payment recovery (`postFlightTicketIssueDirect`)
 * and the customer payment (`startFlightPayment`, `confirmFlightPayment`). The flight subgraph runs each on the field's
 * arguments before it looks anything up (after authorizing the caller where it does that first); the REST layer runs
 * it on a request GraphQL could not carry. Every problem is listed at once. Whether the reservation exists, and whose
 * it is, only the subgraph can tell.
 */

/** A ticketId as reservations make them: the booking reference and the passenger's number, e.g. SF4K7Q2M-1. */
export const TICKET_ID_PATTERN = '^[A-Za-z0-9-]{3,40}$';
export const TICKET_ID_MAX_LENGTH = 40;
/** A paymentReference is SFP and 10 characters: room to spare. */
export const PAYMENT_REFERENCE_MAX_LENGTH = 32;
export const CANCEL_REASON_MAX_LENGTH = 500;
/** Longer than any payment method's name. */
export const PAYMENT_METHOD_MAX_LENGTH = 32;
/** The payer's mobile money number as sent (digits, spaces, +): the train deposit's bound. */
export const PAYER_PHONE_MAX_LENGTH = 32;
/** A payer number without "+" is read as a Tanzanian one, as the train deposit reads a mobile payment's. */
const TANZANIA_CALLING_CODE = '255';

const TICKET_ID = new RegExp(TICKET_ID_PATTERN);
const TICKET_ID_RULE = `must be 3 to ${TICKET_ID_MAX_LENGTH} letters, digits and hyphens`;

type Problems = FlightProblem[];

const isAbsent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const outcome = <T extends object>(problems: Problems, value: T): T | { problems: Problems } => (problems.length ? { problems } : value);

/** A ticketId, trimmed; null when absent or bad (then with its problem). */
function ticketIdOf(value: unknown, problems: Problems, field = 'ticketId'): string | null {
  if (isAbsent(value)) return null;
  if (typeof value === 'string' && TICKET_ID.test(value.trim())) return value.trim();
  problems.push({ field, message: TICKET_ID_RULE });
  return null;
}

function paymentReferenceOf(value: unknown, problems: Problems): string | null {
  if (isAbsent(value)) return null;
  if (typeof value === 'string' && value.trim().length <= PAYMENT_REFERENCE_MAX_LENGTH) return value.trim();
  problems.push({ field: 'paymentReference', message: `must be a string of at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters` });
  return null;
}

/** A uuid, in lower case; '' when absent or bad (then with its problem). */
function uuidOf(value: unknown, field: string, problems: Problems): string {
  if (isAbsent(value)) return '';
  if (typeof value === 'string' && UUID_PATTERN.test(value.trim())) return value.trim().toLowerCase();
  problems.push({ field, message: 'must be a uuid' });
  return '';
}

/** The one ticketId of `purchaseFlight` and `flightTickets`. */
export function checkTicketId(ticketId: unknown): { ticketId: string } | { problems: Problems } {
  const problems: Problems = [];
  const id = ticketIdOf(ticketId, problems);
  if (!id && !problems.length) problems.push({ field: 'ticketId', message: 'is required' });
  return outcome(problems, { ticketId: id! });
}

export interface CancellationRequest {
  reservationId: string | null;
  ticketId: string | null;
  reason: string | null;
}

/** `cancelFlightReservation`: reservationId or ticketId (both when they name one reservation), and an optional reason. */
export function checkCancellation(input: { reservationId?: unknown; ticketId?: unknown; reason?: unknown }): CancellationRequest | { problems: Problems } {
  const problems: Problems = [];
  if (isAbsent(input.reservationId) && isAbsent(input.ticketId)) problems.push({ field: 'reservationId', message: 'or ticketId is required' });
  const reservationId = uuidOf(input.reservationId, 'reservationId', problems) || null;
  const ticketId = ticketIdOf(input.ticketId, problems);
  let reason: string | null = null;
  if (input.reason !== undefined && input.reason !== null) {
    if (typeof input.reason === 'string' && input.reason.length <= CANCEL_REASON_MAX_LENGTH) reason = input.reason.trim() || null;
    else problems.push({ field: 'reason', message: `must be a string of at most ${CANCEL_REASON_MAX_LENGTH} characters` });
  }
  return outcome(problems, { reservationId, ticketId, reason });
}

export interface IssueLookup {
  paymentReference: string | null;
  ticketId: string | null;
}

/** The issue signal's lookup (`signalFlightIssuance`): paymentReference or ticketId (both when they name one reservation). */
export function checkIssueLookup(input: { paymentReference?: unknown; ticketId?: unknown }): IssueLookup | { problems: Problems } {
  const problems: Problems = [];
  if (isAbsent(input.paymentReference) && isAbsent(input.ticketId)) problems.push({ field: 'paymentReference', message: 'or ticketId is required' });
  const paymentReference = paymentReferenceOf(input.paymentReference, problems);
  const ticketId = ticketIdOf(input.ticketId, problems);
  return outcome(problems, { paymentReference, ticketId });
}

export interface DirectIssueInput {
  ticketId?: unknown;
  paymentReference?: unknown;
  sourceTicketId?: unknown;
  paymentRequestId?: unknown;
  reconciliationOperationId?: unknown;
}

export interface PaymentRecoveryRequest {
  sourceTicketId: string;
  paymentRequestId: string;
  operationId: string;
  /** The replacement reservation's ticketId. */
  ticketId: string;
  paymentReference: string | null;
}

const RECOVERY_MEMBERS = ['sourceTicketId', 'paymentRequestId', 'reconciliationOperationId', 'ticketId'] as const;

/** Any recovery member asks for cancelled-payment recovery (exact SUDO), which then needs every one of them. */
export const isRecoveryRequest = (input: DirectIssueInput) =>
  [input.sourceTicketId, input.paymentRequestId, input.reconciliationOperationId].some((v) => v !== undefined && v !== null);

/**
 * `issueFlightDirect`: with a recovery member, the cancelled-payment recovery (the cancelled source ticket, its
 * confirmed payment, the reconciliation operation and the replacement ticketId); without, a lookup as the signal's.
 */
export function checkDirectIssue(input: DirectIssueInput): { recovery: PaymentRecoveryRequest } | { lookup: IssueLookup } | { problems: Problems } {
  if (!isRecoveryRequest(input)) {
    const lookup = checkIssueLookup(input);
    return 'problems' in lookup ? lookup : { lookup };
  }
  const problems: Problems = RECOVERY_MEMBERS.filter((member) => isAbsent(input[member])).map((field) => ({
    field,
    message: 'is required for cancelled-payment recovery',
  }));
  const operationId = uuidOf(input.reconciliationOperationId, 'reconciliationOperationId', problems);
  const paymentRequestId = uuidOf(input.paymentRequestId, 'paymentRequestId', problems);
  const sourceTicketId = ticketIdOf(input.sourceTicketId, problems, 'sourceTicketId');
  const ticketId = ticketIdOf(input.ticketId, problems);
  const paymentReference = paymentReferenceOf(input.paymentReference, problems);
  return outcome(problems, { recovery: { sourceTicketId: sourceTicketId!, paymentRequestId, operationId, ticketId: ticketId!, paymentReference } });
}

/**
 * `startFlightPayment`: the reservation's paymentReference and a method, in any case. Which methods there are is the
 * payment provider's (`methods`); without it only the method's presence and length are checked.
 */
export function checkPaymentStart(
  input: { paymentReference?: unknown; method?: unknown; phoneNumber?: unknown },
  methods?: readonly string[],
): { paymentReference: string; method: string; phone: PayerPhone | null } | { problems: Problems } {
  const problems: Problems = [];
  const phone = payerPhoneOf(input.phoneNumber, problems);
  const paymentReference = paymentReferenceOf(input.paymentReference, problems);
  if (!paymentReference && !problems.length) problems.push({ field: 'paymentReference', message: 'is required' });
  const method = typeof input.method === 'string' ? input.method.trim().toUpperCase() : '';
  if (isAbsent(input.method)) problems.push({ field: 'method', message: 'is required' });
  else if (methods ? !methods.includes(method) : method.length === 0 || method.length > PAYMENT_METHOD_MAX_LENGTH)
    problems.push({
      field: 'method',
      message: methods ? `must be one of ${methods.join(', ')}` : `must be a string of at most ${PAYMENT_METHOD_MAX_LENGTH} characters`,
    });
  return outcome(problems, { paymentReference: paymentReference!, method, phone });
}

/** The number a mobile-money prompt goes to, as the payment provider takes it. */
export interface PayerPhone {
  e164: string;
  country: string | null;
}

/** Optional: a mobile number, "+…" in its own country, otherwise Tanzanian. */
function payerPhoneOf(value: unknown, problems: Problems): PayerPhone | null {
  if (isAbsent(value)) return null;
  if (typeof value === 'string' && value.length > PAYER_PHONE_MAX_LENGTH) {
    problems.push({ field: 'phoneNumber', message: `must be at most ${PAYER_PHONE_MAX_LENGTH} characters` });
    return null;
  }
  const checked = checkPhoneText(value);
  if ('error' in checked) {
    problems.push({ field: 'phoneNumber', message: checked.error });
    return null;
  }
  const parsed = parsePhone(checked.value.text, checked.value.international ? null : TANZANIA_CALLING_CODE, true);
  if ('error' in parsed) {
    problems.push({ field: 'phoneNumber', message: parsed.error });
    return null;
  }
  return { e164: parsed.value.e164, country: parsed.value.country };
}

/** The message of the payment request's 400. */
export const paymentProblemsMessage = (problems: Problems) => `Invalid payment request: ${problems.map((p) => p.field).join(', ')}`;

/** `confirmFlightPaymentSandbox`: a payment request id is a uuid, answered in lower case. */
export function checkPaymentRequestId(paymentRequestId: unknown): { paymentRequestId: string } | { problems: Problems } {
  const problems: Problems = [];
  const id = uuidOf(paymentRequestId, 'paymentRequestId', problems);
  if (!id && !problems.length) problems.push({ field: 'paymentRequestId', message: 'must be a uuid' });
  return outcome(problems, { paymentRequestId: id });
}
