import { Directive, Field, ID, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar, LocalDateScalar } from './date-time.scalar';

/** The kinds of booking a trip list holds. Bus has search but no bookings yet (docs/decisions.md "Trips"). */
export enum TripKindValue {
  FLIGHT = 'FLIGHT',
  TRAIN = 'TRAIN',
}
registerEnumType(TripKindValue, {
  name: 'TripKind',
  description: 'What kind of booking a trip is',
  valuesConfig: { FLIGHT: { description: 'A flight reservation' }, TRAIN: { description: 'An SGR train reservation' } },
});

@Directive('@shareable')
@ObjectType({ description: 'Where a trip starts or ends' })
export class TripPlace {
  @Field({ description: 'IATA airport code (flight) or stop id (train)' })
  code!: string;

  @Field({ description: 'Name of the airport or station' })
  name!: string;
}

@Directive('@shareable')
@ObjectType({ description: "A trip's first departure in the local time of where it leaves from (never shifted through UTC)" })
export class TripDeparture {
  @Field(() => LocalDateScalar, { description: 'Local calendar date' })
  date!: string;

  @Field({ description: 'Local time of day, HH:mm' })
  time!: string;
}

@Directive('@shareable')
@ObjectType({ description: 'What a booking costs' })
export class TripPrice {
  @Field({ description: "Amount, a decimal string in the currency's decimals" })
  amount!: string;

  @Field({ description: 'ISO 4217 code' })
  currency!: string;
}

/**
 * The fields every kind of trip answers, as the GraphQL interface Trip. Each booking subgraph answers its own
 * implementation (FlightBooking, TrainBooking) from its own tables, declared identically in both; the admin subgraph lists
 * trips and returns only their ids, which the gateway resolves here, one batch per subgraph per page.
 */
@InterfaceType('Trip', { description: 'One booking of the account, whatever its kind: FlightBooking and TrainBooking implement it' })
export abstract class TripFields {
  @Field(() => ID, { description: 'Global id: node(id) and bookingUpdated(id) take it' })
  id!: string;

  @Field(() => TripKindValue, { description: 'What kind of booking this is' })
  kind!: TripKindValue;

  @Field({ description: "The booking's status in its own kind (flight: RESERVED … ISSUED, CANCELLED; train: PENDING, RESERVED, PAID, ISSUED, CANCELLED …)" })
  status!: string;

  @Field(() => ID, { description: "The booking's id in its own kind's endpoints (flight or train reservation id)" })
  reservationId!: string;

  @Field(() => String, { nullable: true, description: "An agent's own id for the customer it sold to (X-External-User-Id); null otherwise and for trains" })
  externalUserId!: string | null;

  @Field(() => String, { nullable: true, description: 'Flight booking reference or train PNR; null until the carrier gave one' })
  bookingReference!: string | null;

  @Field({ description: 'Reference of the payment that pays the booking' })
  paymentReference!: string;

  @Field(() => TripPlace, { description: 'Where the first journey leaves from' })
  from!: TripPlace;

  @Field(() => TripPlace, { description: 'Where the first journey arrives' })
  to!: TripPlace;

  @Field(() => TripDeparture, { description: 'When the first journey leaves, local time' })
  departure!: TripDeparture;

  @Field(() => TripPrice, {
    nullable: true,
    description: 'What the booking costs the buyer; null until the carrier priced it (a train reservation still PENDING or FAILED)',
  })
  price!: TripPrice | null;

  @Field(() => DateTimeScalar, { description: 'When the booking was made' })
  createdAt!: Date;

  @Field(() => DateTimeScalar, { description: 'When the booking last changed' })
  updatedAt!: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When an unpaid booking lapses; null once paid, issued or over' })
  expiresAt!: Date | null;
}
