import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { TicketLookupArgs } from '../../../shared/graphql/ticket-lookup.type';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { FlightTicketLookupService } from '../reservations/flight-ticket-lookup.service';
import { FlightTicketLookupResult } from './flight-ticket-lookup.type';

/** Thin: the flight part of GET /api/ticket; the caller's own tickets, administrators anyone's. */
@Resolver()
export class FlightTicketLookupResolver {
  constructor(private readonly lookups: FlightTicketLookupService) {}

  @Query(() => FlightTicketLookupResult, { description: 'Flight tickets matching every filter given (at least one required)' })
  async flightTicketLookup(@Args(() => TicketLookupArgs) filters: TicketLookupArgs, @Ctx() { req }: GraphQLContext): Promise<FlightTicketLookupResult> {
    return this.lookups.lookup(await req.principal(), filters);
  }
}
