import { Field, ObjectType } from 'type-graphql';

/* train-bus-admin.md GET /api/trip/train/ticket/{paymentReference}/issuance (also the 202 body of the issue call). */

@ObjectType({ description: 'How the train booking is funded' })
export class TrainIssuanceFunding {
  @Field(() => String, { description: 'AGENT_WALLET (or ONLINE_PAYMENT for a customer booking)' })
  source!: string;

  @Field(() => String, { description: 'AWAITING_FUNDS, AGENT_WALLET_ADMITTED, AGENT_WALLET_DEBITED or AGENT_WALLET_RELEASED' })
  status!: string;

  @Field(() => Boolean)
  walletDebited!: boolean;

  @Field(() => Boolean)
  duplicatePaymentRequiresReview!: boolean;
}

@ObjectType()
export class TrainIssuancePayout {
  @Field(() => String, { description: 'NOT_STARTED, PENDING, RETRYING, PAID or REJECTED' })
  status!: string;
}

@ObjectType()
export class TrainIssuanceState {
  @Field(() => String, { description: 'NOT_STARTED, ISSUING, ISSUED, PAYOUT_REJECTED, ISSUE_FAILED or CANCELLED; the ticket is ready when ISSUED' })
  status!: string;

  @Field(() => String, { nullable: true })
  internalExpiresAt!: string | null;

  @Field(() => String, { nullable: true })
  providerExpiresAt!: string | null;
}

@ObjectType()
export class TrainIssuanceFailure {
  @Field(() => String, { description: 'PAYOUT, VALIDATION or ISSUE' })
  stage!: string;

  @Field(() => String, { description: "The provider's code, e.g. SGR-5002" })
  code!: string;

  @Field(() => Boolean)
  retryable!: boolean;

  @Field(() => String, { description: 'CONTACT_SUPPORT or RETRY_LATER' })
  action!: string;
}

@ObjectType({ description: 'Funding, payout and issuance state of a train reservation' })
export class TrainIssuanceStatus {
  @Field(() => String)
  paymentReference!: string;

  @Field(() => TrainIssuanceFunding)
  funding!: TrainIssuanceFunding;

  @Field(() => TrainIssuancePayout)
  payout!: TrainIssuancePayout;

  @Field(() => TrainIssuanceState)
  issuance!: TrainIssuanceState;

  @Field(() => TrainIssuanceFailure, { nullable: true, description: 'Only when issuance failed' })
  failure!: TrainIssuanceFailure | null;
}
