import type { JsonObject, RestRequest, RestRoute } from '../rest-route.types';
import { type InputProblem, problemsOfCheck, validateUncarried } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { DIRECT_ISSUE_RESULT, ISSUE_SIGNAL_RESULT } from './flight-selections.data';
import { withoutNulls } from './flight.routes';
import {
  FlightDirectIssued,
  FlightDirectPending,
  FlightIssuance,
  FlightIssueSignalAccepted,
  FLIGHT_PAYMENT_SHAPE,
  FlightPayment,
} from '../schemas/flight-issuance.schemas';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';
import {
  checkDirectIssue,
  checkIssueLookup,
  checkPaymentStart,
  PAYMENT_METHOD_MAX_LENGTH,
  PAYER_PHONE_MAX_LENGTH,
  PAYMENT_REFERENCE_MAX_LENGTH,
  paymentProblemsMessage,
  TICKET_ID_MAX_LENGTH,
  TICKET_ID_PATTERN,
} from '../../../shared/api-contract/flight-issuance.validator';

/* Customer payment and issuance (OpenAPI `postFlightTicketIssueSignal`, `postFlightTicketIssueDirect`, `startFlightPayment`, `confirmFlightPayment`; docs/payments.md). */

/** The payment request's selection, derived from FlightPaymentType (the flight payment tests read it too). */
export const FLIGHT_PAYMENT = FLIGHT_PAYMENT_SHAPE.selection;

/*
 * Each body is its mutation's arguments. The issuance validator (shared/api-contract/flight-issuance.validator.ts)
 * checks the values: in the subgraph, after it authorizes the caller (a recovery is for exact SUDO, so a refusal comes
 * before any complaint about the identifiers), or here for a body GraphQL could not carry.
 */
const TICKET_ID = { documents: { pattern: TICKET_ID_PATTERN, maxLength: TICKET_ID_MAX_LENGTH } };
const PAYMENT_REFERENCE = { documents: { maxLength: PAYMENT_REFERENCE_MAX_LENGTH } };
const UUID = { documents: { format: 'uuid' } };

const lookupInvalid = (fields: InputProblem[]) => PlatformException.badRequest(problemsMessage(fields), { fields });

const SIGNAL_INPUT = restInput('Mutation.signalFlightIssuance', {
  description: 'Supply one of paymentReference or ticketId.',
  unknownMembers: 'ignore',
  order: ['paymentReference', 'ticketId'],
  members: { paymentReference: PAYMENT_REFERENCE, ticketId: TICKET_ID },
});

const DIRECT_INPUT = restInput('Mutation.issueFlightDirect', {
  description: 'ticketId or paymentReference (at least one); any recovery field asks for cancelled-payment recovery, which needs all three.',
  unknownMembers: 'ignore',
  order: ['ticketId', 'paymentReference', 'sourceTicketId', 'paymentRequestId', 'reconciliationOperationId'],
  members: { ticketId: TICKET_ID, paymentReference: PAYMENT_REFERENCE, sourceTicketId: TICKET_ID, paymentRequestId: UUID, reconciliationOperationId: UUID },
});

const START_PAYMENT_INPUT = restInput('Mutation.startFlightPayment', {
  unknownMembers: 'ignore',
  order: ['paymentReference', 'method', 'phoneNumber'],
  members: {
    paymentReference: PAYMENT_REFERENCE,
    method: { documents: { maxLength: PAYMENT_METHOD_MAX_LENGTH } },
    phoneNumber: { documents: { maxLength: PAYER_PHONE_MAX_LENGTH, example: '+255712345678' } },
  },
});

const CONFIRM_PAYMENT_INPUT = restInput('Mutation.confirmFlightPaymentSandbox', { in: 'path', members: { paymentRequestId: UUID } });

/** DIRECT_ISSUE_RESULT as GraphQL answers it. */
type DirectIssueData = Record<'complete' | 'issued' | 'ticketId' | 'paymentReference' | 'ticketUuids' | 'paymentRecovery', unknown> & {
  issuance: JsonObject | null;
};

