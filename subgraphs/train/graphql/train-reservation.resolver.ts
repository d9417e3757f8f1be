import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainReservationService } from '../reservations/reserve.service';
import type { TrainReserveInput } from '../reservations/reserve.request';
import { TrainReservationInput, TrainReservationResult } from './train-reservation.type';

/** Thin: authenticates, hands over the booking channel header (X-Authentication-Context) and returns the view. */
@Resolver()
export class TrainReservationResolver {
  constructor(private readonly reservations: TrainReservationService) {}

  @Mutation(() => TrainReservationResult, {
    description: 'Reserves held seats (one-way or return) with a bill, control number and a payment window of at most 25 minutes; retry-safe',
  })
  async reserveTrain(
    @Arg('input', () => TrainReservationInput, { description: 'The reservation' }) input: TrainReservationInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainReservationResult> {
    const principal = await req.principal();
    return this.reservations.reserve(principal, input as TrainReserveInput, { authenticationContext: req.authenticationContext, language: req.language });
  }
}
