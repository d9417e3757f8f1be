import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ID, ObjectType } from 'type-graphql';
import {
  FlightCancellationStateEnum,
  FlightPaymentRecoveryStateEnum,
  FlightRefundStateEnum,
  FlightReservationStatusEnum,
  FlightCancellationPaymentStateEnum,
} from './flight-enums.type';
import { AgentReservationType, ReservationSummaryType, TicketSummaryType } from './reservation.type';
import { RecordLocatorType, TicketDocumentType } from './reservation-record.type';
import { FlightTicketType } from './flight-ticket.type';

@ObjectType({ description: 'Agent reservation response (REST 201)' })
export class AgentReservationResult {
  @Field(() => AgentReservationType, { description: 'The reservation' })
  reservation!: AgentReservationType;

  @Field(() => [TicketSummaryType], { description: 'One item per passenger and itinerary' })
  tickets!: TicketSummaryType[];
}

/** The answers of the reservation mutations: reserve, purchase, issue and cancel. */

/* ------------------------------------------------------------------ purchase and issuance */

@ObjectType({ description: 'The issuance of a reservation: its status and ticket documents' })
export class IssuanceType {
  @Field(() => ID, { description: 'The reservation id' })
  reservationId!: string;

  @Field(() => FlightReservationStatusEnum, { description: 'The reservation status after the call, e.g. ISSUED' })
  status!: string;

  @Field(() => [TicketDocumentType], { description: 'The ticket documents, with ticket numbers once issued' })
  documents!: TicketDocumentType[];

  @Field(() => String, { nullable: true, description: 'Booking reference; null when not known yet' })
  bookingReference?: string | null;

  @Field(() => [RecordLocatorType], { nullable: true, description: 'Locators at the GDS and airlines; null when not known yet' })
  recordLocators?: RecordLocatorType[] | null;
}

@ObjectType({ description: 'POST /api/flight/purchase/agent' })
export class PurchaseResult {
  @Field({ description: 'True: every expected document verified (REST 200); false: in progress, partial or reconciliation (REST 202)' })
  complete!: boolean;

  @Field(() => IssuanceType, { description: 'The issuance state' })
  issuance!: IssuanceType;
}

@ObjectType({ description: 'POST /api/flight/ticket/issue/signal' })
export class IssueSignalResult {
  @Field({ description: 'True: the reservation was already fully issued (REST 200, body `issuance`); false: payment accepted for issuance (REST 202)' })
  complete!: boolean;

  @Field({ description: 'True when the issuance workflow was signaled by this request' })
  signaled!: boolean;

  @Field(() => String, { nullable: true, description: 'Id of the issuance workflow; null when none was started' })
  workflowId?: string | null;

  @Field({ description: 'The ticket id paid for' })
  ticketId!: string;

  @Field({ description: 'The payment reference paid' })
  paymentReference!: string;

  @Field(() => [ID], { description: 'FlightTicket.uuid of each ticket row concerned' })
  ticketUuids!: string[];

  @Field(() => IssuanceType, { nullable: true, description: 'The issuance response, when already fully issued' })
  issuance?: IssuanceType | null;
}

@ObjectType({ description: 'Cancelled-payment recovery of a direct issuance' })
export class PaymentRecoveryType {
  @Field(() => ID, { description: 'Id of the reconciliation operation' })
  reconciliationOperationId!: string;

  @Field({ description: 'Ticket id whose payment was cancelled' })
  sourceTicketId!: string;

  @Field({ description: 'Ticket id of the replacement reservation' })
  replacementTicketId!: string;

  @Field(() => FlightPaymentRecoveryStateEnum, { description: 'Where the recovery stands' })
  state!: string;

  @Field({ description: 'True when this recovery had already been requested' })
  recoveryIdempotent!: boolean;

  @Field({ description: 'True when the recovery had already been finalized' })
  finalizationIdempotent!: boolean;
}

@ObjectType({ description: 'POST /api/flight/ticket/issue/direct' })
export class DirectIssueResult {
  @Field({ description: 'True: REST 200 (this object); false: REST 202 (the issuance response, with paymentRecovery when present)' })
  complete!: boolean;

  @Field({ description: 'True when the tickets are issued' })
  issued!: boolean;

  @Field({ description: 'The ticket id issued' })
  ticketId!: string;

  @Field({ description: 'The payment reference of the ticket' })
  paymentReference!: string;

  @Field(() => [ID], { description: 'FlightTicket.uuid of each ticket row concerned' })
  ticketUuids!: string[];

  @Field(() => IssuanceType, { description: 'The issuance state' })
  issuance!: IssuanceType;

  @Field(() => PaymentRecoveryType, { nullable: true, description: 'Recovery requests only' })
  paymentRecovery?: PaymentRecoveryType | null;
}

/* ------------------------------------------------------------------ cancellation */

@ObjectType({ description: 'The outcome of a cancellation: the reservation, payment and refund states' })
export class CancellationType {
  @Field(() => ID, { description: 'The reservation id' })
  reservationId!: string;

  @Field(() => FlightCancellationStateEnum, { description: 'Where the cancellation stands' })
  state!: string;

  @Field(() => FlightCancellationPaymentStateEnum, { description: 'Where the payment stands: NOT_REQUIRED when no money was taken' })
  paymentState!: string;

  @Field(() => FlightRefundStateEnum, { nullable: true, description: 'The refund; null when nothing is to be refunded' })
  refundState!: string | null;

  @Field({ description: 'True when the reservation was cancelled before this request' })
  alreadyCancelled!: boolean;

  @Field(() => String, { nullable: true, description: 'Ticket id of the reservation; null when not known' })
  ticketId?: string | null;

  @Field(() => String, { nullable: true, description: 'Booking reference; null when not known' })
  bookingReference?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time' })
  cancelledAt?: string | null;
}

@ObjectType({ description: 'POST /api/flight/cancel' })
export class CancellationResult {
  @Field({ description: 'True: cancelled and verified, or already cancelled (REST 200); false: in progress or refund/reconciliation (REST 202)' })
  complete!: boolean;

  @Field(() => CancellationType, { description: 'The cancellation state' })
  cancellation!: CancellationType;
}

@ObjectType({ description: 'Customer reservation response (REST 201)' })
export class CustomerReservationResult {
  @Field(() => [FlightTicketType], { description: 'The flight tickets: one per passenger and itinerary' })
  tickets!: FlightTicketType[];

  @Field(() => ReservationSummaryType, { description: 'The reservation' })
  flightReservation!: ReservationSummaryType;
}
