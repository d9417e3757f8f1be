import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Company, TrainStation } from './train-station.type';
import { TrainFeeRecipientEnum, TrainFeeTypeEnum, TrainPricingContextEnum, TrainTransitAgencyTypeEnum } from './train-enums.type';
import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { AvailabilityStatusEnum, LookAheadStatusEnum } from '../../../shared/graphql/search-availability.type';

// simpleResolvers: these types are plain read-only data with no per-field middleware or auth, so graphql-js reads
// each property itself instead of through type-graphql's per-field wrapper (thousands of fields per search answer).
@ObjectType({ simpleResolvers: true, description: 'One fee of a price, e.g. the booking fee; amount is a decimal string in the price currency' })
export class TrainFee {
  @Field(() => TrainFeeTypeEnum, { description: 'What the fee pays for' })
  type!: string;

  @Field({ description: 'Decimal string; zero components are "0"' })
  amount!: string;

  @Field(() => TrainFeeRecipientEnum, { description: 'Who receives the fee' })
  recipient!: string;
}

@ObjectType({ simpleResolvers: true, description: 'One display currency of a train price; only amount and formatted when no rate was available' })
export class TrainCurrencyPrice {
  @Field({ description: 'The map key in REST' })
  code!: string;

  @Field(() => Float, { description: 'The fare only, in this currency (or the base currency when unconvertible)' })
  amount!: number;

  @Field({ description: 'amount formatted for display with its currency' })
  formatted!: string;

  @Field(() => String, { description: 'ISO 4217 code of the converted amounts; null when no rate was available', nullable: true })
  currency?: string | null;

  @Field(() => String, { description: 'The fare in this currency, a decimal string; null when no rate was available', nullable: true })
  total?: string | null;

  @Field(() => String, { description: 'Booking fees in this currency, a decimal string; null when no rate was available', nullable: true })
  bookingFeeTotal?: string | null;

  @Field(() => String, { description: 'total plus bookingFeeTotal in this currency, a decimal string; null when no rate was available', nullable: true })
  grandTotal?: string | null;

  @Field(() => [TrainFee], { description: 'The fees in this currency; null when no rate was available', nullable: true })
  fees?: TrainFee[] | null;
}

@ObjectType({
  simpleResolvers: true,
  description: 'The price of one seat: the operator fare, the fees above it and their sum, and the fare in other display currencies',
})
export class TrainPrice {
  @Field(() => TrainPricingContextEnum, { description: 'Which pricing rules made this price' })
  pricingContext!: string;

  @Field({ description: 'ISO 4217 code of total, bookingFeeTotal and grandTotal (the customer currency)' })
  currency!: string;

  @Field({ description: 'Operator fare' })
  total!: string;

  @Field({ description: "All booking fees, a decimal string in the currency's decimals" })
  bookingFeeTotal!: string;

  @Field({ description: 'Debited from an agent wallet per ticket; excludes any retail markup' })
  grandTotal!: string;

  @Field(() => [TrainFee], { description: 'The fees making up bookingFeeTotal' })
  fees!: TrainFee[];

  @Field({ description: 'ISO 4217 code of the operator fare (TZS)' })
  baseCurrency!: string;

  @Field({ description: "The operator fare in baseCurrency, a decimal string in the currency's decimals" })
  basePrice!: string;

  @Field(() => [TrainCurrencyPrice], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: TrainCurrencyPrice[];
}

@ObjectType({ simpleResolvers: true, description: 'Identifiers and names of one train run (timeTableTrainSetId identifies it on its date)' })
export class TrainTripInfo {
  @Field(() => Int, { description: 'Provider trip id' })
  id!: number;

  @Field({ description: 'Train name' })
  name!: string;

  @Field({ description: 'Train number for display' })
  number!: string;

  @Field(() => Int, { description: 'Provider train set id' })
  trainSetId!: number;

  @Field(() => Int, { description: 'Provider timetable id' })
  timeTableId!: number;

  @Field(() => Int, { description: 'Identifies this run on its date: trainDetails, holdTrainSeat and reserveTrain take it' })
  timeTableTrainSetId!: number;

  @Field(() => String, { description: 'GTFS trip_id; null when unknown', nullable: true })
  gtfsTripId!: string | null;

  @Field(() => String, { description: 'Destination shown on the train; null when unknown', nullable: true })
  headsign!: string | null;

