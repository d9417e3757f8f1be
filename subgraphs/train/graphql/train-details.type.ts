import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { TrainCurrencyPrice, TrainFee, TrainTrip } from './train-search.type';
import { TrainCarClassEnum, TrainPricingContextEnum, TrainSeatCellTypeEnum, TrainSeatOrientationEnum } from './train-enums.type';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';

@InputType({ description: 'The identifiers of a selected search item; everything else is reloaded from the provider' })
export class TrainTripRefInput {
  @Field(() => Int, { nullable: true, description: 'trip.timeTableTrainSetId of the search item' })
  timeTableTrainSetId?: number | null;

  @Field(() => String, { nullable: true, description: 'departure.stop.stop_id of the search item' })
  departureStopId?: string | null;

  @Field(() => String, { nullable: true, description: 'arrival.stop.stop_id of the search item' })
  arrivalStopId?: string | null;

  @Field(() => String, { nullable: true, description: 'departure.date of the search item (YYYY-MM-DD, the searched date)' })
  departureDate?: string | null;
}

@ObjectType({ description: 'The price of one ticket type with one luggage choice in one car of the selected train' })
export class TrainCarPrice {
  @Field(() => Int, { description: '4 adult, 3 child' })
  ticketTypeId!: number;

  @Field({ description: 'Ticket type code as the provider names it' })
  ticketTypeCode!: string;

  @Field({ description: 'Ticket type display name' })
  ticketTypeName!: string;

  @Field(() => TrainPricingContextEnum, { description: 'Which pricing rules made this price' })
  pricingContext!: string;

  @Field({ description: "The fare, a decimal string in the currency's decimals" })
  total!: string;

  @Field({ description: "All booking fees, a decimal string in the currency's decimals" })
  bookingFeeTotal!: string;

  @Field({ description: 'What the buyer pays: total plus bookingFeeTotal, a decimal string' })
  grandTotal!: string;

  @Field(() => [TrainFee], { description: 'The fees making up bookingFeeTotal' })
  fees!: TrainFee[];

  @Field({ description: 'grandTotal formatted for display with its currency' })
  formattedPrice!: string;

  @Field({ description: 'ISO 4217 currency of the amounts (TZS)' })
  currency!: string;

  @Field(() => [TrainCurrencyPrice], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: TrainCurrencyPrice[];

  @Field(() => Int, { nullable: true, description: 'The luggage option priced in (5 = none)' })
  luggageTypeId!: number | null;

  @Field(() => String, { description: 'Luggage choice name; null when the price has no luggage choice', nullable: true })
  luggageTypeName!: string | null;

  @Field(() => Float, { description: 'TZS; 0 without luggage' })
  luggagePrice!: number;
}

@ObjectType({ description: 'One cell of a car grid: a place (SEAT, DISABLED_SEAT, BED) or a fixture (AISLE, WC, LUGGAGE)' })
export class TrainSeat {
  @Field({ description: 'Provider seat id, the number a hold names' })
  id!: string;

  @Field({ description: 'Empty for non-seat cells' })
  label!: string;

  @Field(() => Int, { description: 'Zero-based row' })
  positionY!: number;

  @Field(() => Int, { description: 'Zero-based column' })
  positionX!: number;

  @Field({ description: '<carId>-<seat id>' })
  key!: string;

  @Field(() => TrainSeatCellTypeEnum, { description: 'A place (SEAT, DISABLED_SEAT, BED) or a fixture (AISLE, WC, LUGGAGE)' })
  type!: string;

  @Field(() => TrainCarClassEnum, { description: 'The class of the car the cell is in' })
  class!: string;

  @Field(() => TrainSeatOrientationEnum, { description: 'Which way the seat faces' })
  orientation!: string;

  @Field({ description: 'True when the place is free to hold' })
  available!: boolean;
}

@ObjectType({ description: 'One car of the selected train: its type, capacity, prices and seat map' })
export class TrainDetailsCar {
  @Field(() => Int, { description: 'Car id: the carId of holdTrainSeat' })
  id!: number;

  @Field({ description: 'Car name or number for display' })
  name!: string;

  @Field(() => Int, { description: 'Position of the car in the train, 1 first' })
  orderNo!: number;

  @Field(() => Int, { description: 'The car id a hold names' })
  carId!: number;

  @Field(() => Int, { description: 'Car class id' })
  carTypeId!: number;

  @Field({ description: 'Car class name as the provider writes it' })
  carType!: string;

  @Field(() => Int, { description: 'All places of the car' })
  capacity!: number;

  @Field(() => Int, { description: 'Standard places' })
  standardCapacity!: number;

  @Field(() => Int, { description: 'Places for passengers with a disability' })
  disabledCapacity!: number;

  @Field(() => Int, { description: 'Free places now' })
  emptySeats!: number;

  @Field(() => Int, { description: 'Rows of the seat grid' })
  rowCount!: number;

  @Field(() => Int, { description: 'Columns of the seat grid' })
  columnCount!: number;

  @Field({ description: 'True when places of this car can be chosen' })
  hasSeat!: boolean;

  @Field({ description: 'False when the provider has taken the car out of sale' })
  isActive!: boolean;

  @Field({ description: 'True for a car reserved for passengers with a disability' })
  isDisabled!: boolean;

