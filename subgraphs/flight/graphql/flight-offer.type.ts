import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import {
  FlightBookingFeeRecipientEnum,
  FlightBookingFeeTypeEnum,
  FlightCabinEnum,
  FlightOfferSourceEnum,
  FlightPricingContextEnum,
  FlightTravelerTypeEnum,
} from './flight-enums.type';

// Output types here are plain data (no field resolvers, middlewares or roles), so they take
// simpleResolvers: graphql-js reads the property itself instead of calling type-graphql's
// per-field wrapper, about a thousand calls per 9-offer search.

/** The spec's free-form objects (stop, operating, durations, fareRules, ...): JSON, shape not shown. */
type FreeForm = Record<string, unknown>;

@ObjectType({ simpleResolvers: true, description: 'Where a flight segment departs or arrives' })
export class FlightEndpoint {
  @Field({ description: 'IATA airport code' })
  iataCode!: string;

  @Field(() => String, { nullable: true, description: 'Airport terminal; null when the supplier gives none' })
  terminal!: string | null;

  @Field({ description: 'Local date-time at the airport, without zone (YYYY-MM-DDTHH:mm:ss)' })
  at!: string;

  @Field(() => GraphQLJSONObject, { description: 'The stop (airport) details as a free-form JSON object, as in the REST answer' })
  stop!: FreeForm;
}

@ObjectType({ simpleResolvers: true, description: 'The aircraft type flying a segment' })
export class AircraftRef {
  @Field({ description: 'IATA aircraft type code (e.g. 320)' })
  code!: string;
}

@ObjectType({ simpleResolvers: true, description: 'One flight (one take-off and landing) of an itinerary' })
export class FlightSegment {
  @Field(() => ID, { description: 'Segment id, unique within the offer; fare details refer to it (segmentId)' })
  id!: string;

  @Field(() => FlightEndpoint, { description: 'Departure airport, terminal and local time' })
  departure!: FlightEndpoint;

  @Field(() => FlightEndpoint, { description: 'Arrival airport, terminal and local time' })
  arrival!: FlightEndpoint;

  @Field({ description: 'IATA code of the marketing airline' })
  carrierCode!: string;

  @Field({ description: 'Flight number, without the carrier code' })
  number!: string;

  @Field(() => AircraftRef, { description: 'Aircraft type' })
  aircraft!: AircraftRef;

  @Field(() => GraphQLJSONObject, { description: 'The operating carrier (free-form JSON object, as in the REST answer)' })
  operating!: FreeForm;

  @Field(() => GraphQLJSONObject, { description: 'The transit agency (free-form JSON object, as in the REST answer)' })
  transitAgency!: FreeForm;

  @Field({ description: 'ISO 8601 duration, e.g. PT1H20M' })
  duration!: string;

  @Field(() => GraphQLJSONObject, { description: 'Duration breakdown (free-form JSON object, as in the REST answer)' })
  durations!: FreeForm;

  @Field(() => Int, { description: 'Technical stops during the segment; 0 for a direct flight' })
  numberOfStops!: number;

  @Field(() => FlightCabinEnum, { description: 'Cabin of the segment' })
  cabin!: string;
}

@ObjectType({ simpleResolvers: true, description: 'One direction of an offer (outbound, or the return), made of one or more segments' })
export class FlightItinerary {
  @Field({ description: 'ISO 8601 duration' })
  duration!: string;

  @Field(() => GraphQLJSONObject, { description: 'Duration breakdown (free-form JSON object, as in the REST answer)' })
  durations!: FreeForm;

  @Field(() => [FlightSegment], { description: 'The flights of this direction, in travel order' })
  segments!: FlightSegment[];
}

@ObjectType({ simpleResolvers: true, description: 'A supplier fee included in the offer total' })
export class PriceFee {
  @Field({ description: 'Fee amount, decimal string in the offer currency' })
  amount!: string;

  @Field({ description: 'Fee kind as the supplier names it (e.g. SUPPLIER, TICKETING)' })
  type!: string;
}

@ObjectType({ simpleResolvers: true, description: "A booking fee (commission) added on top of the fare; money is a decimal string in the currency's decimals" })
export class BookingFee {
  @Field({ description: "Fee amount, decimal string in the fee currency's decimals" })
  amount!: string;

