import { Field, ObjectType } from 'type-graphql';
import { TrainFundingSourceEnum, TrainFundingStatusEnum, TrainPayoutStatusEnum, TrainTicketIssuanceStatusEnum } from './train-enums.type';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';

/* GET /api/trip/train/ticket/{paymentReference}/issuance (OpenAPI `getTripTrainTicketIssuance`; also the 202 body of `postTripTrainTicketIssue`). */

@ObjectType({ description: 'How the train booking is funded' })
export class TrainIssuanceFunding {
  @Field(() => TrainFundingSourceEnum, { description: 'AGENT_WALLET for an agent booking, ONLINE_PAYMENT for a customer booking' })
  source!: string;

  @Field(() => TrainFundingStatusEnum, { description: 'Funding progress' })
  status!: string;

  @Field(() => Boolean, { description: 'True once the agent wallet has been debited for this reservation' })
  walletDebited!: boolean;

  @Field(() => Boolean, { description: 'True when more than one payment paid the reservation and staff must review the extra one' })
  duplicatePaymentRequiresReview!: boolean;
}

@ObjectType({ description: 'The payout of the fare to the railway operator' })
export class TrainIssuancePayout {
  @Field(() => TrainPayoutStatusEnum, { description: 'Payout progress' })
  status!: string;
}

@ObjectType({ description: 'Ticket issuance state and the reservation deadlines' })
export class TrainIssuanceState {
  @Field(() => TrainTicketIssuanceStatusEnum, { description: 'Issuance progress; the tickets are ready when ISSUED' })
  status!: string;

  @Field(() => DateTimeScalar, { description: 'End of our payment window; null when not reserved', nullable: true })
  internalExpiresAt!: string | null;

  @Field(() => DateTimeScalar, { description: "The provider's reservation deadline; null when unknown", nullable: true })
  providerExpiresAt!: string | null;
}

@ObjectType({ description: 'Why issuance stopped; null while nothing has failed' })
export class TrainIssuanceFailure {
  @Field(() => String, { description: 'PAYOUT, VALIDATION or ISSUE' })
  stage!: string;

  @Field(() => String, { description: "The provider's code, e.g. SGR-5002" })
  code!: string;

  @Field(() => Boolean, { description: 'True when the same request may be tried again later' })
  retryable!: boolean;

  @Field(() => String, { description: 'CONTACT_SUPPORT or RETRY_LATER' })
  action!: string;
}

@ObjectType({ description: 'A payable quote, frozen once per currency for the life of the reservation' })
export class TrainPayableQuote {
  @Field(() => String, { description: "Decimal string with the currency's decimals: the fare plus the service booking fee, converted" })
  amount!: string;

  @Field(() => String, { description: 'ISO 4217 code of amount' })
  currency!: string;

  @Field(() => String, { description: 'Units of this currency per 1 TZS, as frozen' })
  exchangeRate!: string;
}

@ObjectType({ description: 'What the reservation costs and the quotes frozen for it' })
export class TrainPayable {
  @Field(() => String, { description: 'The fare plus the service booking fee, in baseCurrency' })
  baseAmount!: string;

  @Field(() => String, { description: 'TZS: SGR fares are always TZS' })
  baseCurrency!: string;

  @Field(() => String, {
    description: 'Still to pay in baseCurrency: baseAmount while the reservation awaits funds, 0 once paid, issued, cancelled or expired',
  })
  paymentRequired!: string;

  @Field(() => [TrainPayableQuote], { description: 'Every quote frozen so far (TZS first)' })
  quotes!: TrainPayableQuote[];
}

@ObjectType({ description: 'Funding, payout and issuance state of a train reservation' })
export class TrainIssuanceStatus {
  @Field(() => String, { description: 'The reservation payment reference' })
  paymentReference!: string;

  @Field(() => TrainIssuanceFunding, { description: 'How the reservation is being paid' })
  funding!: TrainIssuanceFunding;

  @Field(() => TrainIssuancePayout, { description: 'Payout of the fare to the operator' })
  payout!: TrainIssuancePayout;

  @Field(() => TrainIssuanceState, { description: 'Ticket issuance state' })
  issuance!: TrainIssuanceState;

  @Field(() => TrainIssuanceFailure, { nullable: true, description: 'Only when issuance failed' })
  failure!: TrainIssuanceFailure | null;

  @Field(() => TrainPayable, { nullable: true, description: 'Price and payable quotes (the status query; null on the issue answer)' })
  payable!: TrainPayable | null;
}
