import { Field, ObjectType } from 'type-graphql';
import { TicketLookupFields } from '../../../shared/graphql/ticket-lookup.type';

@ObjectType({ implements: TicketLookupFields, description: 'One flight ticket found by GET /api/ticket' })
export class FlightTicketLookupItem extends TicketLookupFields {}

@ObjectType({ description: 'Flight tickets matching a lookup, newest booking first' })
export class FlightTicketLookupResult {
  @Field(() => [FlightTicketLookupItem], { description: 'The matching tickets, at most 100' })
  tickets!: FlightTicketLookupItem[];

  @Field(() => Boolean, { description: 'More tickets matched than the limit (100): narrow the filters' })
  truncated!: boolean;
}