const signal: RestRoute = {
  method: 'POST',
  path: '/api/flight/ticket/issue/signal',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Signal confirmed customer payment (start issuance)',
    description: 'The payment service (internal flight-issuance authorization) confirms payment; issuance then runs as restart-safe work.',
    tag: 'Flight',
    body: SIGNAL_INPUT.schema,
    validate: validateUncarried(SIGNAL_INPUT.schema, ({ body }) => problemsOfCheck(checkIssueLookup(body as JsonObject))),
    invalidInput: lookupInvalid,
    responses: {
      200: { description: 'The reservation was already fully issued: the issuance response.', schema: FlightIssuance },
      202: { description: 'Payment accepted for issuance.', schema: FlightIssueSignalAccepted },
    },
    errors: {
      400: 'Neither paymentReference nor ticketId, or the two name different reservations.',
      403: 'Internal flight-issuance authorization required.',
      404: 'Reservation not found.',
      409: 'PAYMENT_NOT_CONFIRMED, or the reservation cannot be issued in its state.',
      410: 'FLIGHT_RESERVATION_EXPIRED: unpaid past the payment deadline.',
      500: 'Retryable local failure.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation Signal(${SIGNAL_INPUT.variableDefinitions}) { signalFlightIssuance(${SIGNAL_INPUT.arguments}) { ${ISSUE_SIGNAL_RESULT} } }`,
    variables: SIGNAL_INPUT.variables(body as JsonObject),
  }),
  reply: (data: {
    signalFlightIssuance: Record<'complete' | 'signaled' | 'workflowId' | 'ticketId' | 'paymentReference' | 'ticketUuids' | 'issuance', unknown>;
  }) => {
    const { complete, signaled, workflowId, ticketId, paymentReference, ticketUuids, issuance } = data.signalFlightIssuance;
    // 200: already fully issued, the issuance response; 202: accepted for issuance.
    if (complete) return { status: 200, body: withoutNulls(issuance) };
    return { status: 202, body: withoutNulls({ signaled, workflowId, ticketId, paymentReference, ticketUuids }) };
  },
};

const direct: RestRoute = {
  method: 'POST',
  path: '/api/flight/ticket/issue/direct',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Issue directly (internal recovery)',
    description:
      'Admin or sudo: issues a customer or agent reservation synchronously, bypassing the customer payment gate. Any recovery field asks for ' +
      'cancelled-payment recovery (exact sudo, all three recovery identifiers and the replacement ticketId), which issues against the ' +
      'reassigned confirmed payment.',
    tag: 'Flight',
    body: DIRECT_INPUT.schema,
    validate: validateUncarried(DIRECT_INPUT.schema, ({ body }) => problemsOfCheck(checkDirectIssue(body as JsonObject))),
    invalidInput: lookupInvalid,
    responses: {
      200: { description: 'Issued; paymentRecovery for recovery requests only.', schema: FlightDirectIssued },
      202: {
        description: 'Issuance already active, reconciliation needed, or recovery reserved (retry later) or REFUND_REQUIRED: the issuance response.',
        schema: FlightDirectPending,
      },
    },
    errors: {
      400: 'Lookup missing, or recovery fields incomplete or invalid (each in data.fields[]).',
      403: 'Admin or sudo authorization required (exact sudo for recovery).',
      404: 'Reservation, ticket or payment not found.',
      409: 'The reservation cannot be issued in its current state, or the recovery conflicts with an earlier one.',
      410: 'No longer safe to issue (unpaid past the payment deadline).',
      500: 'Retryable local failure.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation Direct(${DIRECT_INPUT.variableDefinitions}) { issueFlightDirect(${DIRECT_INPUT.arguments}) { ${DIRECT_ISSUE_RESULT} } }`,
    // A recovery field sent at all, even empty, asks for recovery: each member passes as sent, an absent one as null.
    variables: DIRECT_INPUT.variables(body as JsonObject),
  }),
  reply: (data: { issueFlightDirect: DirectIssueData }) => {
    const { complete, issued, ticketId, paymentReference, ticketUuids, issuance, paymentRecovery } = data.issueFlightDirect;
    if (complete) return { status: 200, body: withoutNulls({ issued, ticketId, paymentReference, ticketUuids, issuance, paymentRecovery }) };
    // 202: the issuance response, with paymentRecovery for recovery requests (RESERVED or REFUND_REQUIRED).
    return { status: 202, body: withoutNulls({ ...issuance, paymentRecovery }) };
  },
};

