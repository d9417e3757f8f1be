import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { IntOrString } from '../../../shared/graphql/int-or-string.scalar';
import { TrainTripRefInput } from './train-details.type';
import { TrainJourneyEnum, TrainJourneyTypeEnum } from './train-enums.type';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';

/*
 * POST /api/trip/train/seat/reserve (OpenAPI `postTripTrainSeatReserve`). The service checks every passenger and lists every problem in
 * one 422 (rule 1). Required members are non-null; a blank value ("") counts as missing there, so the REST route sends
 * a member the client left out as "" and its 422 still lists every problem with the others. Optional members stay
 * nullable. Ids accept numbers or digit strings (REST clients send both).
 */

@InputType({ description: '"Reservation passenger (train)". Payer information and luggage details are not accepted (luggage is chosen on the hold).' })
export class TrainReservationPassengerInput {
  @Field(() => String, { description: 'Full name as on the identity document (blank: listed as missing in the 422)' })
  passengerName!: string;

  @Field(() => String, { nullable: true, description: 'Identity or passport number; empty when left blank' })
  identityNo?: string | null;

  @Field(() => String, { nullable: true, description: 'Male or Female' })
  gender?: string | null;

  @Field(() => String, { nullable: true, description: 'Adult or Child; must match ticketTypeId (4 adult, 3 child)' })
  ageCategory?: string | null;

  @Field(() => String, { description: 'E.164 (+255…), or local with countryCodeName or countryCode; kept as given on the ticket' })
  phone!: string;

  @Field(() => String, { nullable: true, description: 'Calling code, e.g. 255' })
  countryCode?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 (stored lowercase)' })
  countryCodeName?: string | null;

  @Field(() => String, { description: 'Email address for the tickets; required when bookingRequirements says so', nullable: true })
  email?: string | null;

  @Field(() => IntOrString, { description: 'From bookingRequirements.nationalityOptions[].id' })
  nationalityTypeId!: number | string;

  @Field(() => Boolean, { description: 'True for a passenger with a disability (disabled places)', nullable: true })
  isDisabledPassenger?: boolean | null;

  @Field(() => IntOrString, { description: '4 adult, 3 child (bookingRequirements.ticketTypeOptions[].id)' })
  ticketTypeId!: number | string;

  @Field(() => String, { description: 'hold.key of the outbound seat hold' })
  outboundSeatHoldKey!: string;

  @Field(() => IntOrString, { description: 'Outbound car id (train.cars[].id)' })
  outboundCarId!: number | string;

  @Field(() => IntOrString, { description: 'Outbound car class id (train.cars[].carTypeId)' })
  outboundCarTypeId!: number | string;

  @Field(() => IntOrString, { description: 'Outbound seat id (seats[].id)' })
  outboundSeatId!: number | string;

  @Field(() => String, { nullable: true, description: 'Only with a return journey' })
  returnSeatHoldKey?: string | null;

  @Field(() => IntOrString, { description: 'Return car id; return trips only', nullable: true })
  returnCarId?: number | string | null;

  @Field(() => IntOrString, { description: 'Return car class id; return trips only', nullable: true })
  returnCarTypeId?: number | string | null;

  @Field(() => IntOrString, { description: 'Return seat id; return trips only', nullable: true })
  returnSeatId?: number | string | null;
}

@InputType({ description: 'Which messages the reservation sends' })
export class TrainReservationNotificationsInput {
  @Field(() => Boolean, { nullable: true, description: 'Final issued-ticket messages; default true. Must not change on a retry.' })
  ticketPurchase?: boolean | null;
}

@InputType({ description: 'A train reservation: the held outbound (and optionally return) train, the passengers and notification choices' })
export class TrainReservationInput {
  @Field(() => TrainTripRefInput, { description: 'The selected outbound train (its identifiers)' })
  outbound!: TrainTripRefInput;

  @Field(() => TrainTripRefInput, { nullable: true, description: 'The selected return train; null or omitted for one-way' })
  return?: TrainTripRefInput | null;

