import { describedEnum } from '../../../shared/graphql/enum-of';
import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { FlightOffer } from './flight-offer.type';
import {
  FlightCancellationStateEnum,
  FlightPaymentRecoveryStateEnum,
  FlightPhoneDeviceTypeEnum,
  FlightRefundStateEnum,
  FlightPriceScopeEnum,
  FlightPricingRecordStatusEnum,
  FlightReservationStatusEnum,
  FlightCancellationPaymentStateEnum,
  FlightTravelDocumentTypeEnum,
} from './flight-enums';

/*
 * The objects reservations/reservation-view.ts builds (agentReservationView,
 * customerReservationView, ticketSummaries, issuanceView), field for field, plus the spec's
 * cancellation, purchase, issuance and flight ticket responses (OpenAPI `FlightReservationSummary`,
 * `FlightTicketSummary`, `FlightTicket`, `FlightCancellation`, `FlightIssuance`). Date-times are the ISO
 * strings the views already format, never Date. Enums are strings, described, as elsewhere in
 * this subgraph. Optional spec members are nullable; REST drops them when null.
 *
 * Names of the helper types start with Flight/Reservation so that no other subgraph's types of
 * the same name have to be @shareable in the supergraph.
 */

export const FlightDocumentStatus = describedEnum('FlightDocumentStatus', 'State of a ticket document', {
  EXPECTED: 'Not issued yet',
  ISSUED: 'Issued: ticketNumber is set',
  UNKNOWN: 'The supplier state could not be verified; being reconciled',
});

export const FlightItineraryDirection = describedEnum('FlightItineraryDirection', 'Which itinerary of a journey a ticket row covers', {
  OUTBOUND: 'The first itinerary',
  RETURN: 'The return itinerary of a round trip',
});

export const RecordLocatorKind = describedEnum('RecordLocatorKind', 'Which system issued a record locator', {
  GDS: 'The GDS (PNR) locator',
  AIRLINE: "An airline's own locator (companyId is its carrier code)",
});

export const RecordLocatorScope = describedEnum('RecordLocatorScope', 'What a record locator covers', {
  PNR: 'The whole reservation',
  SEGMENT: 'Only the segments in segmentReferences',
});

@ObjectType({ description: 'flight.md "Record locator"' })
export class RecordLocatorType {
  @Field({ description: 'The locator itself (e.g. a 6-character PNR code)' })
  controlNumber!: string;

  @Field(() => RecordLocatorKind, { description: 'Who issued the locator: GDS or AIRLINE' })
  type!: string;

  @Field(() => RecordLocatorScope, { description: 'What the locator covers: PNR or SEGMENT' })
  scope!: string;

  @Field(() => DateTimeScalar, { description: 'ISO 8601 date-time' })
  firstObservedAt!: string;

  @Field(() => DateTimeScalar, { description: 'ISO 8601 date-time' })
  lastObservedAt!: string;

  @Field(() => String, { nullable: true, description: 'The carrier code of an AIRLINE locator' })
  companyId?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Supplier segment numbers the locator covers; null for a PNR-wide locator' })
  segmentReferences?: number[] | null;
}

@ObjectType({ description: 'A record the reservation has in another system (the GDS PNR or an airline record)' })
export class AssociatedRecordType {
  @Field({ description: "The record's locator in that system" })
  reference!: string;

  @Field(() => DateTimeScalar, { description: 'ISO 8601 date-time' })
  creationDate!: string;

  @Field({ description: '"GDS" for the PNR, else the carrier code' })
  originSystemCode!: string;

  @Field({ description: 'Id of the reserved offer within its search result (FlightOffer.id)' })
  flightOfferId!: string;
}

@ObjectType({ description: 'One tax of a supplier price' })
export class TaxDetailType {
  @Field({ description: "Tax amount, decimal string in the currency's decimals" })
  amount!: string;

  @Field({ description: 'ISO 4217 currency code of the amount' })
  currency!: string;

  @Field({ description: 'IATA tax code (e.g. YQ)' })
  code!: string;

  @Field({ description: 'ISO 3166-1 alpha-2 country levying the tax' })
  countryCode!: string;
}

@ObjectType({ description: 'The supplier price of one pricing record (all its passengers together)' })
export class SupplierPriceType {
  @Field({ description: 'ISO 4217 currency the supplier priced in' })
  currency!: string;

  @Field({ description: "Supplier total, decimal string in the currency's decimals" })
  total!: string;

  @Field(() => String, { nullable: true, description: 'Supplier base fare, decimal string; null when the supplier gives none' })
  base?: string | null;

