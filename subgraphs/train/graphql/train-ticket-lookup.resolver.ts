import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import type { TrainTicketLookupService } from '../reservations/train-ticket-lookup.service';
import { TrainTicketLookupResult } from './train-ticket-lookup.type';

/** Thin: the train part of GET /api/ticket; the caller's own tickets, administrators anyone's. */
@Resolver()
export class TrainTicketLookupResolver {
  constructor(private readonly lookups: TrainTicketLookupService) {}

  @Query(() => TrainTicketLookupResult, { description: 'Train tickets matching every filter given (at least one required)' })
  async trainTicketLookup(
    @Arg('ticketId', () => String, { nullable: true }) ticketId: string | null,
    @Arg('paymentReference', () => String, { nullable: true }) paymentReference: string | null,
    @Arg('bookingReference', () => String, { nullable: true }) bookingReference: string | null,
    @Arg('email', () => String, { nullable: true }) email: string | null,
    @Arg('phoneNumber', () => String, { nullable: true }) phoneNumber: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainTicketLookupResult> {
    return this.lookups.lookup(await req.principal(), { ticketId, paymentReference, bookingReference, email, phoneNumber });
  }
}
