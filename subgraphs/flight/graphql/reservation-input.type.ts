import { Field, ID, InputType } from 'type-graphql';
import { IntOrString } from '../../../shared/graphql/int-or-string.scalar';
import { FlightFareOptionEnum } from './flight-enums.type';

/*
 * OpenAPI `FlightReservationRequest` and `FlightReservationPassenger`. The service answers the
 * 422 FLIGHT_PASSENGER_DATA_INVALID naming every traveler and field at once. Members every
 * passenger needs are non-null; a blank value ("") counts as missing there, so the REST route
 * sends a member the client left out as "" and the 422 still lists it with the other problems.
 * Members that are required only for some itineraries, or that the contact may supply, stay nullable.
 */

@InputType({ description: 'One passenger of a reservation request' })
export class FlightPassengerInput {
  @Field(() => String, { description: '1 to 30 Latin letters, apostrophes, spaces, hyphens' })
  firstName!: string;

  @Field(() => String, { description: '1 to 30 Latin letters, apostrophes, spaces, hyphens' })
  lastName!: string;

  @Field(() => String, { nullable: true, description: 'Required unless the top-level contact supplies it' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Subscriber number or full E.164 number; contact fallback as for email' })
  phoneNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'International calling code; contact fallback as for email' })
  countryCode?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  dateOfBirth?: string | null;

  @Field(() => IntOrString, { nullable: true, description: '0 (male), 1 (female), or M, MALE, F, FEMALE, X, OTHER, U, UNKNOWN' })
  gender?: number | string | null;

  @Field(() => IntOrString, {
    description: '0 (adult), 1 (child), 2 (infant), or ADT, ADULT, CHD, CHILD, INF, INFANT; must match the age on the travel date',
  })
  ageCategory!: number | string;

  @Field(() => String, { nullable: true, description: 'P, PASSPORT, I, IDENTITY_CARD, F or A' })
  documentType?: string | null;

  @Field(() => String, { nullable: true, description: 'Document number: 3 to 20 Latin letters or digits' })
  passportNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; the document must stay valid through the final arrival date' })
  passportExpiryDate?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  passportIssuedDate?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 (exactly 2 characters)' })
  documentIssuingCountry?: string | null;

  @Field(() => String, { nullable: true, description: 'Two-letter ISO country code' })
  nationality?: string | null;

  @Field(() => String, { nullable: true, description: 'Country name' })
  nationalityCountry?: string | null;

  @Field(() => String, { nullable: true, description: 'Country name' })
  countryCodeName?: string | null;
}

@InputType({ description: 'Booking-level fallback: each value fills only a missing passenger field; passenger values win' })
export class FlightContactInput {
  @Field(() => String, { nullable: true, description: 'Email address for passengers who have none' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Phone number for passengers who have none (subscriber number or full E.164)' })
  phoneNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'International calling code for passengers who have none' })
  countryCode?: string | null;
}

@InputType({ description: 'Which notifications the booking sends: absent means true' })
export class NotificationPreferencesInput {
  @Field(() => Boolean, { nullable: true, description: 'False suppresses final ticket-confirmation notifications on every channel' })
  ticketPurchase?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'False suppresses delay, cancellation and other trip-update notifications' })
  allOtherTripNotification?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'False suppresses account-creation notifications' })
  serviceAccountCreation?: boolean | null;
}

@InputType({ description: 'Acceptance of a changed price: the latest priceVersion with the accepted amount and currency' })
export class PriceAcceptanceInput {
  @Field(() => String, { description: 'The latest priceVersion, as the price-change error gave it' })
  priceVersion!: string;

  @Field(() => String, { description: 'Decimal string: the walletSettlement debit (agents) or the display grand total (customers)' })
  amount!: string;

  @Field(() => String, { description: 'ISO 4217 currency code of amount' })
  currency!: string;
}

@InputType({ description: 'A reservation request; send offerReference or flightOfferReference. The service answers invalid parts (422)' })
export class FlightReservationInput {
  @Field(() => ID, { nullable: true, description: 'The offer to reserve; send this or flightOfferReference (one is required)' })
  offerReference?: string | null;

  @Field(() => ID, { nullable: true, description: 'The offerReference of a submitted flightOffer (REST copies flightOffer.offerReference here)' })
  flightOfferReference?: string | null;

  @Field(() => [FlightPassengerInput], { description: 'At least one; counts and types must match the search' })
  passengers!: FlightPassengerInput[];

  @Field(() => FlightContactInput, { nullable: true, description: 'Booking-level contact fallback' })
  contact?: FlightContactInput | null;

  @Field(() => FlightFareOptionEnum, { nullable: true, description: 'The fare option; null: NON_REFUNDABLE_FARE' })
  selectedOption?: string | null;

  @Field(() => NotificationPreferencesInput, { nullable: true, description: 'Which notifications to send; absent means all' })
  notifications?: NotificationPreferencesInput | null;

  @Field(() => PriceAcceptanceInput, { nullable: true, description: 'Send only to accept a changed price' })
  priceAcceptance?: PriceAcceptanceInput | null;
}