  @Field({ description: 'ISO 4217 currency code of the amount' })
  currency!: string;

  @Field(() => FlightBookingFeeTypeEnum, { description: 'What the fee pays for' })
  type!: string;

  @Field(() => FlightBookingFeeRecipientEnum, { description: 'Who receives the fee' })
  recipient!: string;

  @Field(() => String, { nullable: true, description: 'Cash-rounding uplift already included in the service commission' })
  roundingAdjustment?: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'How the wallet debit was rounded to a payable cash amount' })
export class CashRounding {
  @Field({ description: 'Version of the cash-rounding policy that was applied' })
  policyVersion!: string;

  @Field({ description: 'Smallest payable cash unit, decimal string in the wallet currency' })
  increment!: string;

  @Field({ description: 'Amount added by rounding up, decimal string in the wallet currency' })
  adjustment!: string;
}

@ObjectType({ simpleResolvers: true, description: 'The authoritative agent-wallet payable, in the wallet currency' })
export class WalletSettlement {
  @Field({ description: 'ISO 4217 code of the agent wallet' })
  currency!: string;

  @Field({ description: 'Debit before cash rounding, decimal string in the wallet currency' })
  unroundedDebit!: string;

  @Field({ description: 'Amount debited from the wallet, decimal string in the wallet currency' })
  debitTotal!: string;

  @Field(() => CashRounding, { nullable: true, description: 'Absent when the wallet currency has no cash-rounding policy' })
  rounding?: CashRounding | null;
}

@ObjectType({ simpleResolvers: true, description: 'A display conversion; never authoritative for supplier repricing' })
export class CurrencyPrice {
  @Field({ description: 'ISO 4217 code of this conversion' })
  currency!: string;

  @Field({ description: "Fare total converted, decimal string in this currency's decimals" })
  total!: string;

  @Field({ description: "Booking fees converted, decimal string in this currency's decimals" })
  bookingFeeTotal!: string;

  @Field({ description: "Selling total converted, decimal string in this currency's decimals" })
  grandTotal!: string;

  @Field(() => String, { nullable: true, description: `Wallet debit converted, decimal string in this currency's decimals; "0" for customers` })
  walletDebitTotal?: string | null;

  @Field(() => [BookingFee], { description: 'The booking fees converted to this currency' })
  bookingFees!: BookingFee[];
}

@ObjectType({ simpleResolvers: true, description: "The offer price in the display currency; money is a decimal string in the currency's decimals" })
export class OfferPrice {
  @Field({ description: 'ISO 4217 display currency (currencyCode of the search, Content-Currency, or USD)' })
  currency!: string;

  @Field({ description: "Fare total (base plus supplier fees), decimal string in the currency's decimals" })
  total!: string;

  @Field({ description: "Base fare, decimal string in the currency's decimals" })
  base!: string;

  @Field(() => [PriceFee], { description: 'Supplier fees included in total' })
  fees!: PriceFee[];

  @Field({ description: 'Selling total for the booking' })
  grandTotal!: string;

  @Field({ description: "Sum of the booking fees, decimal string in the currency's decimals" })
  bookingFeeTotal!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Frozen amount debited from an agent wallet after the fare record is created (wallet currency); "0" for customers',
  })
  walletDebitTotal?: string | null;

  @Field(() => WalletSettlement, { nullable: true, description: 'The agent-wallet payable; null unless the caller books from an agent wallet' })
  walletSettlement?: WalletSettlement | null;

  @Field(() => FlightPricingContextEnum, { description: 'Which pricing rules made this price' })
  pricingContext!: string;

  @Field(() => [BookingFee], { description: 'Booking fees (commissions) added on top of the fare' })
  bookingFees!: BookingFee[];

  @Field(() => [CurrencyPrice], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: CurrencyPrice[];
}

@ObjectType({ simpleResolvers: true, description: "The price of one traveler's fare" })
export class TravelerPrice {
  @Field({ description: 'ISO 4217 currency code of the amounts' })
  currency!: string;

  @Field({ description: "Traveler's fare total, decimal string in the currency's decimals" })
  total!: string;

  @Field({ description: "Traveler's base fare, decimal string in the currency's decimals" })
  base!: string;
}

