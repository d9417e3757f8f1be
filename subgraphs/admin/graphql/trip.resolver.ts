import { Arg, Args, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TripListService } from '../trips/trip-list.service';
import { Account } from './account.type';
import { NodeReference, TripConnection, TripsArgs } from './trip.type';

@Resolver(() => Account)
export class TripResolver {
  constructor(private readonly tripList: TripListService) {}

  @FieldResolver(() => TripConnection, {
    description: 'The bookings of this account across flight and train, newest first: for an agent the bookings it sold. Cursor pages (after = endCursor)',
  })
  async trips(@Root() account: Account, @Args() args: TripsArgs, @Ctx() { req }: GraphQLContext): Promise<TripConnection> {
    return this.tripList.page(await req.principal(), account.id, args);
  }

  @Query(() => NodeReference, { nullable: true, description: "Any object by its global id; null when there is none or it is another account's" })
  async node(@Arg('id', () => ID, { description: 'A global id, e.g. a Trip id' }) id: string, @Ctx() { req }: GraphQLContext): Promise<NodeReference | null> {
    return this.tripList.node(await req.principal(), id);
  }
}
