import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import { describedEnum, enumOf } from '../../../shared/graphql/enum.builder';
import { MESSAGE_TYPES, MessageType, NOTIFICATION_CHANNELS, NotificationChannel } from '../../../shared/notifications/notification.types';
import { NOTIFICATION_LOG_STATUSES, NotificationLogStatus } from '../../../shared/notifications/notification-log.service';

export const NotificationMessageType = enumOf(MESSAGE_TYPES);
export type NotificationMessageType = MessageType;
registerEnumType(NotificationMessageType, {
  name: 'NotificationMessageType',
  description: 'What a customer message is about',
  valuesConfig: {
    TICKET: { description: 'The issued ticket' },
    RESERVATION: { description: 'A reservation awaiting payment' },
    RESERVATION_REMINDER: { description: 'A reminder that a reservation expires soon' },
    RESERVATION_CANCELLATION: { description: 'A reservation was cancelled or expired' },
    TRIP_DELAY: { description: 'The trip is delayed' },
    TRIP_CANCELLATION: { description: 'The trip is cancelled' },
    TRIP_UPDATE: { description: 'Another change to the trip' },
    ACCOUNT_CREATION: { description: 'A new account was created' },
    WEBHOOK_ENDPOINT_DISABLED: { description: "One of the account's webhook endpoints was disabled after failing for the whole retry window" },
  },
});

export const NotificationChannelType = enumOf(NOTIFICATION_CHANNELS);
export type NotificationChannelType = NotificationChannel;
registerEnumType(NotificationChannelType, {
  name: 'NotificationChannel',
  description: 'How a customer message is delivered',
  valuesConfig: {
    EMAIL: { description: 'Email' },
    SMS: { description: 'Text message' },
    WHATSAPP: { description: 'WhatsApp message' },
    PUSH: { description: 'Mobile push notification' },
  },
});

export const NotificationLogStatusType = enumOf(NOTIFICATION_LOG_STATUSES);
export type NotificationLogStatusType = NotificationLogStatus;
registerEnumType(NotificationLogStatusType, {
  name: 'NotificationLogStatus',
  description: 'SUPPRESSED: the rules said no (see detail). UNCERTAIN: an interrupted send over a channel that cannot deduplicate; not repeated.',
  valuesConfig: {
    PENDING: { description: 'Waiting to be sent (possibly until sendAfter)' },
    SENDING: { description: 'An attempt is running' },
    RETRYING: { description: 'An attempt failed; another will follow' },
    SENT: { description: 'The provider accepted the message' },
    FAILED: { description: 'Every attempt failed; no more will be made' },
    SUPPRESSED: { description: 'The rules said no (see detail)' },
    UNCERTAIN: { description: 'An interrupted send over a channel that cannot deduplicate; not repeated' },
    NO_RECIPIENT: { description: 'The booking has no address for any channel' },
  },
});

export const NotificationAttemptStatusEnum = describedEnum('NotificationAttemptStatus', 'How one try at sending a message ended', {
  STARTED: 'Running (or its worker has not reported yet)',
  SENT: 'The provider accepted the message',
  FAILED: 'The provider refused it or could not be reached',
  SUPPRESSED: 'The rules said no; nothing was sent',
  INTERRUPTED: 'Its worker died mid-send',
});

@ObjectType({ description: 'One try at sending a message' })
export class NotificationAttempt {
  @Field(() => Int, { description: 'Attempt number, from 1' })
  attempt!: number;

  @Field(() => NotificationAttemptStatusEnum, { description: 'How the attempt ended, or STARTED while it runs' })
  status!: string;

  @Field({ description: 'Provider used for this attempt (e.g. the SMS or email gateway)' })
  provider!: string;

  @Field(() => String, { nullable: true, description: "The provider's id for the message; null when the provider gave none" })
  providerMessageId!: string | null;

  @Field(() => String, { nullable: true, description: 'Error message of a failed attempt; null otherwise' })
  error!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the attempt started (UTC)' })
  startedAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the attempt ended (UTC); null while it runs or when its worker died' })
  finishedAt!: Date | null;
}

