import { Field, ObjectType } from 'type-graphql';
import { TicketLookupFields } from '../../../shared/graphql/ticket-lookup.type';

@ObjectType({ implements: TicketLookupFields, description: 'One train ticket found by GET /api/ticket' })
export class TrainTicketLookupItem extends TicketLookupFields {}

@ObjectType({ description: 'Train tickets matching a lookup, newest booking first' })
export class TrainTicketLookupResult {
  @Field(() => [TrainTicketLookupItem], { description: 'The matching tickets' })
  tickets!: TrainTicketLookupItem[];

  @Field(() => Boolean, { description: 'More tickets matched than the limit (100): narrow the filters' })
  truncated!: boolean;
}
