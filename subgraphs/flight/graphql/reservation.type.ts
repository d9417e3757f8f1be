import { Field, ID, Int, ObjectType } from 'type-graphql';
import { FlightOffer } from './flight-offer.type';

/*
 * The objects reservations/reservation-view.ts builds (agentReservationView,
 * customerReservationView, ticketSummaries, issuanceView), field for field, plus the spec's
 * cancellation, purchase, issuance and flight ticket responses (flight.md "Reservation and ticket
 * summaries", "Flight ticket", "Cancellation and issuance responses"). Date-times are the ISO
 * strings the views already format, never Date. Enums are strings, described, as elsewhere in
 * this subgraph. Optional spec members are nullable; REST drops them when null.
 *
 * Names of the helper types start with Flight/Reservation so that no other subgraph's types of
 * the same name have to be @shareable in the supergraph.
 */

@ObjectType({ description: 'flight.md "Record locator"' })
export class RecordLocatorType {
  @Field()
  controlNumber!: string;

  @Field({ description: 'GDS or AIRLINE' })
  type!: string;

  @Field({ description: 'PNR or SEGMENT' })
  scope!: string;

  @Field({ description: 'ISO 8601 date-time' })
  firstObservedAt!: string;

  @Field({ description: 'ISO 8601 date-time' })
  lastObservedAt!: string;

  @Field(() => String, { nullable: true, description: 'The carrier code of an AIRLINE locator' })
  companyId?: string | null;

  @Field(() => [Int], { nullable: true })
  segmentReferences?: number[] | null;
}

@ObjectType()
export class AssociatedRecordType {
  @Field()
  reference!: string;

  @Field({ description: 'ISO 8601 date-time' })
  creationDate!: string;

  @Field({ description: '"GDS" for the PNR, else the carrier code' })
  originSystemCode!: string;

  @Field()
  flightOfferId!: string;
}

@ObjectType()
export class TaxDetailType {
  @Field()
  amount!: string;

  @Field()
  currency!: string;

  @Field()
  code!: string;

  @Field()
  countryCode!: string;
}

@ObjectType({ description: 'The supplier price of one pricing record (all its passengers together)' })
export class SupplierPriceType {
  @Field()
  currency!: string;

  @Field()
  total!: string;

  @Field(() => String, { nullable: true })
  base?: string | null;

  @Field(() => String, { nullable: true })
  taxes?: string | null;

  @Field(() => String, { nullable: true })
  validatingCarrier?: string | null;

  @Field(() => [String], { nullable: true })
  fareBasis?: string[] | null;

  @Field(() => [String], { nullable: true })
  bookingClasses?: string[] | null;

  @Field(() => [String], { nullable: true })
  brands?: string[] | null;

  @Field(() => [TaxDetailType], { nullable: true })
  taxDetails?: TaxDetailType[] | null;

  @Field(() => [String], { nullable: true, description: 'Per segment, e.g. "1PC"' })
  baggage?: string[] | null;

  @Field(() => [String], { nullable: true })
  fareRestrictions?: string[] | null;
}

@ObjectType({ description: 'flight.md "Pricing record"' })
export class PricingRecordType {
  @Field(() => Int)
  reference!: number;

  @Field(() => [Int])
  passengerReferences!: number[];

  @Field(() => [Int], { nullable: true })
  segmentReferences?: number[] | null;

  @Field(() => Int, { nullable: true })
  tstReference?: number | null;

  @Field({ description: 'PRICED, TST_CREATED or FAILED' })
  status!: string;

  @Field(() => SupplierPriceType)
  supplierPrice!: SupplierPriceType;
}

@ObjectType({ description: 'flight.md "Ticket document"' })
export class TicketDocumentType {
  @Field()
  travelerId!: string;

  @Field(() => Int)
  passengerReference!: number;

  @Field({ description: 'EXPECTED, ISSUED or UNKNOWN' })
  status!: string;

  @Field(() => String, { nullable: true })
  documentId?: string | null;

  @Field(() => Int, { nullable: true })
  pricingRecordReference?: number | null;

  @Field(() => [Int], { nullable: true })
  segmentReferences?: number[] | null;

  @Field(() => Int, { nullable: true })
  tstReference?: number | null;

  @Field(() => String, { nullable: true, description: 'Present once ISSUED' })
  ticketNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'FA or FH' })
  providerElement?: string | null;

  @Field(() => String, { nullable: true })
  validatingCarrier?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time; present once ISSUED' })
  issuedAt?: string | null;
}

