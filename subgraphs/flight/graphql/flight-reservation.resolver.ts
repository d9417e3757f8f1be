import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { ReserveService } from '../reservations/reserve.service';
import type { PurchaseService } from '../reservations/purchase.service';
import type { CancelService } from '../reservations/cancel.service';
import type { TicketQueryService } from '../reservations/ticket-query.service';
import { toCustomerReservationResult } from './flight-offer.mapper';
import { FlightReservationInput } from './reservation-input.type';
import { AgentReservationResult, CancellationResult, CustomerReservationResult, PurchaseResult } from './reservation-result.type';
import { FlightTicketType } from './flight-ticket.type';

/** Thin: each field authenticates, hands the request context's parts to its service and returns its view. */
@Resolver()
export class FlightReservationResolver {
  constructor(
    private readonly reserveService: ReserveService,
    private readonly purchaseService: PurchaseService,
    private readonly cancelService: CancelService,
    private readonly ticketQuery: TicketQueryService,
  ) {}

  @Mutation(() => CustomerReservationResult, { description: 'Customer reservation of a reviewed offer (price confirmed before 201)' })
  async reserveFlight(
    @Arg('input', () => FlightReservationInput, { description: 'The reservation request' }) input: FlightReservationInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<CustomerReservationResult> {
    const principal = await req.principal();
    const view = await this.reserveService.reserve(principal, 'CUSTOMER', input, {
      language: req.language,
      authenticationContext: req.authenticationContext,
    });
    return toCustomerReservationResult(view);
  }

  @Mutation(() => AgentReservationResult, {
    description:
      'Agent reservation (SERVICE_AGENT or THIRD_PARTY_AGENT): freezes the wallet debit, deducts nothing. X-External-User-Id is read from the header.',
  })
  async reserveFlightAsAgent(
    @Arg('input', () => FlightReservationInput, { description: 'The reservation request' }) input: FlightReservationInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<AgentReservationResult> {
    const principal = await req.principal();
    return await this.reserveService.reserve(principal, 'AGENT', input, {
      externalUserId: req.externalUserId,
      language: req.language,
      authenticationContext: req.authenticationContext,
    });
  }

  @Mutation(() => PurchaseResult, { description: 'Agent purchase: wallet admission once, synchronous issuance; complete false means 202 (repeat the call)' })
  async purchaseFlight(
    @Arg('ticketId', () => String, { description: 'Ticket id of the agent reservation to purchase' }) ticketId: string,
    @Arg('ticketUuids', () => [ID], {
      nullable: true,
      description: 'Ticket row ids; ignored (the ticketId selects the reservation)',
      deprecationReason: 'Ignored: the ticketId alone selects the reservation',
    })
    _ticketUuids: string[] | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<PurchaseResult> {
    return await this.purchaseService.purchase(await req.principal(), ticketId);
  }

  @Mutation(() => CancellationResult, { description: 'Cancels the whole unissued reservation; repeating is idempotent (alreadyCancelled)' })
  async cancelFlightReservation(
    @Arg('reservationId', () => ID, { nullable: true, description: 'Reservation to cancel; send this or ticketId' }) reservationId: string | null,
    @Arg('ticketId', () => String, { nullable: true, description: 'Ticket id of the reservation to cancel; send this or reservationId' })
    ticketId: string | null,
    @Arg('reason', () => String, { nullable: true, description: 'Free-text reason, stored with the cancellation' }) reason: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<CancellationResult> {
    return await this.cancelService.cancel(await req.principal(), { reservationId, ticketId, reason });
  }

  @Query(() => [FlightTicketType], { description: 'The tickets of one ticketId (both itinerary rows of a return trip); owner or administrator' })
  async flightTickets(
    @Arg('ticketId', () => String, { description: 'Ticket id shown to the customer' }) ticketId: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<FlightTicketType[]> {
    return await this.ticketQuery.tickets(await req.principal(), ticketId);
  }
}