@ObjectType({ simpleResolvers: true, description: 'Checked baggage included in the fare' })
export class IncludedBags {
  @Field(() => Int, { description: 'Number of checked bags included' })
  quantity!: number;
}

@ObjectType({ simpleResolvers: true, description: 'The fare one traveler flies on one segment' })
export class FareDetail {
  @Field({ description: 'The FlightSegment.id this fare applies to' })
  segmentId!: string;

  @Field(() => FlightCabinEnum, { description: 'Cabin of this fare' })
  cabin!: string;

  @Field({ description: 'Airline fare basis code' })
  fareBasis!: string;

  // The property is bookingClass: the default resolver would read `class`.
  @Field({ name: 'class', simple: false, description: 'Airline booking class (one letter, e.g. Y)' })
  bookingClass!: string;

  @Field(() => IncludedBags, { description: 'Checked baggage included in this fare' })
  includedCheckedBags!: IncludedBags;
}

@ObjectType({ simpleResolvers: true, description: 'The fare and price of one traveler' })
export class TravelerPricing {
  @Field({ description: 'Traveler id within the offer (1, 2, ...), in search order' })
  travelerId!: string;

  @Field({ description: 'Fare option as the supplier names it (e.g. STANDARD)' })
  fareOption!: string;

  @Field(() => FlightTravelerTypeEnum, { description: 'How the fare prices this traveler' })
  travelerType!: string;

  @Field(() => TravelerPrice, { description: "The traveler's price" })
  price!: TravelerPrice;

  @Field(() => [FareDetail], { description: "The traveler's fare on each segment" })
  fareDetailsBySegment!: FareDetail[];
}

@ObjectType({ simpleResolvers: true, description: 'A bookable offer, bound to the account that searched' })
export class FlightOffer {
  @Field({ description: 'Always flight-offer' })
  type!: string;

  @Field({ description: 'Offer number within this search result (1, 2, ...); use offerReference to refer to the offer' })
  id!: string;

  @Field(() => ID, { description: 'Opaque and user-bound; required to review and reserve' })
  offerReference!: string;

  @Field(() => DateTimeScalar, { description: 'Authoritative deadline to review or reserve' })
  expiresAt!: Date;

  @Field(() => FlightOfferSourceEnum, { description: 'Content source of the offer' })
  source!: string;

  @Field({ description: 'True when the ticket must be issued right after reserving' })
  instantTicketingRequired!: boolean;

  @Field({ description: 'True when the offer mixes fares that cannot be booked in one record' })
  nonHomogeneous!: boolean;

  @Field({ description: 'True for a one-way offer' })
  oneWay!: boolean;

  @Field({ description: 'True when the offer is an upsell of another fare' })
  isUpsellOffer!: boolean;

  @Field(() => LocalDateScalar, { description: 'Last day to issue the ticket' })
  lastTicketingDate!: string;

  @Field({ description: 'Last moment to issue the ticket, as the supplier writes it (ISO 8601)' })
  lastTicketingDateTime!: string;

  @Field(() => Int, { description: 'Seats still bookable at this fare' })
  numberOfBookableSeats!: number;

  @Field(() => [FlightItinerary], { description: 'The outbound itinerary, then the return one for a round trip' })
  itineraries!: FlightItinerary[];

  @Field(() => OfferPrice, { description: 'Offer price for all travelers' })
  price!: OfferPrice;

  @Field(() => GraphQLJSONObject, { description: 'Pricing options (free-form JSON object, as in the REST answer)' })
  pricingOptions!: FreeForm;

  @Field(() => GraphQLJSONObject, { description: 'Commission details (free-form JSON object, as in the REST answer)' })
  commission!: FreeForm;

  @Field(() => GraphQLJSONObject, { description: 'Fare rules (free-form JSON object, as in the REST answer)' })
  fareRules!: FreeForm;

  @Field(() => GraphQLJSONObject, { description: 'Policies and allowances (free-form JSON object, as in the REST answer)' })
  policiesAndAllowance!: FreeForm;

  @Field(() => [String], { description: 'IATA codes of the airlines that validate (issue) the ticket' })
  validatingAirlineCodes!: string[];

  @Field(() => [TravelerPricing], { description: 'Fare and price per traveler' })
  travelerPricings!: TravelerPricing[];
}
