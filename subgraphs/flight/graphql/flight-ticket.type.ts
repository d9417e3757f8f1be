import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { FlightPriceScopeEnum, FlightReservationStatusEnum } from './flight-enums.type';
import { FlightDocumentStatus, RecordLocatorType } from './reservation-record.type';
import { FlightItineraryDirection, FlightTicketPriceType } from './reservation.type';

/** The flight ticket answer: one passenger on one itinerary, with its coupons, buyer and notification preferences. */

@ObjectType({ description: 'The state of one flight coupon (segment) of an issued ticket' })
export class FlightTicketCouponType {
  @Field(() => Int, { description: 'Supplier segment number of the coupon' })
  segmentReference!: number;

  @Field({ description: 'Coupon status as the supplier reports it (e.g. OPEN, FLOWN)' })
  status!: string;

  @Field(() => DateTimeScalar, { description: 'ISO 8601 date-time' })
  lastObservedAt!: string;
}

@ObjectType({ description: 'The account that bought the ticket' })
export class FlightTicketBuyerType {
  @Field(() => ID, { description: 'Account id of the buyer' })
  uuid!: string;

  // Null only when the buying account is gone: the field stays non-null in the schema, so such a ticket answers
  // a GraphQL error rather than an empty buyer (the view type says so instead of a cast hiding it).
  @Field(() => String, { description: "Buyer's name" })
  fullName!: string | null;

  @Field(() => String, { description: "Buyer's email address" })
  email!: string | null;

  @Field(() => String, { nullable: true, description: "The selling agent's own downstream user identifier" })
  externalUserId?: string | null;
}

@ObjectType({ description: 'The passenger of a flight ticket' })
export class FlightPassengerDetailsType {
  @Field({ description: 'First and last name' })
  fullName!: string;

  @Field({ description: 'First (given) name' })
  firstName!: string;

  @Field({ description: 'Last (family) name' })
  lastName!: string;

  @Field({ description: "Passenger's email address" })
  email!: string;

  @Field({ description: 'E.164' })
  phoneNumber!: string;
}

@ObjectType({ description: 'Which notifications the booking sends; null means true' })
export class FlightNotificationPreferencesType {
  @Field(() => Boolean, { nullable: true, description: 'Send the ticket-purchase notification; null means true' })
  ticketPurchase?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Send the other trip notifications; null means true' })
  allOtherTripNotification?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Send the account-creation notification; null means true' })
  serviceAccountCreation?: boolean | null;
}

@ObjectType({ description: 'A flight ticket: one passenger on one itinerary (a return booking has two per passenger, one ticketId)' })
export class FlightTicketType {
  @Field(() => ID, { description: 'Id of this ticket row (one passenger on one itinerary)' })
  uuid!: string;

  @Field({ description: 'Ticket id shown to the customer, shared by the rows of one reservation' })
  ticketId!: string;

  @Field({ description: 'Booking reference shown to the customer' })
  bookingReference!: string;

  @Field({ description: 'Reference to quote when paying' })
  paymentReference!: string;

  @Field(() => ID, { description: 'The reservation id' })
  reservationId!: string;

  @Field(() => String, { nullable: true, description: "The selling agent's own downstream user identifier" })
  externalUserId?: string | null;

  @Field(() => [RecordLocatorType], { description: 'Locators at the GDS and airlines' })
  recordLocators!: RecordLocatorType[];

  @Field({ description: 'The supplier system holding the reservation (e.g. AMADEUS)' })
  providerSystem!: string;

  @Field(() => String, { nullable: true, description: 'Supplier office id that booked; null when not known' })
  providerOfficeId?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time' })
  lastProviderSyncAt?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time; null before issuance' })
  issuedAt?: string | null;

  @Field({ description: 'Traveler id within the offer' })
  travelerId!: string;

  @Field(() => Int, { description: 'Supplier passenger number' })
  passengerReference!: number;

  @Field(() => Int, { nullable: true, description: 'Null before the TST exists' })
  tstReference?: number | null;

  @Field(() => Int, { nullable: true, description: 'The PricingRecordType.reference of this ticket; null when not known' })
  pricingRecordReference?: number | null;

  @Field(() => Int, { description: 'Which itinerary of the journey, from 0 (the outbound one)' })
  itineraryIndex!: number;

  @Field(() => FlightItineraryDirection, { description: 'Which itinerary of the journey: OUTBOUND or RETURN' })
  direction!: string;

  @Field(() => [Int], { description: 'Supplier segment numbers of this itinerary' })
  providerSegmentReferences!: number[];

  @Field(() => String, { nullable: true, description: 'Null before issuance' })
  documentId?: string | null;

  @Field(() => String, { nullable: true, description: 'Null before issuance' })
  ticketNumber?: string | null;

  @Field(() => FlightDocumentStatus, { description: 'Document state: EXPECTED, ISSUED or UNKNOWN' })
  documentStatus!: string;

  @Field(() => String, { nullable: true, description: 'IATA code of the validating airline; null when not known' })
  validatingCarrier?: string | null;

  @Field(() => String, { nullable: true, description: 'FA or FH; null before issuance' })
  providerDocumentElement?: string | null;

  @Field(() => [FlightTicketCouponType], { description: 'Coupon states; empty before issuance' })
  coupons!: FlightTicketCouponType[];

  @Field(() => LocalDateScalar, { description: 'YYYY-MM-DD, local' })
  departureDate!: string;

  @Field({ description: 'HH:mm, local' })
  departureTime!: string;

  @Field({ description: 'Airport name' })
  from!: string;

  @Field({ description: 'Airport name' })
  to!: string;

  @Field(() => FlightTicketPriceType, { description: "The passenger's price (see priceScope)" })
  price!: FlightTicketPriceType;

  @Field(() => FlightPriceScopeEnum, {
    description: 'What the price covers: the passenger total for the whole journey, repeated on both itinerary rows of a return booking (aggregate once)',
  })
  priceScope!: string;

  @Field(() => FlightTicketBuyerType, { description: 'The account that bought the ticket' })
  boughtByUser!: FlightTicketBuyerType;

  // Null only for a ticket whose traveler is not on its reservation, which the schema answers as an error.
  @Field(() => FlightPassengerDetailsType, { description: 'The passenger' })
  passengerDetails!: FlightPassengerDetailsType | null;

  @Field(() => FlightNotificationPreferencesType, { description: 'Which notifications the passenger gets' })
  notificationPreferences!: FlightNotificationPreferencesType;

  @Field(() => FlightReservationStatusEnum, { description: 'The status of this ticket: the reservation status it was last given (CANCELLED once cancelled)' })
  status!: string;

  @Field(() => FlightReservationStatusEnum, { description: "Issuance progress (usage guide): the reservation's current status, e.g. TST_CREATED or ISSUED" })
  issuanceStatus!: string;
}