  @Field(() => [TrainCarPrice], { description: 'Ticket type × luggage choice, for this car’s class' })
  prices!: TrainCarPrice[];

  @Field(() => [TrainSeat], { description: 'The full rowCount × columnCount grid' })
  seats!: TrainSeat[];
}

@ObjectType({ description: 'The train set with its cars, seat maps and car prices' })
export class TrainDetailsTrain {
  @Field(() => Int, { description: 'Train set id' })
  id!: number;

  @Field(() => Int, { description: 'Train type id' })
  typeId!: number;

  @Field({ description: 'Train type name as the provider writes it' })
  type!: string;

  @Field({ description: 'Train name' })
  name!: string;

  @Field(() => Int, { description: 'Train number' })
  number!: number;

  @Field(() => [String], { description: 'Distinct car class names of the train' })
  carTypes!: string[];

  @Field(() => [TrainDetailsCar], { description: 'Cars in train order, each with its seat grid and prices' })
  cars!: TrainDetailsCar[];
}

@ObjectType({ description: 'Which traveler fields the booking form shows or needs' })
export class TrainTravelerRequirements {
  @Field({ description: 'An identity field (passport, national id) is shown; it may be left blank' })
  travelerId!: boolean;

  @Field({ description: 'Collect gender (the backend accepts it as optional for now)' })
  genderRequired!: boolean;

  @Field({ description: 'An age category choice is shown' })
  ageCategory!: boolean;

  @Field({ description: 'A seat must be chosen (held) for each passenger' })
  seatRequired!: boolean;

  @Field({ description: 'A nationality choice is shown' })
  nationality!: boolean;

  @Field({ description: 'A luggage choice is required' })
  luggageRequired!: boolean;

  @Field({ description: 'An email address is required' })
  emailAddressRequired!: boolean;

  @Field({ description: 'A mobile phone number is required' })
  mobilePhoneNumberRequired!: boolean;
}

@ObjectType({ description: 'A nationality or ticket type choice' })
export class TrainBookingOption {
  @Field({ description: 'Option code as the provider names it' })
  code!: string;

  @Field(() => Int, { description: 'Option id: the ticketTypeId or nationalityTypeId of a reservation passenger' })
  id!: number;

  @Field({ description: 'Display title in the request language' })
  title!: string;

  @Field(() => Float, {
    description:
      'Ticket types: the operator fare in TZS for the cheapest class of this trip; nationalities: the surcharge in TZS (0: nationality does not change the fare)',
  })
  price!: number;
}

@ObjectType({ description: 'One luggage choice offered for the train; its id is the luggageId of holdTrainSeat' })
export class TrainLuggageOption {
  @Field(() => Int, { description: '5 = no luggage (the default)' })
  id!: number;

  @Field({ description: 'Luggage choice name' })
  name!: string;

  @Field({ description: 'Luggage choice description in the request language' })
  description!: string;

  @Field(() => Float, { description: 'kg' })
  weight!: number;

  @Field(() => Float, { description: 'TZS, added to the ticket' })
  price!: number;

  @Field({ description: 'False when the choice is not on sale' })
  isActive!: boolean;

  @Field(() => Int, { description: 'Provider configuration id of the choice' })
  configurationItemId!: number;
}

@ObjectType({ description: 'What the booking form must ask for this train: traveller fields and the allowed nationality, luggage and ticket-type choices' })
export class TrainBookingRequirements {
  @Field(() => TrainTravelerRequirements, { description: 'Which traveller fields are shown or required' })
  travelerRequirements!: TrainTravelerRequirements;

  @Field(() => [TrainBookingOption], { description: 'Allowed nationality types' })
  nationalityOptions!: TrainBookingOption[];

  @Field(() => [TrainLuggageOption], { description: 'Allowed luggage choices' })
  luggageOptions!: TrainLuggageOption[];

  @Field(() => [TrainBookingOption], { description: 'Allowed ticket types (adult, child, ...)' })
  ticketTypeOptions!: TrainBookingOption[];
}

@ObjectType({ description: 'The selected trip reloaded from the provider, with seat maps and car prices' })
export class TrainDetails extends TrainTrip {
  @Field(() => TrainDetailsTrain, { description: 'The train set with seat maps and car prices' })
  train!: TrainDetailsTrain;

  @Field(() => TrainBookingRequirements, { description: 'What the booking form must ask' })
  bookingRequirements!: TrainBookingRequirements;
}

@ObjectType({ description: 'Links of a details answer' })
export class TrainDetailsLinks {
  @Field({ description: 'The REST path of this details request' })
  self!: string;
}

@ObjectType({ description: 'Metadata of a details answer' })
export class TrainDetailsMeta {
  @Field({ description: 'The booking provider, e.g. RAIL_SGR' })
  provider!: string;

  @Field(() => TrainDetailsLinks, { description: 'Links of this answer' })
  links!: TrainDetailsLinks;

  @Field(() => DateTimeScalar, { description: 'When the answer was made (UTC)' })
  createdAt!: string;
}

@ObjectType({ description: 'A train details answer: metadata and the train reloaded from the provider' })
export class TrainDetailsResult {
  @Field(() => TrainDetailsMeta, { description: 'Metadata of the answer' })
  meta!: TrainDetailsMeta;

  @Field(() => TrainDetails, { description: 'The train' })
  data!: TrainDetails;
}
