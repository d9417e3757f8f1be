import { Field, InputType, ObjectType } from 'type-graphql';
import {
  TrainNotificationChannelEnum,
  TrainNotificationDeliveryStatusEnum,
  TrainNotificationRoleEnum,
  TrainResendMessageTypeEnum,
  TrainSettledStatusEnum,
} from './train-enums.type';

/*
 * POST /api/trip/train/send-notification (OpenAPI `postTripTrainSendNotification`). The selectors and emailType are plain
 * nullable strings on purpose: the send-notification validator (shared/api-contract) checks the selector, channels and
 * message type together and lists every problem in one 400 (`data.fields[]`), and the legacy emailType accepts aliases
 * an enum could not.
 */

@InputType({ description: 'Exactly one selector (paymentReference, pnr, ticketNumber or trainTicketUuids), and what to send on which channels' })
export class TrainSendNotificationInput {
  @Field(() => String, { nullable: true, description: 'Selects the whole reservation' })
  paymentReference?: string | null;

  @Field(() => String, { nullable: true, description: "The provider's PNR; selects the whole reservation" })
  pnr?: string | null;

  @Field(() => String, { nullable: true, description: "A full provider ticket number; selects that ticket's whole reservation" })
  ticketNumber?: string | null;

  @Field(() => [String], { nullable: true, description: 'Ticket uuids of one reservation: only the passengers owning them are addressed' })
  trainTicketUuids?: string[] | null;

  @Field(() => [TrainNotificationChannelEnum], {
    nullable: true,
    description: 'EMAIL and/or WHATSAPP; default [EMAIL]; duplicates dropped, first occurrence kept',
  })
  notificationChannels?: string[] | null;

  @Field(() => TrainResendMessageTypeEnum, { nullable: true, description: 'Which message to resend; default TRAIN_TICKET' })
  messageType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Legacy, read only when messageType is omitted: the messageType values or TICKET, RESERVATION, RESERVATION_CANCELLATION (any case)',
  })
  emailType?: string | null;
}

@ObjectType({ description: 'One delivery of the resend: one recipient on one channel' })
export class TrainNotificationRecipientResult {
  @Field(() => String, { description: 'buyer or passenger:<index in the reservation>' })
  recipientKey!: string;

  @Field(() => TrainNotificationRoleEnum, { description: 'Whom the message was addressed to' })
  role!: string;

  @Field(() => String, { description: 'The address, masked (a***@example.com, ***678)' })
  to!: string;

  @Field(() => TrainNotificationDeliveryStatusEnum, {
    description: 'SENT, FAILED, SUPPRESSED or UNCERTAIN when final; PENDING, SENDING or RETRYING when still under way at the answer',
  })
  status!: string;

  @Field(() => String, { nullable: true, description: 'The last error or suppression reason' })
  error!: string | null;
}

@ObjectType({ description: 'What became of a channel: success when every delivery was SENT' })
export class TrainNotificationChannelReport {
  @Field(() => Boolean, { description: 'True when every recipient of the channel was sent to' })
  success!: boolean;

  @Field(() => [TrainNotificationRecipientResult], { description: 'One result per recipient' })
  results!: TrainNotificationRecipientResult[];
}

@ObjectType({ description: 'A channel the message was planned on' })
export class TrainNotificationChannelOutcome {
  @Field(() => TrainNotificationChannelEnum, { description: 'The channel' })
  channel!: string;

  @Field(() => String, { description: 'The notification log id of the request on this channel' })
  notificationId!: string;

  @Field(() => TrainNotificationChannelReport, { nullable: true, description: 'Only for EMAIL' })
  email!: TrainNotificationChannelReport | null;

  @Field(() => TrainNotificationChannelReport, { nullable: true, description: 'Only for WHATSAPP' })
  whatsapp!: TrainNotificationChannelReport | null;
}

@ObjectType({ description: 'Why nothing was sent on a channel' })
export class TrainNotificationChannelRejection {
  @Field(() => TrainNotificationChannelEnum, { description: 'The channel' })
  channel!: string;

  @Field(() => String, { description: 'SGR_NOTIFICATION_NO_RECIPIENT, SGR_NOTIFICATION_SUPPRESSED, SGR_NOTIFICATION_FAILED or SGR_NOTIFICATION_PENDING' })
  errorCode!: string;

  @Field(() => String, { description: 'Human-readable reason' })
  errorMessage!: string;

  @Field(() => String, { nullable: true, description: 'The notification log id, to follow it up' })
  notificationId!: string | null;
}

@ObjectType({ description: 'One selected channel, settled like Promise.allSettled: value when fulfilled, reason when rejected' })
export class TrainNotificationSettledResult {
  @Field(() => TrainSettledStatusEnum, { description: 'fulfilled (see value) or rejected (see reason)' })
  status!: 'fulfilled' | 'rejected';

  @Field(() => TrainNotificationChannelOutcome, { description: 'The channel outcome when status is fulfilled; null otherwise', nullable: true })
  value!: TrainNotificationChannelOutcome | null;

  @Field(() => TrainNotificationChannelRejection, { description: 'Why the channel failed when status is rejected; null otherwise', nullable: true })
  reason!: TrainNotificationChannelRejection | null;
}