  @Field(() => Int, { description: 'GTFS wheelchair_accessible: 0 unknown, 1 yes, 2 no; null when unknown', nullable: true })
  wheelchairAccessible!: number | null;

  @Field(() => Int, { description: 'GTFS bikes_allowed: 0 unknown, 1 yes, 2 no; null when unknown', nullable: true })
  bikesAllowed!: number | null;
}

@ObjectType({ simpleResolvers: true, description: 'The railway line the train runs on' })
export class TrainRoute {
  @Field(() => Int, { description: 'Provider route id' })
  id!: number;

  @Field({ description: 'GTFS route_id' })
  gtfsRouteId!: string;

  @Field({ description: 'Route name' })
  name!: string;
}

@ObjectType({ simpleResolvers: true, description: 'Where and when the train leaves (departure) or arrives (arrival), in railway-local time' })
export class TrainCallingPoint {
  @Field(() => LocalDateScalar, { description: 'Railway-local date' })
  date!: string;

  @Field({ description: 'HH:mm, railway-local' })
  time!: string;

  @Field(() => DateTimeScalar, { description: 'Railway-local date and time with the +03:00 offset, e.g. 2026-12-24T08:30:00+03:00' })
  dateTime!: string;

  @Field(() => TrainStation, { description: 'The station, as trainStations lists it' })
  stop!: TrainStation;
}

@ObjectType({ simpleResolvers: true, description: 'One stop of the train on its way, in order' })
export class TrainStopTime {
  @Field({ description: 'Station id, form <STATION>:SGR:0' })
  stopId!: string;

  @Field(() => Int, { description: 'Order of the stop on the run, ascending' })
  stopSequence!: number;

  @Field(() => String, { description: 'Arrival time HH:MM:SS railway-local; null at the first stop', nullable: true })
  arrivalTime!: string | null;

  @Field(() => String, { description: 'Departure time HH:MM:SS railway-local; null at the last stop', nullable: true })
  departureTime!: string | null;

  @Field({ description: 'Station name' })
  stopName!: string;

  @Field({ description: 'Station description' })
  stopDescription!: string;

  @Field(() => Float, { description: 'Latitude, WGS 84 degrees' })
  latitude!: number;

  @Field(() => Float, { description: 'Longitude, WGS 84 degrees' })
  longitude!: number;
}

@ObjectType({ simpleResolvers: true, description: 'One car of a train in a search result: its type, capacity and free seats' })
export class RailwayCar {
  @Field(() => Int, { description: 'Car id within the train (as the provider numbers it)' })
  id!: number;

  @Field(() => Int, { description: 'The provider car id; the details answer uses it too' })
  carId!: number;

  @Field(() => Int, { description: 'Position of the car in the train, 1 first' })
  orderNo!: number;

  @Field(() => Int, { description: "Car class id (the provider's car type)" })
  typeId!: number;

  @Field({ description: 'Car class name, e.g. "Economy Class", as the provider writes it' })
  typeName!: string;

  @Field(() => Int, { description: 'All places of the car' })
  capacity!: number;

  @Field(() => Int, { description: 'Standard places of the car' })
  standardSeatCapacity!: number;

  @Field(() => Int, { description: 'Places for passengers with a disability' })
  disabledSeatCapacity!: number;

  @Field(() => Int, { description: 'Free places now (standard and disabled)' })
  emptySeats!: number;

  @Field(() => Int, { description: 'Free standard places now' })
  emptyStandardSeats!: number;

  @Field(() => Int, { description: 'Free places for passengers with a disability now' })
  emptyDisabledSeats!: number;

  @Field({ description: 'True when places of this car can be chosen and booked' })
  hasSeat!: boolean;

  @Field(() => [String], { description: 'Provider metadata: never personal data' })
  bookedSeats!: string[];
}

@ObjectType({ simpleResolvers: true, description: 'One logo of the operator' })
export class TransitAgencyLogo {
  @Field({ description: 'Logo variant as the operator names it' })
  type!: string;

  @Field({ description: 'Absolute URL of the image' })
  url!: string;
}

@ObjectType({ simpleResolvers: true, description: "The operator: the company is admin's, not a copy (its display fields are read from the same directory)" })
export class TransitAgency {
  @Field(() => Company, { description: "The operator company (admin's Company)" })
  /** The key only: the company field resolver reads the display fields from the directory. */
  company!: Pick<Company, 'uuid'>;

  @Field(() => TrainTransitAgencyTypeEnum, { description: 'The kind of transport the operator runs' })
  type!: string;

