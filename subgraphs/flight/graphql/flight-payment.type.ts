import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import { Field, ID, ObjectType } from 'type-graphql';
import { FlightPaymentStatusEnum } from './flight-enums.type';

/* The objects payments/flight-payment.policy.ts paymentView builds (docs/payments.md). */

@ObjectType({ description: 'A customer payment request for a flight reservation (flight_payment)' })
export class FlightPaymentType {
  @Field(() => ID, { description: 'The paymentRequestId: what the provider confirmation and cancelled-payment recovery name' })
  paymentRequestId!: string;

  @Field(() => ID, { nullable: true, description: 'The reservation paid; null when it no longer exists' })
  reservationId?: string | null;

  @Field({ description: 'Payment reference of the reservation' })
  paymentReference!: string;

  @Field({ description: "Decimal string: the reservation's grand total when the payment was started" })
  amount!: string;

  @Field({ description: "The reservation's display currency" })
  currency!: string;

  @Field(() => String, { nullable: true, description: 'CARD, MOBILE_MONEY (sandbox also CARD_DECLINED, MOBILE_MONEY_DECLINED)' })
  method?: string | null;

  @Field(() => FlightPaymentStatusEnum, { description: 'State of the payment request' })
  status!: string;

  @Field({ description: 'The payment provider, SANDBOX for the simulator' })
  provider!: string;

  @Field(() => String, { nullable: true, description: "The provider's charge id" })
  providerReference?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The provider's hosted page where the payer completes a PENDING card payment (a real provider); null on the sandbox",
  })
  checkoutUrl?: string | null;

  @Field(() => DateTimeScalar, { description: 'ISO 8601 date-time' })
  createdAt!: string;

  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO 8601 date-time; set when the provider confirmed' })
  confirmedAt?: string | null;
}

@ObjectType({ description: 'POST /api/flight/payments' })
export class StartFlightPaymentResult {
  @Field({ description: 'True: a new payment request (REST 201); false: the existing confirmed or pending one (REST 200)' })
  created!: boolean;

  @Field(() => FlightPaymentType, { description: 'The payment request' })
  payment!: FlightPaymentType;
}