  @Field(() => [TrainReservationPassengerInput], { description: 'The passengers, one per held seat (an empty list is a 422 problem)' })
  passengers!: TrainReservationPassengerInput[];

  @Field(() => TrainReservationNotificationsInput, { description: 'Which messages to send; omitted: all defaults', nullable: true })
  notifications?: TrainReservationNotificationsInput | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Device and app metadata (deviceId, deviceBrand, appVersion, …); stored as given' })
  issuerDeviceInfo?: Record<string, unknown> | null;
}

@ObjectType({ description: 'The provider reservation: PNR and ticket numbers' })
export class TrainReservationSummary {
  @Field({ description: 'The provider booking reference (PNR)' })
  pnr!: string;

  @Field(() => [String], { description: 'Provider ticket numbers' })
  ticketNumbers!: string[];

  @Field(() => Int, { description: 'Passengers in the reservation' })
  passengerCount!: number;

  @Field(() => Int, { description: '1 one-way, 2 round trip' })
  segmentCount!: number;
}

@ObjectType({ description: 'The bill the customer pays (control number for bank or mobile-money payment)' })
export class TrainReservationBill {
  @Field({ description: 'Bill id' })
  id!: string;

  @Field(() => DateTimeScalar, { description: 'Provider bill expiry (UTC)' })
  expireDate!: string;

  @Field({ description: 'What the buyer pays: fares plus booking fees (TZS decimal string)' })
  paymentRequired!: string;

  @Field({ description: 'Government payment control number' })
  controlNumber!: string;
}

@ObjectType({ description: 'How long the customer may take to pay the reservation' })
export class TrainPaymentWindow {
  @Field(() => Int, { description: 'Whole minutes left at response time; 0 after the deadline' })
  expiresInMinutes!: number;

  @Field(() => DateTimeScalar, { description: 'End of our own window (reservation + the configured maximum, at most 25 minutes; UTC)' })
  internalExpiresAt!: string;

  @Field(() => DateTimeScalar, { description: 'The customer deadline: the earlier of internalExpiresAt and a safety margin before providerExpiresAt (UTC)' })
  expiresAt!: string;

  @Field(() => DateTimeScalar, { description: "The provider's reservation deadline (UTC)" })
  providerExpiresAt!: string;
}

@ObjectType({ description: 'One ticket of a reservation with what it costs' })
export class TrainPaymentItem {
  @Field({ description: 'The provider ticket number' })
  identifier!: string;

  @Field(() => TrainJourneyEnum, { description: 'The leg this ticket is for' })
  journey!: string;

  @Field({ description: 'The passenger name as written on the ticket' })
  passengerName!: string;

  @Field({ description: "This ticket's grandTotal (TZS decimal string)" })
  price!: string;

  @Field({ description: 'Our ticket uuid' })
  trainTicketUuid!: string;
}

@ObjectType({ description: 'The 200 data of POST /api/trip/train/seat/reserve' })
export class TrainReservationResult {
  @Field({ description: 'RAIL_SGR' })
  provider!: string;

  @Field(() => TrainJourneyTypeEnum, { description: 'One-way or return' })
  journeyType!: string;

  @Field(() => TrainReservationSummary, { description: 'The provider reservation' })
  reservation!: TrainReservationSummary;

  @Field(() => TrainReservationBill, { description: 'The bill to pay' })
  bill!: TrainReservationBill;

  @Field({ description: 'Our reference of the reservation: every payment and issuance call takes it' })
  paymentReference!: string;

  @Field(() => TrainPaymentWindow, { description: 'How long the customer may take to pay' })
  paymentWindow!: TrainPaymentWindow;

  @Field(() => [TrainPaymentItem], { description: 'One item per ticket' })
  paymentItems!: TrainPaymentItem[];

  @Field(() => [String], { description: 'Our ticket uuids, one per passenger and journey' })
  trainTicketUuids!: string[];
}
