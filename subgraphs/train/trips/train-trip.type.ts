import { Directive, Field, ObjectType } from 'type-graphql';
import { TripFields } from '../../../shared/graphql/trip.type';

/** A train reservation as the account's trip list shows it; resolved by its global id (TrainTripService). */
@Directive('@key(fields: "id")')
@ObjectType('TrainBooking', { implements: TripFields, description: 'An SGR train reservation in a trip list' })
export class TrainBooking extends TripFields {
  @Field({ description: 'Number of the outbound train, e.g. "S101"' })
  trainNumber!: string;

  @Field({ description: 'ONE_WAY or ROUND_TRIP' })
  journeyType!: string;

  @Field(() => Number, { description: 'How many passengers travel' })
  passengerCount!: number;
}
