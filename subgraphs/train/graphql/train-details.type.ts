import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { TrainCurrencyPrice, TrainFee, TrainTrip } from './train-search.type';

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

@ObjectType({ description: 'train-bus-admin.md "Train details" car price: one ticket type with one luggage choice' })
export class TrainCarPrice {
  @Field(() => Int, { description: '4 adult, 3 child' })
  ticketTypeId!: number;

  @Field()
  ticketTypeCode!: string;

  @Field()
  ticketTypeName!: string;

  @Field()
  pricingContext!: string;

  @Field()
  total!: string;

  @Field()
  bookingFeeTotal!: string;

  @Field()
  grandTotal!: string;

  @Field(() => [TrainFee])
  fees!: TrainFee[];

  @Field()
  formattedPrice!: string;

  @Field()
  currency!: string;

  @Field(() => [TrainCurrencyPrice], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: TrainCurrencyPrice[];

  @Field(() => Int, { nullable: true, description: 'The luggage option priced in (5 = none)' })
  luggageTypeId!: number | null;

  @Field(() => String, { nullable: true })
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

  @Field({ description: 'SEAT, DISABLED_SEAT, AISLE, WC, LUGGAGE or BED' })
  type!: string;

  @Field({ description: 'ECONOMY, BUSINESS or ROYAL_CLASS' })
  class!: string;

  @Field({ description: 'UP, DOWN, LEFT or RIGHT' })
  orientation!: string;

  @Field()
  available!: boolean;
}

@ObjectType({ description: 'train-bus-admin.md "Train details" train car' })
export class TrainDetailsCar {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field(() => Int)
  orderNo!: number;

  @Field(() => Int, { description: 'The car id a hold names' })
  carId!: number;

  @Field(() => Int)
  carTypeId!: number;

  @Field()
  carType!: string;

  @Field(() => Int)
  capacity!: number;

  @Field(() => Int)
  standardCapacity!: number;

  @Field(() => Int)
  disabledCapacity!: number;

  @Field(() => Int)
  emptySeats!: number;

  @Field(() => Int)
  rowCount!: number;

  @Field(() => Int)
  columnCount!: number;

  @Field()
  hasSeat!: boolean;

  @Field()
  isActive!: boolean;

  @Field()
  isDisabled!: boolean;

  @Field(() => [TrainCarPrice], { description: 'Ticket type × luggage choice, for this car’s class' })
  prices!: TrainCarPrice[];

  @Field(() => [TrainSeat], { description: 'The full rowCount × columnCount grid' })
  seats!: TrainSeat[];
}

@ObjectType()
export class TrainDetailsTrain {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  typeId!: number;

  @Field()
  type!: string;

  @Field()
  name!: string;

  @Field(() => Int)
  number!: number;

  @Field(() => [String])
  carTypes!: string[];

  @Field(() => [TrainDetailsCar])
  cars!: TrainDetailsCar[];
}

@ObjectType({ description: 'Which traveler fields the booking form shows or needs' })
export class TrainTravelerRequirements {
  @Field({ description: 'An identity field (passport, national id) is shown; it may be left blank' })
  travelerId!: boolean;

  @Field({ description: 'Collect gender (the backend accepts it as optional for now)' })
  genderRequired!: boolean;

  @Field()
  ageCategory!: boolean;

  @Field()
  seatRequired!: boolean;

  @Field()
  nationality!: boolean;

  @Field()
  luggageRequired!: boolean;

  @Field()
  emailAddressRequired!: boolean;

  @Field()
  mobilePhoneNumberRequired!: boolean;
}

@ObjectType({ description: 'A nationality or ticket type choice' })
export class TrainBookingOption {
  @Field()
  code!: string;

  @Field(() => Int)
  id!: number;

  @Field()
  title!: string;

  @Field(() => Float, {
    description:
      'Ticket types: the operator fare in TZS for the cheapest class of this trip; nationalities: the surcharge in TZS (0: nationality does not change the fare)',
  })
  price!: number;
}

@ObjectType()
export class TrainLuggageOption {
  @Field(() => Int, { description: '5 = no luggage (the default)' })
  id!: number;

  @Field()
  name!: string;

  @Field()
  description!: string;

  @Field(() => Float, { description: 'kg' })
  weight!: number;

  @Field(() => Float, { description: 'TZS, added to the ticket' })
  price!: number;

  @Field()
  isActive!: boolean;

  @Field(() => Int)
  configurationItemId!: number;
}

@ObjectType()
export class TrainBookingRequirements {
  @Field(() => TrainTravelerRequirements)
  travelerRequirements!: TrainTravelerRequirements;

  @Field(() => [TrainBookingOption])
  nationalityOptions!: TrainBookingOption[];

  @Field(() => [TrainLuggageOption])
  luggageOptions!: TrainLuggageOption[];

  @Field(() => [TrainBookingOption])
  ticketTypeOptions!: TrainBookingOption[];
}

@ObjectType({ description: 'train-bus-admin.md "Train details": the selected trip reloaded from the provider, with seat maps and car prices' })
export class TrainDetails extends TrainTrip {
  @Field(() => TrainDetailsTrain)
  train!: TrainDetailsTrain;

  @Field(() => TrainBookingRequirements)
  bookingRequirements!: TrainBookingRequirements;
}

@ObjectType()
export class TrainDetailsLinks {
  @Field()
  self!: string;
}

@ObjectType()
export class TrainDetailsMeta {
  @Field()
  provider!: string;

  @Field(() => TrainDetailsLinks)
  links!: TrainDetailsLinks;

  @Field()
  createdAt!: string;
}

@ObjectType()
export class TrainDetailsResult {
  @Field(() => TrainDetailsMeta)
  meta!: TrainDetailsMeta;

  @Field(() => TrainDetails)
  data!: TrainDetails;
}
