import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { TicketLookupArgs } from '../../../shared/graphql/ticket-lookup.type';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainTicketLookupService } from '../reservations/train-ticket-lookup.service';
import { TrainTicketLookupResult } from './train-ticket-lookup.type';

/** Thin: the train part of GET /api/ticket; the caller's own tickets, administrators anyone's. */
@Resolver()
export class TrainTicketLookupResolver {
  constructor(private readonly lookups: TrainTicketLookupService) {}

  @Query(() => TrainTicketLookupResult, { description: 'Train tickets matching every filter given (at least one required)' })
  async trainTicketLookup(@Args(() => TicketLookupArgs) filters: TicketLookupArgs, @Ctx() { req }: GraphQLContext): Promise<TrainTicketLookupResult> {
    return this.lookups.lookup(await req.principal(), filters);
  }
}
