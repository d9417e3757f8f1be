import { Directive, Field, ObjectType } from 'type-graphql';
import { TripFields } from '../../../shared/graphql/trip.type';

/** A flight reservation as the account's trip list shows it; resolved by its global id (FlightTripService). */
@Directive('@key(fields: "id")')
@ObjectType('FlightBooking', { implements: TripFields, description: 'A flight reservation in a trip list' })
export class FlightBooking extends TripFields {
  @Field(() => String, { nullable: true, description: "The airline's record locator; null until the supplier booked" })
  pnr!: string | null;

  @Field(() => Boolean, { description: 'Whether the booking is a return journey' })
  returnJourney!: boolean;
}