/* ------------------------------------------------------------------ reservation responses */

@ObjectType()
export class FlightTicketPriceType {
  @Field({ description: 'Decimal string' })
  total!: string;

  @Field()
  currency!: string;
}

@ObjectType()
export class PassengerSummaryType {
  @Field()
  fullName!: string;
}

@ObjectType({ description: 'tickets[] of the reserve responses: one item per passenger and itinerary' })
export class TicketSummaryType {
  @Field()
  ticketId!: string;

  @Field()
  bookingReference!: string;

  @Field()
  paymentReference!: string;

  @Field({ description: 'YYYY-MM-DD, local' })
  departureDate!: string;

  @Field({ description: 'HH:mm, local' })
  departureTime!: string;

  @Field({ description: 'Airport name' })
  from!: string;

  @Field({ description: 'Airport name' })
  to!: string;

  @Field(() => FlightTicketPriceType)
  price!: FlightTicketPriceType;

  @Field(() => PassengerSummaryType)
  passengerSummary!: PassengerSummaryType;

  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time' })
  paymentDeadlineAt?: string | null;
}

/** The fields both reservation answers share (agent `reservation`, customer `flightReservation`). */
@ObjectType({ description: 'Never emitted: no field returns it, only subclasses' })
export abstract class ReservationRecordFields {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  reservationId!: string;

  @Field({ description: 'A reservation status (flight.md "States and transitions")' })
  status!: string;

  @Field(() => Int)
  paymentTimeLimitInSeconds!: number;

  @Field({ description: 'ISO 8601 date-time' })
  expiresAt!: string;

  @Field({ description: 'Canonical price version, required to accept a changed price' })
  priceVersion!: string;

  @Field(() => [PricingRecordType])
  pricingRecords!: PricingRecordType[];

  @Field(() => [TicketDocumentType])
  documents!: TicketDocumentType[];

  @Field(() => [RecordLocatorType])
  recordLocators!: RecordLocatorType[];

  @Field(() => [AssociatedRecordType])
  associatedRecords!: AssociatedRecordType[];
}

@ObjectType({ description: 'The `reservation` of the agent reservation response' })
export class AgentReservationType extends ReservationRecordFields {
  @Field()
  bookingReference!: string;

  @Field()
  paymentReference!: string;

  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time: latest time to purchase' })
  paymentDeadlineAt?: string | null;

  @Field(() => [String])
  ticketIds!: string[];

  @Field()
  verifyUrl!: string;
}

@ObjectType({ description: 'Agent reservation response (REST 201)' })
export class AgentReservationResult {
  @Field(() => AgentReservationType)
  reservation!: AgentReservationType;

  @Field(() => [TicketSummaryType])
  tickets!: TicketSummaryType[];
}

@ObjectType()
export class ReservationTravelerNameType {
  @Field()
  firstName!: string;

  @Field()
  lastName!: string;
}

@ObjectType()
export class ReservationTravelerPhoneType {
  @Field({ description: 'e.g. MOBILE' })
  deviceType!: string;

  @Field()
  countryCallingCode!: string;

  @Field()
  number!: string;
}

@ObjectType()
export class ReservationTravelerContactType {
  @Field()
  emailAddress!: string;

  @Field(() => [ReservationTravelerPhoneType])
  phones!: ReservationTravelerPhoneType[];
}

@ObjectType()
export class ReservationTravelerDocumentType {
  @Field()
  documentType!: string;

  @Field()
  number!: string;

  @Field({ description: 'YYYY-MM-DD' })
  expiryDate!: string;

  @Field()
  nationality!: string;

  @Field()
  issuanceCountry!: string;

  @Field()
  validityCountry!: string;

  @Field()
  holder!: boolean;
}

@ObjectType({ description: 'flight.md "Reservation traveler"' })
export class ReservationTravelerType {
  @Field()
  id!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  dateOfBirth?: string | null;

  @Field(() => ReservationTravelerNameType)
  name!: ReservationTravelerNameType;

  @Field()
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'MALE or FEMALE' })
  gender?: string | null;

  @Field({ description: 'ADULT, CHILD or INFANT' })
  ageCategory!: string;

  @Field(() => ReservationTravelerContactType)
  contact!: ReservationTravelerContactType;

  @Field(() => [ReservationTravelerDocumentType])
  documents!: ReservationTravelerDocumentType[];
}