@ObjectType({ description: 'A customer message to one recipient on one channel, or a request that produced none' })
export class NotificationLogEntry {
  @Field(() => ID, { description: 'Id of the log entry' })
  notificationId!: string;

  @Field(() => ID, { nullable: true, description: 'Also the idempotency key given to the provider' })
  deliveryId!: string | null;

  @Field({ description: 'flight, train, bus, ...' })
  bookingKind!: string;

  @Field(() => String, { nullable: true, description: 'Booking the message is about; null for messages about no booking (e.g. account creation)' })
  bookingReference!: string | null;

  @Field(() => NotificationMessageType, { description: 'What the message is about' })
  messageType!: NotificationMessageType;

  @Field({ description: 'AUTOMATIC (a booking event) or MANUAL (a staff resend)' })
  trigger!: string;

  @Field(() => NotificationChannelType, { nullable: true, description: 'Channel used; null when no channel could be chosen (see status NO_RECIPIENT)' })
  channel!: NotificationChannelType | null;

  @Field(() => String, { nullable: true, description: 'Masked address, e.g. a***@example.com or ***123' })
  recipient!: string | null;

  @Field(() => NotificationLogStatusType, { description: 'Where the message is in its delivery' })
  status!: NotificationLogStatusType;

  @Field(() => String, { nullable: true, description: 'Suppression reason or last error' })
  detail!: string | null;

  @Field(() => String, { nullable: true, description: 'Provider of the last attempt; null before the first attempt' })
  provider!: string | null;

  @Field(() => String, { nullable: true, description: "The provider's message id of the last successful attempt; null otherwise" })
  providerMessageId!: string | null;

  @Field(() => Int, { description: 'How many attempts were made so far' })
  attemptCount!: number;

  @Field(() => DateTimeScalar, { description: 'When the message was requested (UTC)' })
  requestedAt!: Date;

  @Field(() => DateTimeScalar, { description: 'Not sent before this instant (reminders are scheduled)' })
  sendAfter!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Last change of the entry (UTC); null when never changed' })
  updatedAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the provider accepted the message (UTC); null until sent' })
  sentAt!: Date | null;

  @Field(() => [NotificationAttempt], { description: 'Every attempt, oldest first' })
  attempts!: NotificationAttempt[];
}

@ObjectType({ description: 'One page of the notification log (ADMIN or SUDO)' })
export class NotificationLogPage {
  @Field(() => Int, {
    description:
      'Entries matching the filter, across all pages, counted up to 1000: when totalIsExact is false there are at least that many. Counted only when selected',
  })
  total!: number;

  @Field({ description: 'Whether total is the exact count (false: counting stopped at 1000)' })
  totalIsExact!: boolean;

  @Field(() => [NotificationLogEntry], { description: 'The entries of this page, newest first' })
  entries!: NotificationLogEntry[];

  @Field(() => String, {
    nullable: true,
    description:
      'Pass as `after` to read the next page; null on the last page. Opaque: it names the last entry of this page, so entries logged meanwhile do not shift the pages that follow',
  })
  nextCursor!: string | null;
}

@ArgsType()
export class NotificationLogArgs {
  @Field(() => String, { nullable: true, description: 'Only entries of this booking reference' })
  bookingReference?: string | null;

  @Field(() => NotificationMessageType, { nullable: true, description: 'Only entries of this message type' })
  messageType?: NotificationMessageType | null;

  @Field(() => NotificationLogStatusType, { nullable: true, description: 'Only entries in this status' })
  status?: NotificationLogStatusType | null;

  @Field(() => NotificationChannelType, { nullable: true, description: 'Only entries sent over this channel' })
  channel?: NotificationChannelType | null;

  @Field(() => Int, { defaultValue: 50, description: 'Page size: default 50, maximum 200 (1 to 200)' })
  limit!: number;

  @Field(() => Int, { defaultValue: 0, description: 'Entries to skip, from 0 to 10000 (default 0); deeper pages follow nextCursor' })
  offset!: number;

  @Field(() => String, {
    nullable: true,
    description: "A previous page's nextCursor: answers the entries after that page (with the same filters). Replaces offset; giving both is an error",
  })
  after?: string | null;
}
