import { Field, ID, ObjectType } from 'type-graphql';
import { TrainDepositOperationEnum, TrainPaymentStatusEnum } from './train-enums.type';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';

/* The objects payments/train-payment.view.ts builds (docs/train-payments.md). */

@ObjectType({ description: 'A customer online payment of a train reservation (train_payment)' })
export class TrainPaymentType {
  @Field(() => ID, { description: 'What the provider confirmation names' })
  paymentId!: string;

  @Field(() => String, { description: 'The reservation this payment pays' })
  paymentReference!: string;

  @Field(() => TrainDepositOperationEnum, { description: 'The deposit mutation that made the payment' })
  operation!: string;

  @Field(() => String, { description: 'The gateway method: CARD or MOBILE_MONEY (sandbox declines: CARD_DECLINED, MOBILE_MONEY_DECLINED)' })
  method!: string;

  @Field(() => TrainPaymentStatusEnum, { description: 'Payment state' })
  status!: string;

  @Field(() => String, { description: 'What was charged: the quote plus the processing fee' })
  amount!: string;

  @Field(() => String, { description: 'ISO 4217 code of amount' })
  currency!: string;

  @Field(() => String, { description: 'The frozen quote this payment pays' })
  quoteAmount!: string;

  @Field(() => String, { description: 'amount minus quoteAmount' })
  processingFee!: string;

  @Field(() => String, { nullable: true, description: 'The mobile money rail, e.g. MPESA_TZ' })
  rail!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "ISO 3166-1 alpha-2 country of the payer's mobile number (mobile and mobile-money deposits; null for a card), e.g. TZ",
  })
  payerCountry!: string | null;

  @Field(() => String, { description: 'The payment provider, SANDBOX for the simulator' })
  provider!: string;

  @Field(() => String, { nullable: true, description: "The provider's charge id" })
  providerReference!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The provider's hosted page where the payer completes a PENDING card payment (a real provider); null on the sandbox",
  })
  checkoutUrl!: string | null;

  @Field(() => Boolean, { description: 'True once this payment pays the reservation: tickets PAID and issuance started' })
  paysReservation!: boolean;

  @Field(() => String, { nullable: true, description: 'Why the charge was declined or superseded' })
  declineReason!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the payment was created (UTC)' })
  createdAt!: string;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the provider confirmed the charge (UTC); null until then' })
  confirmedAt!: string | null;
}

@ObjectType({ description: 'A deposit answer: created false when an existing payment of the reservation is answered' })
export class TrainDepositResult {
  @Field(() => Boolean, { description: 'True when this call created the payment; false when an existing payment of the reservation is answered' })
  created!: boolean;

  @Field(() => TrainPaymentType, { description: 'The payment' })
  payment!: TrainPaymentType;
}
