import { z } from 'zod';
import { ErrorBodySchema } from '../rest-contract';
import { CurrencyCode, DateTime, MoneyAmount, text, Uuid } from './common.schemas';
import { RecordLocator, ReservationStatus, TicketDocument } from './flight-reservation.schemas';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/** Purchase, issuance, cancellation and customer payment bodies of the flight routes. */

/* ------------------------------------------------------------------ purchase, issuance, cancellation */

export const FlightIssuance = z
  .object({
    reservationId: Uuid,
    status: ReservationStatus,
    documents: z.array(TicketDocument),
    bookingReference: z.string().optional(),
    recordLocators: z.array(RecordLocator).optional(),
  })
  .meta({ id: 'FlightIssuance', description: 'The issuance of a reservation: its status and ticket documents.' });

export const FlightIssueSignalAccepted = z
  .object({
    signaled: z.boolean(),
    workflowId: text('The running issuance workflow; left out when none is known.').optional(),
    ticketId: z.string(),
    paymentReference: z.string(),
    ticketUuids: z.array(Uuid),
  })
  .meta({ id: 'FlightIssueSignalAccepted', description: 'Payment accepted for issuance.' });

const PaymentRecovery = z
  .object({
    reconciliationOperationId: Uuid,
    sourceTicketId: z.string(),
    replacementTicketId: z.string(),
    state: z.enum(['RESERVED', 'ISSUED', 'REFUND_REQUIRED']),
    recoveryIdempotent: z.boolean(),
    finalizationIdempotent: z.boolean(),
  })
  .meta({ id: 'FlightPaymentRecovery', description: 'Cancelled-payment recovery of a direct issuance (recovery requests only).' });

export const FlightDirectIssued = z
  .object({
    issued: z.boolean(),
    ticketId: z.string(),
    paymentReference: z.string(),
    ticketUuids: z.array(Uuid),
    issuance: FlightIssuance,
    paymentRecovery: PaymentRecovery.optional(),
  })
  .meta({ id: 'FlightDirectIssued', description: 'Direct issuance done.' });

export const FlightDirectPending = FlightIssuance.extend({ paymentRecovery: PaymentRecovery.optional() }).meta({
  id: 'FlightDirectPending',
  description: 'The issuance response; with paymentRecovery for recovery requests (RESERVED, or REFUND_REQUIRED).',
});

export const FlightCancellation = z
  .object({
    reservationId: Uuid,
    state: z.enum(['CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED']),
    paymentState: z.enum(['NOT_REQUIRED', 'PENDING', 'CONFIRMED', 'MISMATCH', 'REFUND_PENDING', 'REFUNDED', 'REFUND_REQUIRED']),
    refundState: z.enum(['REFUNDED', 'REFUND_PENDING', 'REFUND_REQUIRED']).nullable(),
    alreadyCancelled: z.boolean().meta({ description: 'True when cancelled before this request.' }),
    ticketId: text('The ticketId the request named.').optional(),
    bookingReference: z.string().optional(),
    cancelledAt: DateTime.optional(),
  })
  .meta({ id: 'FlightCancellation', description: 'The outcome of a cancellation: the reservation, payment and refund states.' });

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
