import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { SeatHoldService } from '../holds/seat-hold.service';
import { TrainSeatHoldStatusEnum } from './train-enums.type';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';

@InputType({ description: 'The seat to hold: one seat of one car of one train between two stations, with its luggage choice' })
export class TrainSeatHoldInput {
  @Field(() => Int, { description: 'The departure station partner id (departure.stop.partners[].id, provider RAIL, service SGR)' })
  departureStopPartnerId!: number;

  @Field(() => Int, { description: 'The arrival station partner id (arrival.stop.partners[].id, provider RAIL, service SGR)' })
  arrivalStopPartnerId!: number;

  @Field(() => Int, { description: 'trip.timeTableTrainSetId as the search and details answered it (it names the day too)' })
  timeTableTrainSetId!: number;

  @Field(() => Int, { description: 'The details car id (trainDetails train.cars[].id)' })
  carId!: number;

  @Field(() => Int, { description: 'The seat id (trainDetails train.cars[].seats[].id, as a number)' })
  seat!: number;

  @Field(() => Int, { nullable: true, defaultValue: 5, description: 'A luggage option id (bookingRequirements.luggageOptions[].id); default 5: no luggage' })
  luggageId?: number | null;
}

@ObjectType({ description: 'A seat hold of the signed-in customer' })
export class TrainSeatHold {
  @Field({ description: 'The hold key: releaseTrainSeat and the reservation passengers take it' })
  key!: string;

  @Field(() => TrainSeatHoldStatusEnum, { description: 'HELD while the seat is yours, RELEASED once let go' })
  status!: string;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When an unused hold lapses; null once released' })
  expiresAt!: string | null;
}

@ObjectType({ description: 'The answer of holdTrainSeat and releaseTrainSeat' })
export class TrainSeatHoldPayload {
  @Field(() => TrainSeatHold, { description: 'The hold' })
  hold!: TrainSeatHold;
}

@Resolver()
export class SeatHoldResolver {
  constructor(private readonly holds: SeatHoldService) {}

  @Mutation(() => TrainSeatHoldPayload, { description: 'Holds one seat on every segment between two stations until it is reserved or lapses' })
  async holdTrainSeat(
    @Arg('input', () => TrainSeatHoldInput, { description: 'The seat to hold' }) input: TrainSeatHoldInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainSeatHoldPayload> {
    return { hold: await this.holds.hold(await req.principal(), input) };
  }

  @Mutation(() => TrainSeatHoldPayload, { description: 'Lets one of your held seats go; repeating is harmless' })
  async releaseTrainSeat(
    @Arg('key', () => String, { description: 'The hold key (hold.key of holdTrainSeat)' }) key: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainSeatHoldPayload> {
    return { hold: await this.holds.release(await req.principal(), key) };
  }
}