  @Field(() => String, { nullable: true, description: 'Sum of the taxes, decimal string; null when the supplier gives none' })
  taxes?: string | null;

  @Field(() => String, { nullable: true, description: 'IATA code of the validating airline; null when not known' })
  validatingCarrier?: string | null;

  @Field(() => [String], { nullable: true, description: 'Fare basis codes, per segment; null when not known' })
  fareBasis?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Booking classes, per segment; null when not known' })
  bookingClasses?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Fare brands, per segment; null when not known' })
  brands?: string[] | null;

  @Field(() => [TaxDetailType], { nullable: true, description: 'The taxes one by one; null when the supplier gives none' })
  taxDetails?: TaxDetailType[] | null;

  @Field(() => [String], { nullable: true, description: 'Per segment, e.g. "1PC"' })
  baggage?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Fare restrictions as the supplier words them; null when none are given' })
  fareRestrictions?: string[] | null;
}

@ObjectType({ description: 'flight.md "Pricing record"' })
export class PricingRecordType {
  @Field(() => Int, { description: 'Number of the pricing record in the reservation' })
  reference!: number;

  @Field(() => [Int], { description: 'Supplier passenger numbers the record prices' })
  passengerReferences!: number[];

  @Field(() => [Int], { nullable: true, description: 'Supplier segment numbers the record prices; null for all segments' })
  segmentReferences?: number[] | null;

  @Field(() => Int, { nullable: true, description: 'Supplier stored-ticket (TST) number; null before it exists' })
  tstReference?: number | null;

  @Field(() => FlightPricingRecordStatusEnum, { description: 'State of the pricing record' })
  status!: string;

  @Field(() => SupplierPriceType, { description: 'What the supplier charges for this record' })
  supplierPrice!: SupplierPriceType;
}

@ObjectType({ description: 'flight.md "Ticket document"' })
export class TicketDocumentType {
  @Field({ description: 'Traveler id within the offer' })
  travelerId!: string;

  @Field(() => Int, { description: 'Supplier passenger number' })
  passengerReference!: number;

  @Field(() => FlightDocumentStatus, { description: 'Document state: EXPECTED, ISSUED or UNKNOWN' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Supplier document id; null before issuance' })
  documentId?: string | null;

  @Field(() => Int, { nullable: true, description: 'The PricingRecordType.reference of this document; null when not known' })
  pricingRecordReference?: number | null;

  @Field(() => [Int], { nullable: true, description: 'Supplier segment numbers the document covers; null when not known' })
  segmentReferences?: number[] | null;

  @Field(() => Int, { nullable: true, description: 'Supplier stored-ticket (TST) number; null before it exists' })
  tstReference?: number | null;

  @Field(() => String, { nullable: true, description: 'Present once ISSUED' })
  ticketNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'FA or FH' })
  providerElement?: string | null;

  @Field(() => String, { nullable: true, description: 'IATA code of the validating airline; null when not known' })
  validatingCarrier?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time; present once ISSUED' })
  issuedAt?: string | null;
}

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

@ObjectType({ description: 'Agent reservation response (REST 201)' })
export class AgentReservationResult {
  @Field(() => AgentReservationType, { description: 'The reservation' })
  reservation!: AgentReservationType;

  @Field(() => [TicketSummaryType], { description: 'One item per passenger and itinerary' })
  tickets!: TicketSummaryType[];
}

@ObjectType({ description: "A traveler's name as on the travel document" })
export class ReservationTravelerNameType {
  @Field({ description: 'First (given) name' })
  firstName!: string;

  @Field({ description: 'Last (family) name' })
  lastName!: string;
}

@ObjectType({ description: "A traveler's phone number" })
export class ReservationTravelerPhoneType {
  @Field(() => FlightPhoneDeviceTypeEnum, { description: 'What kind of phone the number is' })
  deviceType!: string;

  @Field({ description: 'Country calling code, digits only (e.g. 255)' })
  countryCallingCode!: string;

  @Field({ description: 'Phone number without the country calling code' })
  number!: string;
}

@ObjectType({ description: 'How to reach a traveler' })
export class ReservationTravelerContactType {
  @Field({ description: 'Email address' })
  emailAddress!: string;

  @Field(() => [ReservationTravelerPhoneType], { description: 'Phone numbers' })
  phones!: ReservationTravelerPhoneType[];
}

@ObjectType({ description: "A traveler's travel document (passport or identity card)" })
export class ReservationTravelerDocumentType {
  @Field(() => FlightTravelDocumentTypeEnum, { description: 'Document kind' })
  documentType!: string;

  @Field({ description: 'Document number' })
  number!: string;

