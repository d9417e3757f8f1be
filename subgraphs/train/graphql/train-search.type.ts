import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Company, TrainStation } from './train-station.type';

@ObjectType()
export class TrainFee {
  @Field({ description: 'TRANSPORTER, FACILITATION or SERVICE_COMMISSION' })
  type!: string;

  @Field({ description: 'Decimal string; zero components are "0"' })
  amount!: string;

  @Field({ description: 'RAIL, SERVICE_AGENT or SERVICE' })
  recipient!: string;
}

@ObjectType({ description: 'One display currency of a train price; only amount and formatted when no rate was available' })
export class TrainCurrencyPrice {
  @Field({ description: 'The map key in REST' })
  code!: string;

  @Field(() => Float, { description: 'The fare only, in this currency (or the base currency when unconvertible)' })
  amount!: number;

  @Field()
  formatted!: string;

  @Field(() => String, { nullable: true })
  currency?: string | null;

  @Field(() => String, { nullable: true })
  total?: string | null;

  @Field(() => String, { nullable: true })
  bookingFeeTotal?: string | null;

  @Field(() => String, { nullable: true })
  grandTotal?: string | null;

  @Field(() => [TrainFee], { nullable: true })
  fees?: TrainFee[] | null;
}

@ObjectType({ description: 'train-bus-admin.md "Train price"' })
export class TrainPrice {
  @Field({ description: 'ONLINE, SERVICE_AGENT or THIRD_PARTY_AGENT' })
  pricingContext!: string;

  @Field()
  currency!: string;

  @Field({ description: 'Operator fare' })
  total!: string;

  @Field()
  bookingFeeTotal!: string;

  @Field({ description: 'Debited from an agent wallet per ticket; excludes any retail markup' })
  grandTotal!: string;

  @Field(() => [TrainFee])
  fees!: TrainFee[];

  @Field()
  baseCurrency!: string;

  @Field()
  basePrice!: string;

  @Field(() => [TrainCurrencyPrice], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: TrainCurrencyPrice[];
}

@ObjectType()
export class TrainTripInfo {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field()
  number!: string;

  @Field(() => Int)
  trainSetId!: number;

  @Field(() => Int)
  timeTableId!: number;

  @Field(() => Int)
  timeTableTrainSetId!: number;

  @Field(() => String, { nullable: true })
  gtfsTripId!: string | null;

  @Field(() => String, { nullable: true })
  headsign!: string | null;

  @Field(() => Int, { nullable: true })
  wheelchairAccessible!: number | null;

  @Field(() => Int, { nullable: true })
  bikesAllowed!: number | null;
}

@ObjectType()
export class TrainRoute {
  @Field(() => Int)
  id!: number;

  @Field()
  gtfsRouteId!: string;

  @Field()
  name!: string;
}

@ObjectType()
export class TrainCallingPoint {
  @Field({ description: 'YYYY-MM-DD, railway-local' })
  date!: string;

  @Field({ description: 'HH:mm, railway-local' })
  time!: string;

  @Field({ description: 'ISO 8601 with the +03:00 offset' })
  dateTime!: string;

  @Field(() => TrainStation)
  stop!: TrainStation;
}

@ObjectType()
export class TrainStopTime {
  @Field()
  stopId!: string;

  @Field(() => Int)
  stopSequence!: number;

  @Field(() => String, { nullable: true })
  arrivalTime!: string | null;

  @Field(() => String, { nullable: true })
  departureTime!: string | null;

  @Field()
  stopName!: string;

  @Field()
  stopDescription!: string;

  @Field(() => Float)
  latitude!: number;

  @Field(() => Float)
  longitude!: number;
}

@ObjectType({ description: 'train-bus-admin.md "Railway car (search)"' })
export class RailwayCar {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  carId!: number;

  @Field(() => Int)
  orderNo!: number;

  @Field(() => Int)
  typeId!: number;