@ObjectType({ description: 'flight.md "Reservation summary" (flightReservation of the customer reservation response)' })
export class ReservationSummaryType extends ReservationRecordFields {
  @Field(() => [FlightOffer], { description: 'The reserved offer in full (flight.md "Flight offer"), with its current authoritative price' })
  flightOffers!: FlightOffer[];

  @Field(() => [ReservationTravelerType])
  travelers!: ReservationTravelerType[];
}

/* ------------------------------------------------------------------ purchase and issuance */

@ObjectType({ description: 'flight.md issuance response' })
export class IssuanceType {
  @Field(() => ID)
  reservationId!: string;

  @Field({ description: 'The reservation status, e.g. ISSUED' })
  status!: string;

  @Field(() => [TicketDocumentType])
  documents!: TicketDocumentType[];

  @Field(() => String, { nullable: true })
  bookingReference?: string | null;

  @Field(() => [RecordLocatorType], { nullable: true })
  recordLocators?: RecordLocatorType[] | null;
}

@ObjectType({ description: 'POST /api/flight/purchase/agent' })
export class PurchaseResult {
  @Field({ description: 'True: every expected document verified (REST 200); false: in progress, partial or reconciliation (REST 202)' })
  complete!: boolean;

  @Field(() => IssuanceType)
  issuance!: IssuanceType;
}

@ObjectType({ description: 'POST /api/flight/ticket/issue/signal' })
export class IssueSignalResult {
  @Field({ description: 'True: the reservation was already fully issued (REST 200, body `issuance`); false: payment accepted for issuance (REST 202)' })
  complete!: boolean;

  @Field()
  signaled!: boolean;

  @Field(() => String, { nullable: true })
  workflowId?: string | null;

  @Field()
  ticketId!: string;

  @Field()
  paymentReference!: string;

  @Field(() => [ID])
  ticketUuids!: string[];

  @Field(() => IssuanceType, { nullable: true, description: 'The issuance response, when already fully issued' })
  issuance?: IssuanceType | null;
}

@ObjectType({ description: 'Cancelled-payment recovery of a direct issuance' })
export class PaymentRecoveryType {
  @Field(() => ID)
  reconciliationOperationId!: string;

  @Field()
  sourceTicketId!: string;

  @Field()
  replacementTicketId!: string;

  @Field({ description: 'RESERVED, ISSUED or REFUND_REQUIRED' })
  state!: string;

  @Field()
  recoveryIdempotent!: boolean;

  @Field()
  finalizationIdempotent!: boolean;
}

@ObjectType({ description: 'POST /api/flight/ticket/issue/direct' })
export class DirectIssueResult {
  @Field({ description: 'True: REST 200 (this object); false: REST 202 (the issuance response, with paymentRecovery when present)' })
  complete!: boolean;

  @Field()
  issued!: boolean;

  @Field()
  ticketId!: string;

  @Field()
  paymentReference!: string;

  @Field(() => [ID])
  ticketUuids!: string[];

  @Field(() => IssuanceType)
  issuance!: IssuanceType;

  @Field(() => PaymentRecoveryType, { nullable: true, description: 'Recovery requests only' })
  paymentRecovery?: PaymentRecoveryType | null;
}

/* ------------------------------------------------------------------ cancellation */

@ObjectType({ description: 'flight.md cancellation response' })
export class CancellationType {
  @Field(() => ID)
  reservationId!: string;

  @Field({ description: 'CANCELLED, REFUND_PENDING or REFUND_REQUIRED' })
  state!: string;

  @Field({ description: 'NOT_REQUIRED, PENDING, CONFIRMED, MISMATCH, REFUND_PENDING, REFUNDED or REFUND_REQUIRED' })
  paymentState!: string;

  @Field(() => String, { nullable: true, description: 'REFUNDED, REFUND_PENDING or REFUND_REQUIRED' })
  refundState!: string | null;

  @Field({ description: 'True when the reservation was cancelled before this request' })
  alreadyCancelled!: boolean;

  @Field(() => String, { nullable: true })
  ticketId?: string | null;

  @Field(() => String, { nullable: true })
  bookingReference?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time' })
  cancelledAt?: string | null;
}

@ObjectType({ description: 'POST /api/flight/cancel' })
export class CancellationResult {
  @Field({ description: 'True: cancelled and verified, or already cancelled (REST 200); false: in progress or refund/reconciliation (REST 202)' })
  complete!: boolean;

  @Field(() => CancellationType)
  cancellation!: CancellationType;
}

/* ------------------------------------------------------------------ flight ticket */