  @Field(() => LocalDateScalar, { description: 'YYYY-MM-DD' })
  expiryDate!: string;

  @Field({ description: 'ISO 3166-1 alpha-2 nationality of the holder' })
  nationality!: string;

  @Field({ description: 'ISO 3166-1 alpha-2 country that issued the document' })
  issuanceCountry!: string;

  @Field({ description: 'ISO 3166-1 alpha-2 country where the document is valid' })
  validityCountry!: string;

  @Field({ description: 'True when the traveler is the document holder' })
  holder!: boolean;
}

@ObjectType({ description: 'flight.md "Reservation traveler"' })
export class ReservationTravelerType {
  @Field({ description: 'Traveler id within the offer' })
  id!: string;

  @Field(() => LocalDateScalar, { nullable: true, description: 'YYYY-MM-DD' })
  dateOfBirth?: string | null;

  @Field(() => ReservationTravelerNameType, { description: "The traveler's name" })
  name!: ReservationTravelerNameType;

  @Field({ description: 'First and last name' })
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'MALE or FEMALE' })
  gender?: string | null;

  @Field({ description: 'ADULT, CHILD or INFANT' })
  ageCategory!: string;

  @Field(() => ReservationTravelerContactType, { description: 'How to reach the traveler' })
  contact!: ReservationTravelerContactType;

  @Field(() => [ReservationTravelerDocumentType], { description: 'Travel documents; empty when none was required' })
  documents!: ReservationTravelerDocumentType[];
}

@ObjectType({ description: 'flight.md "Reservation summary" (flightReservation of the customer reservation response)' })
export class ReservationSummaryType extends ReservationRecordFields {
  @Field(() => [FlightOffer], { description: 'The reserved offer in full (flight.md "Flight offer"), with its current authoritative price' })
  flightOffers!: FlightOffer[];

  @Field(() => [ReservationTravelerType], { description: 'The travelers of the reservation' })
  travelers!: ReservationTravelerType[];
}

/* ------------------------------------------------------------------ purchase and issuance */

@ObjectType({ description: 'flight.md issuance response' })
export class IssuanceType {
  @Field(() => ID, { description: 'The reservation id' })
  reservationId!: string;

  @Field(() => FlightReservationStatusEnum, { description: 'The reservation status after the call, e.g. ISSUED' })
  status!: string;

  @Field(() => [TicketDocumentType], { description: 'The ticket documents, with ticket numbers once issued' })
  documents!: TicketDocumentType[];

  @Field(() => String, { nullable: true, description: 'Booking reference; null when not known yet' })
  bookingReference?: string | null;

  @Field(() => [RecordLocatorType], { nullable: true, description: 'Locators at the GDS and airlines; null when not known yet' })
  recordLocators?: RecordLocatorType[] | null;
}

@ObjectType({ description: 'POST /api/flight/purchase/agent' })
export class PurchaseResult {
  @Field({ description: 'True: every expected document verified (REST 200); false: in progress, partial or reconciliation (REST 202)' })
  complete!: boolean;

  @Field(() => IssuanceType, { description: 'The issuance state' })
  issuance!: IssuanceType;
}

@ObjectType({ description: 'POST /api/flight/ticket/issue/signal' })
export class IssueSignalResult {
  @Field({ description: 'True: the reservation was already fully issued (REST 200, body `issuance`); false: payment accepted for issuance (REST 202)' })
  complete!: boolean;

  @Field({ description: 'True when the issuance workflow was signaled by this request' })
  signaled!: boolean;

  @Field(() => String, { nullable: true, description: 'Id of the issuance workflow; null when none was started' })
  workflowId?: string | null;

  @Field({ description: 'The ticket id paid for' })
  ticketId!: string;

  @Field({ description: 'The payment reference paid' })
  paymentReference!: string;

  @Field(() => [ID], { description: 'FlightTicket.uuid of each ticket row concerned' })
  ticketUuids!: string[];

  @Field(() => IssuanceType, { nullable: true, description: 'The issuance response, when already fully issued' })
  issuance?: IssuanceType | null;
}

@ObjectType({ description: 'Cancelled-payment recovery of a direct issuance' })
export class PaymentRecoveryType {
  @Field(() => ID, { description: 'Id of the reconciliation operation' })
  reconciliationOperationId!: string;

  @Field({ description: 'Ticket id whose payment was cancelled' })
  sourceTicketId!: string;

  @Field({ description: 'Ticket id of the replacement reservation' })
  replacementTicketId!: string;

  @Field(() => FlightPaymentRecoveryStateEnum, { description: 'Where the recovery stands' })
  state!: string;

