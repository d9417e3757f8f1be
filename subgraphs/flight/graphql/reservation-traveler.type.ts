import { LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ObjectType } from 'type-graphql';
import { FlightPhoneDeviceTypeEnum, FlightTravelDocumentTypeEnum } from './flight-enums.type';

/** A reservation's traveler as the answers show it: name, contact and travel document. */

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

@ObjectType({ description: 'A traveler of the reservation, as the supplier holds it' })
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
