import { ArgsType, Directive, Field, ID, InputType, Int, InterfaceType, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { TripKindValue } from '../../../shared/graphql/trip.type';
import { TRIP_PAGE_DEFAULT } from '../trips/trip-list.service';

/** What a node answers: its concrete type, for the gateway to resolve its fields where they live. */
interface Typed {
  __typename: string;
}

/** Node and Trip values carry their concrete type (TripListService answers them so). */
export const tripTypeResolvers = {
  Node: { __resolveType: (value: Typed) => value.__typename },
  Trip: { __resolveType: (value: Typed) => value.__typename },
};

/** Relay global object identification: anything with a global id. Today every node is a trip. */
@InterfaceType('Node', { description: 'An object with a global id: node(id) finds it', resolveType: (value: Typed) => value.__typename })
export abstract class NodeReference {
  @Field(() => ID, { description: 'Global id' })
  id!: string;
}

/**
 * A trip as the list holds it: its global id and type. Every other field of Trip is answered by the subgraph that owns
 * the booking (flight, train), which the gateway asks once per page.
 */
@InterfaceType('Trip', {
  implements: NodeReference,
  description: 'One booking of the account, whatever its kind: FlightBooking and TrainBooking implement it',
  resolveType: (value: Typed) => value.__typename,
})
export abstract class TripReference {
  @Field(() => ID, { description: 'Global id: node(id) and bookingUpdated(id) take it' })
  id!: string;
}

@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('FlightBooking', { implements: [TripReference, NodeReference], description: 'A flight reservation in a trip list' })
export class FlightBookingReference extends TripReference {}

@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('TrainBooking', { implements: [TripReference, NodeReference], description: 'An SGR train reservation in a trip list' })
export class TrainBookingReference extends TripReference {}

@ObjectType({ description: 'Where a page ends and whether another follows (Relay cursor connections)' })
export class PageInfo {
  @Field({ description: 'Whether another page follows: ask again with after = endCursor' })
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; null on an empty page' })
  endCursor!: string | null;
}

@ObjectType({ description: 'One trip of a page with its cursor' })
export class TripEdge {
  @Field({ description: 'Opaque; pass it as after to continue after this trip' })
  cursor!: string;

  @Field(() => TripReference, { description: 'The trip' })
  node!: TripReference;
}

@ObjectType({ description: "A page of an account's trips, newest first" })
export class TripConnection {
  @Field(() => [TripEdge], { description: 'The trips of this page' })
  edges!: TripEdge[];

  @Field(() => PageInfo, { description: 'Whether more trips follow' })
  pageInfo!: PageInfo;
}

@InputType({ description: 'Which trips to list; every part is optional and the parts combine with AND' })
export class TripFilter {
  @Field(() => [TripKindValue], { nullable: true, description: 'Only these kinds (at most 2)' })
  kinds?: TripKindValue[];

  @Field(() => [String], { nullable: true, description: "Only these statuses, each the kind's own value, e.g. ISSUED (at most 16)" })
  statuses?: string[];

  @Field(() => LocalDateScalar, { nullable: true, description: 'First departure on or after this local date' })
  departureFrom?: string;

  @Field(() => LocalDateScalar, { nullable: true, description: 'First departure on or before this local date' })
  departureTo?: string;
}

@ArgsType()
export class TripsArgs {
  @Field(() => Int, { defaultValue: TRIP_PAGE_DEFAULT, description: 'Trips per page, 1 to 50' })
  first!: number;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;

  @Field(() => TripFilter, { nullable: true, description: 'Which trips' })
  filter?: TripFilter | null;
}
