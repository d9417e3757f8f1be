import { describedEnum } from '../../../shared/graphql/enum.builder';
import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { FlightOffer } from './flight-offer.type';
import { FlightReservationStatusEnum } from './flight-enums.type';
import { AssociatedRecordType, PricingRecordType, RecordLocatorType, TicketDocumentType } from './reservation-record.type';
import { ReservationTravelerType } from './reservation-traveler.type';

/*
 * The objects reservations/reservation.view.ts builds (agentReservationView,
 * customerReservationView, ticketSummaries, issuanceView), field for field, plus the
 * cancellation, purchase, issuance and flight ticket answers (OpenAPI `FlightReservationSummary`,
 * `FlightTicketSummary`, `FlightTicket`, `FlightCancellation`, `FlightIssuance`).
 * Date-times are the ISO
 * strings the views already format, never Date. Enums are strings, described, as elsewhere in
 * this subgraph. Optional spec members are nullable; REST drops them when null.
 *
 * Names of the helper types start with Flight/Reservation so that no other subgraph's types of
 * the same name have to be @shareable in the supergraph. The types are split by what they describe:
 * reservation-record.type.ts (GDS records), reservation-traveler.type.ts, flight-ticket.type.ts and
 * reservation-result.type.ts (the mutation answers).
 */

export const FlightItineraryDirection = describedEnum('FlightItineraryDirection', 'Which itinerary of a journey a ticket row covers', {
  OUTBOUND: 'The first itinerary',
  RETURN: 'The return itinerary of a round trip',
});

/* ------------------------------------------------------------------ reservation responses */

@ObjectType({ description: "A ticket's price; money is a decimal string in the currency's decimals" })
export class FlightTicketPriceType {
  @Field({ description: 'Decimal string' })
  total!: string;

  @Field({ description: 'ISO 4217 currency code of total' })
  currency!: string;
}

@ObjectType({ description: 'The passenger of a ticket' })
export class PassengerSummaryType {
  @Field({ description: "Passenger's first and last name" })
  fullName!: string;
}

@ObjectType({ description: 'tickets[] of the reserve responses: one item per passenger and itinerary' })
export class TicketSummaryType {
  @Field({ description: 'Ticket id shown to the customer (one per reservation, shared by its passengers)' })
  ticketId!: string;

  @Field({ description: 'Booking reference shown to the customer' })
  bookingReference!: string;

  @Field({ description: 'Reference to quote when paying' })
  paymentReference!: string;

  @Field(() => LocalDateScalar, { description: 'YYYY-MM-DD, local' })
  departureDate!: string;

  @Field({ description: 'HH:mm, local' })
  departureTime!: string;

  @Field({ description: 'Airport name' })
  from!: string;

  @Field({ description: 'Airport name' })
  to!: string;

  @Field(() => FlightTicketPriceType, { description: "The passenger's price" })
  price!: FlightTicketPriceType;

  @Field(() => PassengerSummaryType, { description: 'The passenger' })
  passengerSummary!: PassengerSummaryType;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time' })
  paymentDeadlineAt?: string | null;
}

/** The fields both reservation answers share (agent `reservation`, customer `flightReservation`). */
@ObjectType({ description: 'Never emitted: no field returns it, only subclasses' })
export abstract class ReservationRecordFields {
  @Field(() => ID, { description: 'The reservation id (same as reservationId)' })
  id!: string;

  @Field(() => ID, { description: 'The reservation id' })
  reservationId!: string;

  @Field(() => FlightReservationStatusEnum, { description: 'The reservation status' })
  status!: string;

  @Field(() => Int, { description: 'Seconds left to pay when the reservation was read' })
  paymentTimeLimitInSeconds!: number;

  @Field(() => DateTimeScalar, { description: 'ISO 8601 date-time' })
  expiresAt!: string;

  @Field({ description: 'Canonical price version, required to accept a changed price' })
  priceVersion!: string;

  @Field(() => [PricingRecordType], { description: 'The supplier pricing records' })
  pricingRecords!: PricingRecordType[];

  @Field(() => [TicketDocumentType], { description: 'The ticket documents expected or issued, one per passenger and pricing record' })
  documents!: TicketDocumentType[];

  @Field(() => [RecordLocatorType], { description: 'Locators of the reservation at the GDS and airlines' })
  recordLocators!: RecordLocatorType[];

  @Field(() => [AssociatedRecordType], { description: 'Records of the reservation in other systems' })
  associatedRecords!: AssociatedRecordType[];
}

@ObjectType({ description: 'The `reservation` of the agent reservation response' })
export class AgentReservationType extends ReservationRecordFields {
  @Field({ description: 'Booking reference shown to the customer' })
  bookingReference!: string;

  @Field({ description: 'Reference to quote when paying' })
  paymentReference!: string;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time: latest time to purchase' })
  paymentDeadlineAt?: string | null;

  @Field(() => [String], { description: 'Ticket ids of the reservation' })
  ticketIds!: string[];

  @Field({ description: 'Public URL where the ticket can be verified' })
  verifyUrl!: string;
}

@ObjectType({ description: 'The reservation summary (flightReservation of the customer reservation response)' })
export class ReservationSummaryType extends ReservationRecordFields {
  @Field(() => [FlightOffer], { description: 'The reserved offer in full, with its current authoritative price' })
  flightOffers!: FlightOffer[];

  @Field(() => [ReservationTravelerType], { description: 'The travelers of the reservation' })
  travelers!: ReservationTravelerType[];
}