  @Field(() => [TransitAgencyLogo], { description: 'Operator logos' })
  logos!: TransitAgencyLogo[];
}

@ObjectType({ simpleResolvers: true, description: 'A train on the requested date between the searched stations' })
export class TrainTrip {
  @Field({ description: 'RAIL_SGR' })
  provider!: string;

  @Field(() => TrainTripInfo, { description: 'Identifiers and names of the train run' })
  trip!: TrainTripInfo;

  @Field(() => TrainRoute, { description: 'The railway line' })
  route!: TrainRoute;

  @Field(() => TrainCallingPoint, { description: 'Departure station and time' })
  departure!: TrainCallingPoint;

  @Field(() => TrainCallingPoint, { description: 'Arrival station and time' })
  arrival!: TrainCallingPoint;

  @Field(() => TrainPrice, { description: 'Cheapest price of the trip' })
  price!: TrainPrice;

  @Field(() => [TrainStopTime], { nullable: true, description: 'Null when stop-time enrichment is unavailable' })
  stopTimes!: TrainStopTime[] | null;

  @Field(() => [RailwayCar], { description: 'Cars with free-place counts' })
  cars!: RailwayCar[];

  @Field(() => [String], { description: 'Deduplicated cabin list derived from cars' })
  carTypes!: string[];

  @Field(() => TransitAgency, { description: 'The operator' })
  transitAgency!: TransitAgency;
}

@ObjectType({ simpleResolvers: true, description: 'How far later dates were checked for trains' })
export class TrainLookAhead {
  @Field(() => Int, { description: 'lookAheadDays as asked (1 to 3)' })
  requestedDays!: number;

  @Field(() => LookAheadStatusEnum, { description: 'What the look-ahead found' })
  status!: string;

  @Field(() => LocalDateScalar, { description: 'First later date checked; null when none was checked', nullable: true })
  firstDate!: string | null;

  @Field(() => LocalDateScalar, { description: 'Last date known to have no trains; null when none was confirmed', nullable: true })
  confirmedThroughDate!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'The first later date with trains' })
export class TrainNextDate {
  @Field(() => LocalDateScalar, { description: 'The date (railway-local)' })
  date!: string;
}

@ObjectType({ simpleResolvers: true, description: 'Look-ahead availability of a search that asked for lookAheadDays; null when lookAheadDays was not given' })
export class TrainAvailabilityType {
  @Field(() => AvailabilityStatusEnum, { description: 'Whether the requested date has trains: the requested date only' })
  status!: string;

  @Field(() => LocalDateScalar, { description: 'The searched date (railway-local)' })
  requestedDate!: string;

  @Field(() => LocalDateScalar, { description: "The railway's current date when the request started" })
  serviceDate!: string;

  @Field({ description: 'IANA time zone of the railway, e.g. Africa/Dar_es_Salaam' })
  serviceTimeZone!: string;

  @Field(() => TrainLookAhead, { description: 'How far later dates were checked' })
  lookAhead!: TrainLookAhead;

  @Field(() => TrainNextDate, { description: 'The first later date with trains; null when none was found', nullable: true })
  next!: TrainNextDate | null;
}

@ObjectType({ simpleResolvers: true, description: 'Links of a search answer' })
export class TrainSearchLinks {
  @Field({ description: 'The REST URL of this search' })
  self!: string;

  @Field(() => String, { nullable: true, description: 'Only when look-ahead FOUND a later date' })
  nextAvailable?: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'Metadata of a search answer' })
export class TrainSearchMeta {
  @Field(() => Int, { description: 'Trains on the requested date' })
  count!: number;

  @Field({ description: 'The booking provider, e.g. RAIL_SGR' })
  provider!: string;

  @Field(() => TrainSearchLinks, { description: 'Links of this search' })
  links!: TrainSearchLinks;

  @Field(() => TrainAvailabilityType, { description: 'Look-ahead availability; null unless lookAheadDays was given', nullable: true })
  availability?: TrainAvailabilityType | null;

  @Field(() => DateTimeScalar, { description: 'When the answer was made (UTC)' })
  createdAt!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A train search answer: metadata and the trains of the requested date' })
export class TrainSearchResult {
  @Field(() => TrainSearchMeta, { description: 'Metadata of the answer' })
  meta!: TrainSearchMeta;

  @Field(() => [TrainTrip], { description: 'Trains of the requested date; empty when none run' })
  data!: TrainTrip[];
}