  @Field({ description: 'True when this recovery had already been requested' })
  recoveryIdempotent!: boolean;

  @Field({ description: 'True when the recovery had already been finalized' })
  finalizationIdempotent!: boolean;
}

@ObjectType({ description: 'POST /api/flight/ticket/issue/direct' })
export class DirectIssueResult {
  @Field({ description: 'True: REST 200 (this object); false: REST 202 (the issuance response, with paymentRecovery when present)' })
  complete!: boolean;

  @Field({ description: 'True when the tickets are issued' })
  issued!: boolean;

  @Field({ description: 'The ticket id issued' })
  ticketId!: string;

  @Field({ description: 'The payment reference of the ticket' })
  paymentReference!: string;

  @Field(() => [ID], { description: 'FlightTicket.uuid of each ticket row concerned' })
  ticketUuids!: string[];

  @Field(() => IssuanceType, { description: 'The issuance state' })
  issuance!: IssuanceType;

  @Field(() => PaymentRecoveryType, { nullable: true, description: 'Recovery requests only' })
  paymentRecovery?: PaymentRecoveryType | null;
}

/* ------------------------------------------------------------------ cancellation */

@ObjectType({ description: 'flight.md cancellation response' })
export class CancellationType {
  @Field(() => ID, { description: 'The reservation id' })
  reservationId!: string;

  @Field(() => FlightCancellationStateEnum, { description: 'Where the cancellation stands' })
  state!: string;

  @Field(() => FlightCancellationPaymentStateEnum, { description: 'Where the payment stands: NOT_REQUIRED when no money was taken' })
  paymentState!: string;

  @Field(() => FlightRefundStateEnum, { nullable: true, description: 'The refund; null when nothing is to be refunded' })
  refundState!: string | null;

  @Field({ description: 'True when the reservation was cancelled before this request' })
  alreadyCancelled!: boolean;

  @Field(() => String, { nullable: true, description: 'Ticket id of the reservation; null when not known' })
  ticketId?: string | null;

  @Field(() => String, { nullable: true, description: 'Booking reference; null when not known' })
  bookingReference?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time' })
  cancelledAt?: string | null;
}

@ObjectType({ description: 'POST /api/flight/cancel' })
export class CancellationResult {
  @Field({ description: 'True: cancelled and verified, or already cancelled (REST 200); false: in progress or refund/reconciliation (REST 202)' })
  complete!: boolean;

  @Field(() => CancellationType, { description: 'The cancellation state' })
  cancellation!: CancellationType;
}

/* ------------------------------------------------------------------ flight ticket */

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

  @Field({ description: "Buyer's name" })
  fullName!: string;

  @Field({ description: "Buyer's email address" })
  email!: string;

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

@ObjectType({ description: 'flight.md "Notification preferences"; null means true' })
export class FlightNotificationPreferencesType {
  @Field(() => Boolean, { nullable: true, description: 'Send the ticket-purchase notification; null means true' })
  ticketPurchase?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Send the other trip notifications; null means true' })
  allOtherTripNotification?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Send the account-creation notification; null means true' })
  serviceAccountCreation?: boolean | null;
}

@ObjectType({ description: 'flight.md "Flight ticket": one passenger on one itinerary (a return booking has two per passenger, one ticketId)' })
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

  @Field(() => Int, { description: 'Minimum 0' })
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

  @Field(() => FlightPriceScopeEnum, { description: 'What the price covers' })
  priceScope!: string;

  @Field(() => FlightTicketBuyerType, { description: 'The account that bought the ticket' })
  boughtByUser!: FlightTicketBuyerType;

  @Field(() => FlightPassengerDetailsType, { description: 'The passenger' })
  passengerDetails!: FlightPassengerDetailsType;

  @Field(() => FlightNotificationPreferencesType, { description: 'Which notifications the passenger gets' })
  notificationPreferences!: FlightNotificationPreferencesType;

  @Field(() => FlightReservationStatusEnum, { description: 'The status of this ticket: the reservation status it was last given (CANCELLED once cancelled)' })
  status!: string;

  @Field(() => FlightReservationStatusEnum, { description: "Issuance progress (usage guide): the reservation's current status, e.g. TST_CREATED or ISSUED" })
  issuanceStatus!: string;
}

@ObjectType({ description: 'Customer reservation response (REST 201)' })
export class CustomerReservationResult {
  @Field(() => [FlightTicketType], { description: 'flight.md "Flight ticket": one per passenger and itinerary' })
  tickets!: FlightTicketType[];

  @Field(() => ReservationSummaryType, { description: 'The reservation' })
  flightReservation!: ReservationSummaryType;
}