const startPayment: RestRoute = {
  method: 'POST',
  path: '/api/flight/payments',
  auth: true,
  jsonBody: true,
  contract: {
    summary: 'Start the online payment of a customer reservation',
    description: 'Extension (docs/payments.md): a payment request for the current grand total; repeating it answers the pending or confirmed one.',
    tag: 'Flight',
    operationId: 'startFlightPayment',
    body: START_PAYMENT_INPUT.schema,
    // Which methods there are is the payment provider's: the subgraph names them.
    validate: validateUncarried(START_PAYMENT_INPUT.schema, ({ body }) => problemsOfCheck(checkPaymentStart(body as JsonObject))),
    invalidInput: (fields) => PlatformException.badRequest(paymentProblemsMessage(fields), { fields }),
    responses: {
      200: { description: 'The existing pending or confirmed payment request.', schema: FlightPayment },
      201: { description: 'A new payment request.', schema: FlightPayment },
    },
    errors: {
      400:
        'paymentReference missing or too long, an unknown method, or a phoneNumber that is not a mobile number (each in data.fields[]); ' +
        'at a real payment provider, MOBILE_MONEY needs a phoneNumber of a country whose operators charge the reservation currency.',
      402: 'PAYMENT_DECLINED: the provider declined the charge (data.paymentRequestId).',
      403: "The reservation is another account's.",
      404: 'Reservation not found.',
      409: 'The reservation cannot be paid in its state.',
      410: 'FLIGHT_RESERVATION_EXPIRED.',
      502: 'The payment provider failed.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation StartPayment(${START_PAYMENT_INPUT.variableDefinitions}) {
      startFlightPayment(${START_PAYMENT_INPUT.arguments}) { created payment { ${FLIGHT_PAYMENT} } } }`,
    variables: START_PAYMENT_INPUT.variables(body as JsonObject),
  }),
  reply: (data: { startFlightPayment: { created: boolean; payment: unknown } }) => ({
    status: data.startFlightPayment.created ? 201 : 200,
    body: data.startFlightPayment.payment,
  }),
};

const confirmPayment: RestRoute = {
  method: 'POST',
  path: '/api/flight/payments/:paymentRequestId/confirm',
  auth: true,
  contract: {
    summary: "Record the provider's confirmation of a payment (sandbox)",
    description:
      'Extension (docs/payments.md): what the provider webhook would do; ADMIN, SUDO or ISSUER; idempotent. The caller is authorized before ' +
      'the id is checked, so its uuid form is checked by the subgraph (400).',
    tag: 'Flight',
    operationId: 'confirmFlightPayment',
    params: CONFIRM_PAYMENT_INPUT.schema,
    responses: { 200: { description: 'The confirmed payment.', schema: FlightPayment } },
    errors: {
      400: 'paymentRequestId is not a uuid.',
      403: 'ADMIN, SUDO or ISSUER required.',
      404: 'Payment not found.',
      409: 'The payment cannot be confirmed in its state.',
      502: 'The payment provider failed.',
    },
  },
  operation: ({ params }: RestRequest) => ({
    query: `mutation ConfirmPayment(${CONFIRM_PAYMENT_INPUT.variableDefinitions}) {
      confirmFlightPaymentSandbox(${CONFIRM_PAYMENT_INPUT.arguments}) { ${FLIGHT_PAYMENT} } }`,
    variables: CONFIRM_PAYMENT_INPUT.variables(params),
  }),
  reply: (data: { confirmFlightPaymentSandbox: unknown }) => ({ body: data.confirmFlightPaymentSandbox }),
};

export const flightIssuanceRoutes: RestRoute[] = [signal, direct, startPayment, confirmPayment];
