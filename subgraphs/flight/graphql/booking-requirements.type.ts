import { Field, Int, ObjectType } from 'type-graphql';
import { FlightOffer } from './flight-offer.type';

@ObjectType()
export class TravelerRequirementType {
  @Field()
  travelerId!: string;

  @Field({ description: 'ADULT, CHILD or INFANT' })
  travelerType!: string;

  @Field()
  firstNameRequired!: boolean;

  @Field()
  lastNameRequired!: boolean;

  @Field()
  dateOfBirthRequired!: boolean;

  @Field()
  genderRequired!: boolean;

  @Field()
  documentRequired!: boolean;

  @Field()
  documentTypeRequired!: boolean;

  @Field()
  documentNumberRequired!: boolean;

  @Field()
  documentExpiryDateRequired!: boolean;

  @Field()
  documentIssuingCountryRequired!: boolean;

  @Field()
  nationalityRequired!: boolean;
}

@ObjectType({ description: 'What must be collected to reserve an offer; re-read after every review' })
export class BookingRequirementsType {
  @Field(() => Int)
  profileVersion!: number;

  @Field({ description: 'DOMESTIC or INTERNATIONAL (any border crossing)' })
  journeyType!: string;

  @Field(() => String, { nullable: true })
  domesticCountryCode!: string | null;

  @Field(() => [String])
  operatingCarrierCodes!: string[];

  @Field({ description: 'ITINERARY_DEFAULT, CARRIER_OVERRIDE or PROVIDER_ESCALATION' })
  source!: string;

  @Field(() => [String])
  providerRequiredFields!: string[];

  @Field()
  emailAddressRequired!: boolean;

  @Field()
  phoneCountryCodeRequired!: boolean;

  @Field()
  mobilePhoneNumberRequired!: boolean;

  @Field()
  phoneNumberRequired!: boolean;

  @Field(() => [TravelerRequirementType])
  travelerRequirements!: TravelerRequirementType[];
}

@ObjectType()
export class OfferReviewType {
  @Field()
  offerReference!: string;

  @Field()
  expiresAt!: Date;

  @Field(() => FlightOffer)
  flightOffer!: FlightOffer;

  @Field(() => BookingRequirementsType)
  bookingRequirements!: BookingRequirementsType;
}
