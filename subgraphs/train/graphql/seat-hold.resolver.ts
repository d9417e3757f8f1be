import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import type { SeatHoldService } from '../holds/seat-hold.service';

@InputType({ description: 'train-bus-admin.md POST /api/trip/train/seat/hold; the service answers missing fields' })
export class TrainSeatHoldInput {
  @Field(() => Int, { nullable: true, description: 'The departure station partner id' })
  departureStopPartnerId?: number | null;

  @Field(() => Int, { nullable: true })
  arrivalStopPartnerId?: number | null;

  @Field(() => Int, { nullable: true, description: 'As the search and details answered it (it names the day too)' })
  timeTableTrainSetId?: number | null;

  @Field(() => Int, { nullable: true, description: 'The details car id' })
  carId?: number | null;

  @Field(() => Int, { nullable: true, description: 'The seat id' })
  seat?: number | null;

  @Field(() => Int, { nullable: true, description: 'Default 5: no luggage' })
  luggageId?: number | null;
}

@ObjectType()
export class TrainSeatHold {
  @Field()
  key!: string;

  @Field({ description: 'HELD or RELEASED' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'When an unused hold lapses (ISO 8601)' })
  expiresAt!: string | null;
}

@ObjectType()
export class TrainSeatHoldPayload {
  @Field(() => TrainSeatHold)
  hold!: TrainSeatHold;
}

@Resolver()
export class SeatHoldResolver {
  constructor(private readonly holds: SeatHoldService) {}

  @Mutation(() => TrainSeatHoldPayload, { description: 'Holds one seat on every segment between two stations until it is reserved or lapses' })
  async holdTrainSeat(@Arg('input', () => TrainSeatHoldInput) input: TrainSeatHoldInput, @Ctx() { req }: GraphQLContext): Promise<TrainSeatHoldPayload> {
    return { hold: await this.holds.hold(await req.principal(), input) };
  }

  @Mutation(() => TrainSeatHoldPayload, { description: 'Lets one of your held seats go; repeating is harmless' })
  async releaseTrainSeat(@Arg('key', () => String, { nullable: true }) key: string | null, @Ctx() { req }: GraphQLContext): Promise<TrainSeatHoldPayload> {
    return { hold: await this.holds.release(await req.principal(), key) };
  }
}
