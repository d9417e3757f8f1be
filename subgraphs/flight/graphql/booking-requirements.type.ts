import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, Int, ObjectType } from 'type-graphql';
import { FlightOffer } from './flight-offer.type';
import { FlightAgeCategoryEnum, FlightJourneyTypeEnum, FlightRequirementsSourceEnum } from './flight-enums.type';

@ObjectType({ description: 'Which details must be collected for one traveler to reserve the offer' })
export class TravelerRequirementType {
  @Field({ description: 'Traveler id within the offer (TravelerPricing.travelerId)' })
  travelerId!: string;

  @Field(() => FlightAgeCategoryEnum, { description: "The traveler's age category" })
  travelerType!: string;

  @Field({ description: 'True when the first name must be sent' })
  firstNameRequired!: boolean;

  @Field({ description: 'True when the last name must be sent' })
  lastNameRequired!: boolean;

  @Field({ description: 'True when the date of birth must be sent' })
  dateOfBirthRequired!: boolean;

  @Field({ description: 'True when the gender must be sent' })
  genderRequired!: boolean;

  @Field({ description: 'True when a travel document must be sent' })
  documentRequired!: boolean;

  @Field({ description: 'True when the document type must be sent' })
  documentTypeRequired!: boolean;

  @Field({ description: 'True when the document number must be sent' })
  documentNumberRequired!: boolean;

  @Field({ description: 'True when the document expiry date must be sent' })
  documentExpiryDateRequired!: boolean;

  @Field({ description: 'True when the document issuing country must be sent' })
  documentIssuingCountryRequired!: boolean;

  @Field({ description: 'True when the nationality must be sent' })
  nationalityRequired!: boolean;
}

@ObjectType({ description: 'What must be collected to reserve an offer; re-read after every review' })
export class BookingRequirementsType {
  @Field(() => Int, { description: 'Version of the requirements profile; send it back when reserving' })
  profileVersion!: number;

  @Field(() => FlightJourneyTypeEnum, { description: 'Whether the journey crosses a border' })
  journeyType!: string;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country of a domestic journey; null for an international one' })
  domesticCountryCode!: string | null;

  @Field(() => [String], { description: 'IATA codes of the airlines operating the segments' })
  operatingCarrierCodes!: string[];

  @Field(() => FlightRequirementsSourceEnum, { description: 'Where these requirements come from' })
  source!: string;

  @Field(() => [String], { description: 'Extra fields the supplier asks for, by name' })
  providerRequiredFields!: string[];

  @Field({ description: 'True when the contact email address must be sent' })
  emailAddressRequired!: boolean;

  @Field({ description: 'True when the phone country calling code must be sent' })
  phoneCountryCodeRequired!: boolean;

  @Field({ description: 'True when a mobile phone number must be sent' })
  mobilePhoneNumberRequired!: boolean;

  @Field({ description: 'True when a phone number must be sent' })
  phoneNumberRequired!: boolean;

  @Field(() => [TravelerRequirementType], { description: 'What to collect for each traveler' })
  travelerRequirements!: TravelerRequirementType[];
}

@ObjectType({ description: 'A reviewed offer with what must be collected to reserve it' })
export class OfferReviewType {
  @Field({ description: "The reviewed offer's reference; use it to reserve" })
  offerReference!: string;

  @Field(() => DateTimeScalar, { description: 'Deadline to reserve the offer (ISO 8601 date-time)' })
  expiresAt!: Date;

  @Field(() => FlightOffer, { description: 'The offer, repriced by the review' })
  flightOffer!: FlightOffer;

  @Field(() => BookingRequirementsType, { description: 'What must be collected to reserve' })
  bookingRequirements!: BookingRequirementsType;
}
