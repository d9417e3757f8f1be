import { describedEnum } from '../../../shared/graphql/enum.builder';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, Int, ObjectType } from 'type-graphql';
import { FlightPricingRecordStatusEnum } from './flight-enums.type';

/** The records a reservation holds in other systems: locators, pricing records and ticket documents. */

export const FlightDocumentStatus = describedEnum('FlightDocumentStatus', 'State of a ticket document', {
  EXPECTED: 'Not issued yet',
  ISSUED: 'Issued: ticketNumber is set',
  UNKNOWN: 'The supplier state could not be verified; being reconciled',
});

export const RecordLocatorKind = describedEnum('RecordLocatorKind', 'Which system issued a record locator', {
  GDS: 'The GDS (PNR) locator',
  AIRLINE: "An airline's own locator (companyId is its carrier code)",
});

export const RecordLocatorScope = describedEnum('RecordLocatorScope', 'What a record locator covers', {
  PNR: 'The whole reservation',
  SEGMENT: 'Only the segments in segmentReferences',
});

@ObjectType({ description: 'A record locator: the GDS or airline record of the booking' })
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

@ObjectType({ description: 'A pricing record: the fare the supplier stored for some passengers and segments' })
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

@ObjectType({ description: 'A ticket document: the ticket of one traveler, expected until it is issued' })
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
