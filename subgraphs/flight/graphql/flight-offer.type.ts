import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';

/** The spec's free-form objects (stop, operating, durations, fareRules, ...): JSON, shape not shown. */
type FreeForm = Record<string, unknown>;

@ObjectType()
export class FlightEndpoint {
  @Field({ description: 'IATA airport code' })
  iataCode!: string;

  @Field(() => String, { nullable: true })
  terminal!: string | null;

  @Field({ description: 'Local date-time at the airport, without zone (YYYY-MM-DDTHH:mm:ss)' })
  at!: string;

  @Field(() => GraphQLJSONObject)
  stop!: FreeForm;
}

@ObjectType()
export class AircraftRef {
  @Field()
  code!: string;
}

@ObjectType()
export class FlightSegment {
  @Field(() => ID)
  id!: string;

  @Field(() => FlightEndpoint)
  departure!: FlightEndpoint;

  @Field(() => FlightEndpoint)
  arrival!: FlightEndpoint;

  @Field()
  carrierCode!: string;

  @Field()
  number!: string;

  @Field(() => AircraftRef)
  aircraft!: AircraftRef;

  @Field(() => GraphQLJSONObject)
  operating!: FreeForm;

  @Field(() => GraphQLJSONObject)
  transitAgency!: FreeForm;

  @Field({ description: 'ISO 8601 duration' })
  duration!: string;

  @Field(() => GraphQLJSONObject)
  durations!: FreeForm;

  @Field(() => Int)
  numberOfStops!: number;

  @Field()
  cabin!: string;
}

@ObjectType()
export class FlightItinerary {
  @Field({ description: 'ISO 8601 duration' })
  duration!: string;

  @Field(() => GraphQLJSONObject)
  durations!: FreeForm;

  @Field(() => [FlightSegment])
  segments!: FlightSegment[];
}

@ObjectType()
export class PriceFee {
  @Field()
  amount!: string;

  @Field()
  type!: string;
}

@ObjectType()
export class BookingFee {
  @Field()
  amount!: string;

  @Field()
  currency!: string;

  @Field({ description: 'SERVICE_COMMISSION or AGENT_COMMISSION' })
  type!: string;

  @Field({ description: 'SERVICE or SERVICE_AGENT' })
  recipient!: string;

  @Field(() => String, { nullable: true, description: 'Cash-rounding uplift already included in the service commission' })
  roundingAdjustment?: string | null;
}

@ObjectType()
export class CashRounding {
  @Field()
  policyVersion!: string;

  @Field()
  increment!: string;

  @Field()
  adjustment!: string;
}

@ObjectType({ description: 'The authoritative agent-wallet payable, in the wallet currency' })
export class WalletSettlement {
  @Field()
  currency!: string;

  @Field()
  unroundedDebit!: string;

  @Field()
  debitTotal!: string;

  @Field(() => CashRounding, { nullable: true, description: 'Absent when the wallet currency has no cash-rounding policy' })
  rounding?: CashRounding | null;
}

@ObjectType({ description: 'A display conversion; never authoritative for supplier repricing' })
export class CurrencyPrice {
  @Field()
  currency!: string;

  @Field()
  total!: string;

  @Field()
  bookingFeeTotal!: string;

  @Field()
  grandTotal!: string;

  @Field(() => String, { nullable: true })
  walletDebitTotal?: string | null;

  @Field(() => [BookingFee])
  bookingFees!: BookingFee[];
}

@ObjectType()
export class OfferPrice {
  @Field()
  currency!: string;

  @Field()
  total!: string;

  @Field()
  base!: string;

  @Field(() => [PriceFee])
  fees!: PriceFee[];

  @Field({ description: 'Selling total for the booking' })
  grandTotal!: string;

  @Field()
  bookingFeeTotal!: string;

  @Field(() => String, { nullable: true, description: 'Frozen amount debited from an agent wallet after the fare record is created' })
  walletDebitTotal?: string | null;

  @Field(() => WalletSettlement, { nullable: true })
  walletSettlement?: WalletSettlement | null;

  @Field({ description: 'ONLINE, SERVICE_AGENT or THIRD_PARTY_AGENT' })
  pricingContext!: string;

  @Field(() => [BookingFee])
  bookingFees!: BookingFee[];

  @Field(() => [CurrencyPrice], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: CurrencyPrice[];
}

@ObjectType()
export class TravelerPrice {
  @Field()
  currency!: string;

  @Field()
  total!: string;

  @Field()
  base!: string;
}

@ObjectType()
export class IncludedBags {
  @Field(() => Int)
  quantity!: number;
}

@ObjectType()
export class FareDetail {
  @Field()
  segmentId!: string;

  @Field()
  cabin!: string;

  @Field()
  fareBasis!: string;

  @Field({ name: 'class' })
  bookingClass!: string;

