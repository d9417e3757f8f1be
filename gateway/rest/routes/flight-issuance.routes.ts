import { z } from 'zod';
import type { JsonObject, RestRequest, RestRoute } from '../rest-route';
import { DIRECT_ISSUE_RESULT, ISSUE_SIGNAL_RESULT } from './flight-selections';
import { withoutNulls } from './flight.routes';
import {
  FlightDirectIssued,
  FlightDirectIssueRequest,
  FlightDirectPending,
  FlightIssuance,
  FlightIssueSignalAccepted,
  FlightIssueSignalRequest,
  FLIGHT_PAYMENT_SHAPE,
  FlightPayment,
  FlightStartPaymentRequest,
} from '../schemas/flight-issuance.schemas';

/* Customer payment and issuance (OpenAPI `postFlightTicketIssueSignal`, `postFlightTicketIssueDirect`, `startFlightPayment`, `confirmFlightPayment`; docs/payments.md). */

/** The payment request's selection, derived from FlightPaymentType (the flight payment tests read it too). */
export const FLIGHT_PAYMENT = FLIGHT_PAYMENT_SHAPE.selection;

/** An optional string member of a checked body: absent is null for GraphQL. */
const member = (body: unknown, name: string): unknown => (body as JsonObject)[name] ?? null;

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
    body: FlightIssueSignalRequest,
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
    query: `mutation Signal($paymentReference: String, $ticketId: String) {
      signalFlightIssuance(paymentReference: $paymentReference, ticketId: $ticketId) { ${ISSUE_SIGNAL_RESULT} } }`,
    variables: { paymentReference: member(body, 'paymentReference'), ticketId: member(body, 'ticketId') },
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
    body: FlightDirectIssueRequest,
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
  operation: ({ body }: RestRequest) => {
    const b = body as JsonObject;
    return {
      query: `mutation Direct($ticketId: String, $paymentReference: String, $sourceTicketId: String, $paymentRequestId: String, $reconciliationOperationId: String) {
        issueFlightDirect(ticketId: $ticketId, paymentReference: $paymentReference, sourceTicketId: $sourceTicketId,
          paymentRequestId: $paymentRequestId, reconciliationOperationId: $reconciliationOperationId) { ${DIRECT_ISSUE_RESULT} } }`,
      variables: {
        ticketId: member(b, 'ticketId'),
        paymentReference: member(b, 'paymentReference'),
        // Any present recovery field enables recovery.
        sourceTicketId: member(b, 'sourceTicketId'),
        paymentRequestId: member(b, 'paymentRequestId'),
        reconciliationOperationId: member(b, 'reconciliationOperationId'),
      },
    };
  },
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
    body: FlightStartPaymentRequest,
    responses: {
      200: { description: 'The existing pending or confirmed payment request.', schema: FlightPayment },
      201: { description: 'A new payment request.', schema: FlightPayment },
    },
    errors: {
      400: 'paymentReference missing or too long, or an unknown method (each in data.fields[]).',
      402: 'PAYMENT_DECLINED: the provider declined the charge (data.paymentRequestId).',
      403: "The reservation is another account's.",
      404: 'Reservation not found.',
      409: 'The reservation cannot be paid in its state.',
      410: 'FLIGHT_RESERVATION_EXPIRED.',
      502: 'The payment provider failed.',
    },
  },
  operation: ({ body }: RestRequest) => ({
    query: `mutation StartPayment($paymentReference: String!, $method: String!) {
      startFlightPayment(paymentReference: $paymentReference, method: $method) { created payment { ${FLIGHT_PAYMENT} } } }`,
    variables: { paymentReference: member(body, 'paymentReference'), method: member(body, 'method') },
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
    params: z.object({ paymentRequestId: z.string().max(64).meta({ description: 'The paymentRequestId (a uuid).' }) }),
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
    query: `mutation ConfirmPayment($paymentRequestId: ID!) { confirmFlightPaymentSandbox(paymentRequestId: $paymentRequestId) { ${FLIGHT_PAYMENT} } }`,
    variables: { paymentRequestId: params.paymentRequestId },
  }),
  reply: (data: { confirmFlightPaymentSandbox: unknown }) => ({ body: data.confirmFlightPaymentSandbox }),
};

export const flightIssuanceRoutes: RestRoute[] = [signal, direct, startPayment, confirmPayment];
