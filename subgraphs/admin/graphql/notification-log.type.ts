import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumOf } from '../../../shared/graphql/enum-of';
import { MESSAGE_TYPES, MessageType, NOTIFICATION_CHANNELS, NotificationChannel } from '../../../shared/notifications/notification.types';
import { NOTIFICATION_LOG_STATUSES, NotificationLogStatus } from '../../../shared/notifications/notification-log.service';

export const NotificationMessageType = enumOf(MESSAGE_TYPES);
export type NotificationMessageType = MessageType;
registerEnumType(NotificationMessageType, { name: 'NotificationMessageType', description: 'What a customer message is about' });

export const NotificationChannelType = enumOf(NOTIFICATION_CHANNELS);
export type NotificationChannelType = NotificationChannel;
registerEnumType(NotificationChannelType, { name: 'NotificationChannel' });

export const NotificationLogStatusType = enumOf(NOTIFICATION_LOG_STATUSES);
export type NotificationLogStatusType = NotificationLogStatus;
registerEnumType(NotificationLogStatusType, {
  name: 'NotificationLogStatus',
  description: 'SUPPRESSED: the rules said no (see detail). UNCERTAIN: an interrupted send over a channel that cannot deduplicate; not repeated.',
});

@ObjectType({ description: 'One try at sending a message' })
export class NotificationAttempt {
  @Field(() => Int)
  attempt!: number;

  @Field({ description: 'STARTED, SENT, FAILED, SUPPRESSED or INTERRUPTED (its worker died mid-send)' })
  status!: string;

  @Field()
  provider!: string;

  @Field(() => String, { nullable: true })
  providerMessageId!: string | null;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field(() => GraphQLISODateTime)
  startedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  finishedAt!: Date | null;
}

@ObjectType({ description: 'A customer message to one recipient on one channel, or a request that produced none' })
export class NotificationLogEntry {
  @Field(() => ID)
  notificationId!: string;

  @Field(() => ID, { nullable: true, description: 'Also the idempotency key given to the provider' })
  deliveryId!: string | null;

  @Field({ description: 'flight, train, bus, ...' })
  bookingKind!: string;

  @Field(() => String, { nullable: true })
  bookingReference!: string | null;

  @Field(() => NotificationMessageType)
  messageType!: NotificationMessageType;

  @Field({ description: 'AUTOMATIC (a booking event) or MANUAL (a staff resend)' })
  trigger!: string;

  @Field(() => NotificationChannelType, { nullable: true })
  channel!: NotificationChannelType | null;

  @Field(() => String, { nullable: true, description: 'Masked address, e.g. a***@example.com or ***123' })
  recipient!: string | null;

  @Field(() => NotificationLogStatusType)
  status!: NotificationLogStatusType;

  @Field(() => String, { nullable: true, description: 'Suppression reason or last error' })
  detail!: string | null;

  @Field(() => String, { nullable: true })
  provider!: string | null;

  @Field(() => String, { nullable: true })
  providerMessageId!: string | null;

  @Field(() => Int)
  attemptCount!: number;

  @Field(() => GraphQLISODateTime)
  requestedAt!: Date;

  @Field(() => GraphQLISODateTime, { description: 'Not sent before this instant (reminders are scheduled)' })
  sendAfter!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  updatedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  sentAt!: Date | null;

  @Field(() => [NotificationAttempt])
  attempts!: NotificationAttempt[];
}

@ObjectType()
export class NotificationLogPage {
  @Field(() => Int, { description: 'Entries matching the filter, across all pages' })
  total!: number;

  @Field(() => [NotificationLogEntry])
  entries!: NotificationLogEntry[];
}

@ArgsType()
export class NotificationLogArgs {
  @Field(() => String, { nullable: true })
  bookingReference?: string | null;

  @Field(() => NotificationMessageType, { nullable: true })
  messageType?: NotificationMessageType | null;

  @Field(() => NotificationLogStatusType, { nullable: true })
  status?: NotificationLogStatusType | null;

  @Field(() => NotificationChannelType, { nullable: true })
  channel?: NotificationChannelType | null;

  @Field(() => Int, { defaultValue: 50, description: '1 to 200' })
  limit!: number;

  @Field(() => Int, { defaultValue: 0 })
  offset!: number;
}