  @Field()
  typeName!: string;

  @Field(() => Int)
  capacity!: number;

  @Field(() => Int)
  standardSeatCapacity!: number;

  @Field(() => Int)
  disabledSeatCapacity!: number;

  @Field(() => Int)
  emptySeats!: number;

  @Field(() => Int)
  emptyStandardSeats!: number;

  @Field(() => Int)
  emptyDisabledSeats!: number;

  @Field()
  hasSeat!: boolean;

  @Field(() => [String], { description: 'Provider metadata: never personal data' })
  bookedSeats!: string[];
}

@ObjectType()
export class TransitAgencyLogo {
  @Field()
  type!: string;

  @Field()
  url!: string;
}

@ObjectType({ description: 'The operator: the company comes from the admin subgraph (not copied)' })
export class TransitAgency {
  @Field(() => Company)
  company!: Company;

  @Field({ description: 'RAIL' })
  type!: string;

  @Field(() => [TransitAgencyLogo])
  logos!: TransitAgencyLogo[];
}

@ObjectType({ description: 'A train on the requested date between the searched stations' })
export class TrainTrip {
  @Field({ description: 'RAIL_SGR' })
  provider!: string;

  @Field(() => TrainTripInfo)
  trip!: TrainTripInfo;

  @Field(() => TrainRoute)
  route!: TrainRoute;

  @Field(() => TrainCallingPoint)
  departure!: TrainCallingPoint;

  @Field(() => TrainCallingPoint)
  arrival!: TrainCallingPoint;

  @Field(() => TrainPrice)
  price!: TrainPrice;

  @Field(() => [TrainStopTime], { nullable: true, description: 'Null when stop-time enrichment is unavailable' })
  stopTimes!: TrainStopTime[] | null;

  @Field(() => [RailwayCar])
  cars!: RailwayCar[];

  @Field(() => [String], { description: 'Deduplicated cabin list derived from cars' })
  carTypes!: string[];

  @Field(() => TransitAgency)
  transitAgency!: TransitAgency;
}

@ObjectType()
export class TrainLookAhead {
  @Field(() => Int)
  requestedDays!: number;

  @Field({ description: 'NOT_NEEDED, FOUND, NO_RESULTS or INCOMPLETE' })
  status!: string;

  @Field(() => String, { nullable: true })
  firstDate!: string | null;

  @Field(() => String, { nullable: true })
  confirmedThroughDate!: string | null;
}

@ObjectType()
export class TrainNextDate {
  @Field()
  date!: string;
}

@ObjectType()
export class TrainAvailabilityType {
  @Field({ description: 'RESULTS_FOUND or NO_RESULTS: the requested date only' })
  status!: string;

  @Field()
  requestedDate!: string;

  @Field({ description: "The railway's current date when the request started" })
  serviceDate!: string;

  @Field()
  serviceTimeZone!: string;

  @Field(() => TrainLookAhead)
  lookAhead!: TrainLookAhead;

  @Field(() => TrainNextDate, { nullable: true })
  next!: TrainNextDate | null;
}

@ObjectType()
export class TrainSearchLinks {
  @Field()
  self!: string;

  @Field(() => String, { nullable: true, description: 'Only when look-ahead FOUND a later date' })
  nextAvailable?: string | null;
}

@ObjectType()
export class TrainSearchMeta {
  @Field(() => Int, { description: 'Trains on the requested date' })
  count!: number;

  @Field()
  provider!: string;

  @Field(() => TrainSearchLinks)
  links!: TrainSearchLinks;

  @Field(() => TrainAvailabilityType, { nullable: true })
  availability?: TrainAvailabilityType | null;

  @Field()
  createdAt!: string;
}

@ObjectType()
export class TrainSearchResult {
  @Field(() => TrainSearchMeta)
  meta!: TrainSearchMeta;

  @Field(() => [TrainTrip])
  data!: TrainTrip[];
}
