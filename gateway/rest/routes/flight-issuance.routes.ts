import type { JsonObject, RestRequest, RestRoute } from '../rest-route';
import { DIRECT_ISSUE_RESULT, ISSUE_SIGNAL_RESULT } from './flight-selections';

/* Customer payment and issuance (spec flight.md, docs/payments.md). */

/** FlightPaymentType (subgraphs/flight/graphql/flight-payment.type.ts), every field. */
export const FLIGHT_PAYMENT = 'paymentRequestId reservationId paymentReference amount currency method status provider providerReference createdAt confirmedAt';

/** A JSON string stays a string; numbers become their text; objects are refused by GraphQL. */
function stringOrNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return typeof value === 'number' ? String(value) : value;
}

/** Optional members the spec lists only when present are left out rather than sent as null. */
function withoutNulls<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** DIRECT_ISSUE_RESULT as GraphQL answers it. */
type DirectIssueData = Record<'complete' | 'issued' | 'ticketId' | 'paymentReference' | 'ticketUuids' | 'paymentRecovery', unknown> & {
  issuance: JsonObject | null;
};

const signal: RestRoute = {
  method: 'POST',
  path: '/api/flight/ticket/issue/signal',
  auth: true,
  jsonBody: true,
  operation: ({ body }: RestRequest) => ({
    query: `mutation Signal($paymentReference: String, $ticketId: String) {
      signalFlightIssuance(paymentReference: $paymentReference, ticketId: $ticketId) { ${ISSUE_SIGNAL_RESULT} } }`,
    variables: { paymentReference: stringOrNull((body as JsonObject).paymentReference), ticketId: stringOrNull((body as JsonObject).ticketId) },
  }),
  reply: (data: {
    signalFlightIssuance: Record<'complete' | 'signaled' | 'workflowId' | 'ticketId' | 'paymentReference' | 'ticketUuids' | 'issuance', unknown>;
  }) => {
    const { complete, signaled, workflowId, ticketId, paymentReference, ticketUuids, issuance } = data.signalFlightIssuance;
    // 200: already fully issued, the issuance response; 202: accepted for issuance.
    if (complete) return { status: 200, body: issuance };
    return { status: 202, body: { signaled, workflowId, ticketId, paymentReference, ticketUuids } };
  },
};

const direct: RestRoute = {
  method: 'POST',
  path: '/api/flight/ticket/issue/direct',
  auth: true,
  jsonBody: true,
  operation: ({ body }: RestRequest) => {
    const b = body as JsonObject;
    return {
      query: `mutation Direct($ticketId: String, $paymentReference: String, $sourceTicketId: String, $paymentRequestId: String, $reconciliationOperationId: String) {
        issueFlightDirect(ticketId: $ticketId, paymentReference: $paymentReference, sourceTicketId: $sourceTicketId,
          paymentRequestId: $paymentRequestId, reconciliationOperationId: $reconciliationOperationId) { ${DIRECT_ISSUE_RESULT} } }`,
      variables: {
        ticketId: stringOrNull(b.ticketId),
        paymentReference: stringOrNull(b.paymentReference),
        // undefined and null both mean "absent": any present recovery field enables recovery.
        sourceTicketId: stringOrNull(b.sourceTicketId),
        paymentRequestId: stringOrNull(b.paymentRequestId),
        reconciliationOperationId: stringOrNull(b.reconciliationOperationId),
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
  operation: ({ body }: RestRequest) => ({
    query: `mutation StartPayment($paymentReference: String, $method: String) {
      startFlightPayment(paymentReference: $paymentReference, method: $method) { created payment { ${FLIGHT_PAYMENT} } } }`,
    variables: { paymentReference: stringOrNull((body as JsonObject).paymentReference), method: stringOrNull((body as JsonObject).method) },
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
  operation: ({ params }: RestRequest) => ({
    query: `mutation ConfirmPayment($paymentRequestId: ID) { confirmFlightPaymentSandbox(paymentRequestId: $paymentRequestId) { ${FLIGHT_PAYMENT} } }`,
    variables: { paymentRequestId: params.paymentRequestId },
  }),
  reply: (data: { confirmFlightPaymentSandbox: unknown }) => ({ body: data.confirmFlightPaymentSandbox }),
};

export const flightIssuanceRoutes: RestRoute[] = [signal, direct, startPayment, confirmPayment];
