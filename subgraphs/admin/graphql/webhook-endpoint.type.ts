import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import { describedEnum } from '../../../shared/graphql/enum.builder';
import {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENTS_MAX,
  WEBHOOK_PAGE_DEFAULT,
  WEBHOOK_PAGE_MAX,
  WEBHOOK_URL_MAX_LENGTH,
} from '../../../shared/api-contract/webhook-endpoint.validator';
import type { DeliveryStatus } from '../../../shared/webhooks/webhook-delivery.repository';

/*
 * The GraphQL face of webhook endpoints (README "Webhooks" → "Managing endpoints"). These are answers, not the
 * repository rows: no type here has the stored secrets; the signing secret is a field of WebhookEndpointSecret alone,
 * the answer of a creation and of a rotation.
 */

const EVENTS = `Event types to receive: 1 to ${WEBHOOK_EVENTS_MAX}, no repeats, from the catalogue (${SUBSCRIBABLE_EVENT_TYPES.join(', ')}); webhook.ping is sent on every ping and cannot be subscribed to`;
const URL_RULE = `An absolute HTTPS URL of at most ${WEBHOOK_URL_MAX_LENGTH} characters whose host is public: private, loopback, link-local and metadata addresses (in any spelling, or by a name resolving to one) are refused`;

export const WebhookDeliveryStatusEnum = describedEnum<DeliveryStatus>('WebhookDeliveryStatus', 'Where a delivery of one event to one endpoint is', {
  PENDING: 'Waiting for its first attempt (or, after a redelivery, its next one)',
  SENDING: 'An attempt is running',
  RETRYING: 'An attempt failed; another follows at nextAttemptAt',
  DELIVERED: 'The endpoint answered 2xx',
  FAILED: 'Every attempt over the retry window failed; no more are made unless it is redelivered',
  REFUSED: 'Not sent: the destination was refused at send time or the endpoint is gone',
});

@ObjectType({ description: 'An HTTPS endpoint of an account that receives signed events. Its signing secret is never shown here' })
export class WebhookEndpoint {
  @Field(() => ID, { description: 'The endpoint id, whe_…' })
  id!: string;

  @Field(() => ID, { description: 'The account whose events it receives' })
  accountId!: string;

  @Field({ description: 'Where the events are POSTed (HTTPS)' })
  url!: string;

  @Field(() => String, { nullable: true, description: "The owner's note about the endpoint; null when none" })
  description!: string | null;

  @Field(() => [String], { description: 'The event types it is subscribed to' })
  events!: string[];

  @Field({ description: 'Whether it receives events; an endpoint failing for the whole retry window (72 h) is disabled' })
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'Why it is disabled; null while enabled' })
  disabledReason!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Since when every attempt to it has failed; null after any success' })
  failingSince!: Date | null;

  @Field(() => DateTimeScalar, {
    nullable: true,
    description: 'Until when the secret before the last rotation still signs beside the current one (a second v1= in the signature); null when none does',
  })
  previousSecretExpiresAt!: Date | null;

  @Field(() => DateTimeScalar, { description: 'When it was registered' })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { description: 'When it last changed' })
  updatedAt!: Date;
}

@ObjectType({ description: 'An endpoint with its signing secret: answered only when the secret is made (creation, rotation)' })
export class WebhookEndpointSecret {
  @Field(() => WebhookEndpoint, { description: 'The endpoint' })
  endpoint!: WebhookEndpoint;

  @Field({ description: 'The signing secret (whsec_…), shown this once: keep it to verify the Safiri-Signature header' })
  secret!: string;
}

@ObjectType({ description: 'One page of webhook endpoints, newest first' })
export class WebhookEndpointPage {
  @Field(() => [WebhookEndpoint], { description: 'The endpoints of this page' })
  endpoints!: WebhookEndpoint[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page' })
  nextCursor!: string | null;
}

@ObjectType({ description: 'The result of a deletion' })
export class WebhookEndpointDeletion {
  @Field(() => ID, { description: 'The id of the deleted endpoint' })
  id!: string;
}

@ObjectType({ description: 'A ping recorded: a webhook.ping event for this endpoint only, delivered like any other event' })
export class WebhookPing {
  @Field(() => ID, { description: 'The id of the webhook.ping event (evt_…), the Safiri-Event-Id the endpoint receives' })
  eventId!: string;

  @Field(() => ID, { description: 'The endpoint pinged' })
  endpointId!: string;
}

@ObjectType({ description: 'The delivery of one event to one endpoint, with its last attempt' })
export class WebhookDelivery {
  @Field(() => ID, { description: 'The delivery id, whd_…' })
  id!: string;

  @Field(() => ID, { description: 'The event delivered (evt_…): the receiver dedups on it' })
  eventId!: string;

  @Field({ description: 'The type of the event, e.g. flight.order.issued' })
  eventType!: string;

  @Field(() => ID, { description: 'The endpoint it goes to' })
  endpointId!: string;

  @Field(() => WebhookDeliveryStatusEnum, { description: 'Where the delivery is' })
  status!: DeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far (across redeliveries)' })
  attemptCount!: number;

  @Field(() => Int, { nullable: true, description: "The HTTP status of the last attempt's answer; null before one or when none came" })
  lastStatusCode!: number | null;

  @Field(() => Int, { nullable: true, description: 'How long the last attempt took, in milliseconds; null before one' })
  latencyMs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed; null when it did not' })
  lastError!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the next attempt is due; null when none is scheduled' })
  nextAttemptAt!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the endpoint accepted it; null until then' })
  deliveredAt!: Date | null;

  @Field(() => DateTimeScalar, { description: 'When the delivery was made for the event' })
  createdAt!: Date;
}

@ObjectType({ description: "One page of an endpoint's deliveries, newest first" })
export class WebhookDeliveryPage {
  @Field(() => [WebhookDelivery], { description: 'The deliveries of this page' })
  deliveries!: WebhookDelivery[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page' })
  nextCursor!: string | null;
}

@ArgsType()
export class WebhookPageArgs {
  @Field(() => Int, { defaultValue: WEBHOOK_PAGE_DEFAULT, description: `Page size: default ${WEBHOOK_PAGE_DEFAULT}, 1 to ${WEBHOOK_PAGE_MAX}` })
  first!: number;

  @Field(() => String, { nullable: true, description: "A previous page's nextCursor; omitted starts at the newest" })
  after?: string | null;
}

@ArgsType()
export class WebhookEndpointPageArgs extends WebhookPageArgs {
  @Field(() => ID, { nullable: true, description: "ADMIN and SUDO: only this account's endpoints. Others always list their own" })
  accountId?: string | null;
}

@InputType({ description: 'A new webhook endpoint' })
export class CreateWebhookEndpointInput {
  @Field({ description: URL_RULE })
  url!: string;

  @Field(() => [String], { description: EVENTS })
  events!: string[];

  @Field(() => String, { nullable: true, description: `A note for the owner, at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters` })
  description?: string | null;
}

@InputType({ description: 'Only the members given change' })
export class UpdateWebhookEndpointInput {
  @Field({ nullable: true, description: `${URL_RULE}; omitted keeps the current one` })
  url?: string;

  @Field(() => [String], { nullable: true, description: `${EVENTS}; replaces the whole list; omitted keeps it` })
  events?: string[];

  @Field({ nullable: true, description: 'false stops deliveries; true starts them again and clears disabledReason and failingSince' })
  enabled?: boolean;

  @Field(() => String, { nullable: true, description: `A note of at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters; null clears it, omitted keeps it` })
  description?: string | null;
}
