import { z } from 'zod';
import { ErrorBodySchema } from '../rest.contract';
import { CurrencyCode, MoneyAmount, Uuid } from './common.schemas';
import { FLIGHT_ISSUANCE, FLIGHT_PAYMENT_RECOVERY } from './flight-ticket.schemas';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/** Purchase, issuance, cancellation and customer payment bodies of the flight routes. */

/* ------------------------------------------------------------------ purchase, issuance, cancellation */

/** The issuance response (purchase, the signal's 200, inside the direct issuance's answers): derived from IssuanceType. */
export const FlightIssuance = FLIGHT_ISSUANCE.schema;

/** The signal's 202: IssueSignalResult without complete and issuance, which the route answers as the 200. */
export const FLIGHT_SIGNAL_ACCEPTED = restShape('IssueSignalResult', {
  id: 'FlightIssueSignalAccepted',
  description: 'Payment accepted for issuance.',
  nullsAbsent: true,
  only: ['signaled', 'workflowId', 'ticketId', 'paymentReference', 'ticketUuids'],
  fields: { ticketUuids: { schema: Uuid } },
});

export const FlightIssueSignalAccepted = FLIGHT_SIGNAL_ACCEPTED.schema;

/** The direct issuance's 200: DirectIssueResult without complete. */
export const FLIGHT_DIRECT_ISSUED = restShape('DirectIssueResult', {
  id: 'FlightDirectIssued',
  description: 'Direct issuance done.',
  nullsAbsent: true,
  only: ['issued', 'ticketId', 'paymentReference', 'ticketUuids', 'issuance', 'paymentRecovery'],
  fields: { ticketUuids: { schema: Uuid }, issuance: { schema: FlightIssuance }, paymentRecovery: { schema: FLIGHT_PAYMENT_RECOVERY.schema } },
});

export const FlightDirectIssued = FLIGHT_DIRECT_ISSUED.schema;

export const FlightDirectPending = FlightIssuance.extend({ paymentRecovery: FLIGHT_PAYMENT_RECOVERY.schema.optional() }).meta({
  id: 'FlightDirectPending',
  description: 'The issuance response; with paymentRecovery for recovery requests (RESERVED, or REFUND_REQUIRED).',
});

/** The cancellation (200 and 202): refundState is the one member REST answers null; every other null is left out. */
export const FLIGHT_CANCELLATION = restShape('CancellationType', {
  id: 'FlightCancellation',
  nullsAbsent: true,
  fields: { reservationId: { schema: Uuid }, refundState: { keepNull: true } },
});

export const FlightCancellation = FLIGHT_CANCELLATION.schema;

/** 202 answers that are "still in progress" error objects (FLIGHT_RESERVATION_IN_PROGRESS) or a documented body. */
export const orInProgress = (schema: z.ZodType) => z.union([schema, ErrorBodySchema]);

/* ------------------------------------------------------------------ customer payments (extension, docs/payments.md) */

/** A customer payment request (docs/payments.md): the API type FlightPaymentType, with REST's formats. */
export const FLIGHT_PAYMENT_SHAPE = restShape('FlightPaymentType', {
  id: 'FlightPayment',
  description: 'Extension (docs/payments.md): a customer payment request; null members are not yet known.',
  fields: { paymentRequestId: { schema: Uuid }, reservationId: { schema: Uuid }, amount: { schema: MoneyAmount }, currency: { schema: CurrencyCode } },
});

export const FlightPayment = FLIGHT_PAYMENT_SHAPE.schema;
