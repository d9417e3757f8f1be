import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import type { FlightTicketLookupService } from '../reservations/flight-ticket-lookup.service';
import { FlightTicketLookupResult } from './flight-ticket-lookup.type';

/** Thin: the flight part of GET /api/ticket; the caller's own tickets, administrators anyone's. */
@Resolver()
export class FlightTicketLookupResolver {
  constructor(private readonly lookups: FlightTicketLookupService) {}

  @Query(() => FlightTicketLookupResult, { description: 'Flight tickets matching every filter given (at least one required)' })
  async flightTicketLookup(
    @Arg('ticketId', () => String, { nullable: true }) ticketId: string | null,
    @Arg('paymentReference', () => String, { nullable: true }) paymentReference: string | null,
    @Arg('bookingReference', () => String, { nullable: true }) bookingReference: string | null,
    @Arg('email', () => String, { nullable: true }) email: string | null,
    @Arg('phoneNumber', () => String, { nullable: true }) phoneNumber: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<FlightTicketLookupResult> {
    return this.lookups.lookup(await req.principal(), { ticketId, paymentReference, bookingReference, email, phoneNumber });
  }
}