  @Field(() => IncludedBags)
  includedCheckedBags!: IncludedBags;
}

@ObjectType()
export class TravelerPricing {
  @Field()
  travelerId!: string;

  @Field()
  fareOption!: string;

  @Field({ description: 'ADULT, CHILD or HELD_INFANT' })
  travelerType!: string;

  @Field(() => TravelerPrice)
  price!: TravelerPrice;

  @Field(() => [FareDetail])
  fareDetailsBySegment!: FareDetail[];
}

@ObjectType({ description: 'A bookable offer, bound to the account that searched' })
export class FlightOffer {
  @Field()
  type!: string;

  @Field()
  id!: string;

  @Field(() => ID, { description: 'Opaque and user-bound; required to review and reserve' })
  offerReference!: string;

  @Field({ description: 'Authoritative deadline to review or reserve' })
  expiresAt!: Date;

  @Field()
  source!: string;

  @Field()
  instantTicketingRequired!: boolean;

  @Field()
  nonHomogeneous!: boolean;

  @Field()
  oneWay!: boolean;

  @Field()
  isUpsellOffer!: boolean;

  @Field()
  lastTicketingDate!: string;

  @Field()
  lastTicketingDateTime!: string;

  @Field(() => Int)
  numberOfBookableSeats!: number;

  @Field(() => [FlightItinerary])
  itineraries!: FlightItinerary[];

  @Field(() => OfferPrice)
  price!: OfferPrice;

  @Field(() => GraphQLJSONObject)
  pricingOptions!: FreeForm;

  @Field(() => GraphQLJSONObject)
  commission!: FreeForm;

  @Field(() => GraphQLJSONObject)
  fareRules!: FreeForm;

  @Field(() => GraphQLJSONObject)
  policiesAndAllowance!: FreeForm;

  @Field(() => [String])
  validatingAirlineCodes!: string[];

  @Field(() => [TravelerPricing])
  travelerPricings!: TravelerPricing[];
}

@ObjectType()
export class DatePairType {
  @Field()
  departureDate!: string;

  @Field(() => String, { nullable: true, description: 'Absent for one-way' })
  returnDate?: string | null;
}

@ObjectType()
export class LookAheadType {
  @Field(() => Int)
  requestedDays!: number;

  @Field({ description: 'NOT_NEEDED, FOUND, NO_RESULTS or INCOMPLETE' })
  status!: string;

  @Field(() => DatePairType, { nullable: true })
  firstChecked!: DatePairType | null;

  @Field(() => DatePairType, { nullable: true })
  confirmedThrough!: DatePairType | null;
}

@ObjectType()
export class AvailabilityType {
  @Field({ description: 'RESULTS_FOUND or NO_RESULTS; describes only the requested dates' })
  status!: string;

  @Field(() => DatePairType)
  requested!: DatePairType;

  @Field(() => LookAheadType)
  lookAhead!: LookAheadType;

  @Field(() => DatePairType, { nullable: true })
  next!: DatePairType | null;
}

@ObjectType()
export class FlightSearchMeta {
  @Field(() => Int, { description: 'Offers returned for the requested dates' })
  count!: number;

  @Field(() => AvailabilityType, { nullable: true, description: 'Present only when lookAheadDays was sent' })
  availability?: AvailabilityType | null;
}

@ObjectType()
export class FlightSearchResult {
  @Field(() => FlightSearchMeta)
  meta!: FlightSearchMeta;

  @Field(() => [FlightOffer])
  data!: FlightOffer[];
}

@InputType({ description: 'flight.md search request; defaults as the spec gives them' })
export class FlightSearchInput {
  @Field(() => String, { nullable: true })
  originLocationCode?: string | null;

  @Field(() => String, { nullable: true })
  destinationLocationCode?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  departureDate?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; omit for one-way' })
  returnDate?: string | null;

  @Field(() => Int, { nullable: true, description: '1 to 9; default 1' })
  adults?: number | null;

  @Field(() => Int, { nullable: true })
  children?: number | null;

  @Field(() => Int, { nullable: true })
  infants?: number | null;

  @Field(() => String, { nullable: true, description: 'ECONOMY, PREMIUM_ECONOMY, BUSINESS or FIRST' })
  travelClass?: string | null;

  @Field(() => [String], { nullable: true })
  includedAirlineCodes?: string[] | null;

  @Field(() => [String], { nullable: true })
  excludedAirlineCodes?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  nonStop?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Display currency; wins over Content-Currency; default USD' })
  currencyCode?: string | null;

  @Field(() => Float, { nullable: true })
  maxPrice?: number | null;

  @Field(() => Int, { nullable: true, description: 'At least 1; above 200 counts as 200' })
  max?: number | null;

  @Field(() => Int, { nullable: true, description: '1 to 7: check that many later dates when the requested dates have no offers' })
  lookAheadDays?: number | null;
}