@ObjectType()
export class FlightTicketCouponType {
  @Field(() => Int)
  segmentReference!: number;

  @Field()
  status!: string;

  @Field({ description: 'ISO 8601 date-time' })
  lastObservedAt!: string;
}

@ObjectType({ description: 'The account that bought the ticket' })
export class FlightTicketBuyerType {
  @Field(() => ID)
  uuid!: string;

  @Field()
  fullName!: string;

  @Field()
  email!: string;

  @Field(() => String, { nullable: true, description: "The selling agent's own downstream user identifier" })
  externalUserId?: string | null;
}

@ObjectType()
export class FlightPassengerDetailsType {
  @Field()
  fullName!: string;

  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field()
  email!: string;

  @Field({ description: 'E.164' })
  phoneNumber!: string;
}

@ObjectType({ description: 'flight.md "Notification preferences"; null means true' })
export class FlightNotificationPreferencesType {
  @Field(() => Boolean, { nullable: true })
  ticketPurchase?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  allOtherTripNotification?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  serviceAccountCreation?: boolean | null;
}

@ObjectType({ description: 'flight.md "Flight ticket": one passenger on one itinerary (a return booking has two per passenger, one ticketId)' })
export class FlightTicketType {
  @Field(() => ID)
  uuid!: string;

  @Field()
  ticketId!: string;

  @Field()
  bookingReference!: string;

  @Field()
  paymentReference!: string;

  @Field(() => ID)
  reservationId!: string;

  @Field(() => String, { nullable: true, description: "The selling agent's own downstream user identifier" })
  externalUserId?: string | null;

  @Field(() => [RecordLocatorType])
  recordLocators!: RecordLocatorType[];

  @Field()
  providerSystem!: string;

  @Field(() => String, { nullable: true })
  providerOfficeId?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time' })
  lastProviderSyncAt?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601 date-time; null before issuance' })
  issuedAt?: string | null;

  @Field()
  travelerId!: string;

  @Field(() => Int)
  passengerReference!: number;

  @Field(() => Int, { nullable: true, description: 'Null before the TST exists' })
  tstReference?: number | null;

  @Field(() => Int, { nullable: true })
  pricingRecordReference?: number | null;

  @Field(() => Int, { description: 'Minimum 0' })
  itineraryIndex!: number;

  @Field({ description: 'OUTBOUND or RETURN' })
  direction!: string;

  @Field(() => [Int])
  providerSegmentReferences!: number[];

  @Field(() => String, { nullable: true, description: 'Null before issuance' })
  documentId?: string | null;

  @Field(() => String, { nullable: true, description: 'Null before issuance' })
  ticketNumber?: string | null;

  @Field({ description: 'EXPECTED, ISSUED or UNKNOWN' })
  documentStatus!: string;

  @Field(() => String, { nullable: true })
  validatingCarrier?: string | null;

  @Field(() => String, { nullable: true, description: 'FA or FH; null before issuance' })
  providerDocumentElement?: string | null;

  @Field(() => [FlightTicketCouponType])
  coupons!: FlightTicketCouponType[];

  @Field({ description: 'YYYY-MM-DD, local' })
  departureDate!: string;

  @Field({ description: 'HH:mm, local' })
  departureTime!: string;

  @Field({ description: 'Airport name' })
  from!: string;

  @Field({ description: 'Airport name' })
  to!: string;

  @Field(() => FlightTicketPriceType)
  price!: FlightTicketPriceType;

  @Field({ description: 'PASSENGER_JOURNEY: the passenger total for the whole journey, repeated on each itinerary row' })
  priceScope!: string;

  @Field(() => FlightTicketBuyerType)
  boughtByUser!: FlightTicketBuyerType;

  @Field(() => FlightPassengerDetailsType)
  passengerDetails!: FlightPassengerDetailsType;

  @Field(() => FlightNotificationPreferencesType)
  notificationPreferences!: FlightNotificationPreferencesType;

  @Field()
  status!: string;

  @Field({ description: 'Issuance state of this ticket (usage guide); e.g. EXPECTED or ISSUED' })
  issuanceStatus!: string;
}

@ObjectType({ description: 'Customer reservation response (REST 201)' })
export class CustomerReservationResult {
  @Field(() => [FlightTicketType], { description: 'flight.md "Flight ticket": one per passenger and itinerary' })
  tickets!: FlightTicketType[];

  @Field(() => ReservationSummaryType)
  flightReservation!: ReservationSummaryType;
}
