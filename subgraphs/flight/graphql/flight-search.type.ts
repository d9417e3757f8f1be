import { LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { FlightCabinEnum } from './flight-enums.type';
import { AvailabilityStatusEnum, LookAheadStatusEnum } from '../../../shared/graphql/search-availability.type';
import { FlightOffer } from './flight-offer.type';

/** The flight search's input and its answer around the offers: counts, availability and look-ahead. */

@ObjectType({ simpleResolvers: true, description: 'A departure date with its return date, if any' })
export class DatePairType {
  @Field(() => LocalDateScalar, { description: 'Departure date' })
  departureDate!: string;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Return date; absent for one-way' })
  returnDate?: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'What the search found on later dates when the requested dates had no offers' })
export class LookAheadType {
  @Field(() => Int, { description: 'lookAheadDays as sent in the search' })
  requestedDays!: number;

  @Field(() => LookAheadStatusEnum, { description: 'What the look-ahead found' })
  status!: string;

  @Field(() => DatePairType, { nullable: true, description: 'First later dates checked; null when no later date was checked' })
  firstChecked!: DatePairType | null;

  @Field(() => DatePairType, { nullable: true, description: 'Last later dates checked completely; null when none was' })
  confirmedThrough!: DatePairType | null;
}

@ObjectType({ simpleResolvers: true, description: 'Whether the requested dates, or later dates, have offers' })
export class AvailabilityType {
  @Field(() => AvailabilityStatusEnum, { description: 'Whether the requested dates have offers; describes only the requested dates' })
  status!: string;

  @Field(() => DatePairType, { description: 'The dates of the search' })
  requested!: DatePairType;

  @Field(() => LookAheadType, { description: 'What was checked on later dates' })
  lookAhead!: LookAheadType;

  @Field(() => DatePairType, { nullable: true, description: 'First later dates with offers (search them again to book); null when none was found' })
  next!: DatePairType | null;
}

@ObjectType({ simpleResolvers: true, description: 'Counts and availability of a flight search' })
export class FlightSearchMeta {
  @Field(() => Int, { description: 'Offers returned for the requested dates' })
  count!: number;

  @Field(() => AvailabilityType, { nullable: true, description: 'Present only when lookAheadDays was sent' })
  availability?: AvailabilityType | null;
}

@ObjectType({ simpleResolvers: true, description: 'The offers a flight search found, with their meta' })
export class FlightSearchResult {
  @Field(() => FlightSearchMeta, { description: 'Count and availability' })
  meta!: FlightSearchMeta;

  @Field(() => [FlightOffer], { description: 'The offers for the requested dates only, each with its offerReference' })
  data!: FlightOffer[];
}

@InputType({ description: 'A flight search: the route, the dates, the travelers and the filters; an absent member takes its default' })
export class FlightSearchInput {
  @Field(() => String, { description: 'IATA code of the departure airport (Airport.stopCode)' })
  originLocationCode!: string;

  @Field(() => String, { description: 'IATA code of the arrival airport (Airport.stopCode)' })
  destinationLocationCode!: string;

  @Field(() => String, { description: 'YYYY-MM-DD (a String, so that a malformed date is one of the problems the 400 lists in data.fields[])' })
  departureDate!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; omit for one-way' })
  returnDate?: string | null;

  @Field(() => Int, { nullable: true, description: 'Travelers aged 12 or older: 1 to 9; default 1. Adults plus children: at most 9 (our limit)' })
  adults?: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Travelers aged 2 to 11: 0 to 9; default 0. Adults plus children: at most 9 seated travelers per search (our limit, as one GDS booking seats 9)',
  })
  children?: number | null;

  @Field(() => Int, { nullable: true, description: "Infants under 2 on an adult's lap; at most adults; default 0" })
  infants?: number | null;

  @Field(() => [Int], {
    nullable: true,
    description: 'Optional: the age of each child (2 to 11), one per child; a supplier that prices by age (Duffel) is asked with them',
  })
  childAges?: number[] | null;

  @Field(() => [Int], { nullable: true, description: 'Optional: the age of each infant (0 or 1), one per infant' })
  infantAges?: number[] | null;

  @Field(() => FlightCabinEnum, { nullable: true, description: 'Only offers in this cabin' })
  travelClass?: string | null;

  @Field(() => [String], { nullable: true, description: 'Only offers of these IATA airline codes' })
  includedAirlineCodes?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'No offers of these IATA airline codes' })
  excludedAirlineCodes?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'True for direct flights only; default false' })
  nonStop?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Display currency; wins over Content-Currency; default USD' })
  currencyCode?: string | null;

  @Field(() => Float, { nullable: true, description: 'Highest offer total per traveler, in the display currency' })
  maxPrice?: number | null;

  @Field(() => Int, { nullable: true, description: 'At least 1; above 200 counts as 200' })
  max?: number | null;

  @Field(() => Int, { nullable: true, description: '1 to 7: check that many later dates when the requested dates have no offers' })
  lookAheadDays?: number | null;
}
