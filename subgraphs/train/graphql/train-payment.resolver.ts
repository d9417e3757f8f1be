import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import type { TrainPaymentService } from '../payments/train-payment.service';
import { TrainDepositResult, TrainPaymentType } from './train-payment.type';

/** Thin: authenticates and hands over to the payment service; every field is checked there, with all problems at once. */
@Resolver()
export class TrainPaymentResolver {
  constructor(private readonly payments: TrainPaymentService) {}

  @Mutation(() => TrainDepositResult, { description: 'Card deposit: charges the frozen quote (or `total`: quote plus processing fee) to a tokenised card' })
  async depositTrainCardPayment(
    @Arg('paymentReference', () => String, {
      description: 'The reservation payment reference; required (nullable so the service answers every missing field at once)',
      nullable: true,
    })
    paymentReference: string | null,
    @Arg('currency', () => String, { description: 'ISO 4217 code of a frozen quote (trainIssuance currency); required', nullable: true })
    currency: string | null,
    @Arg('total', () => String, {
      description: 'Quote plus processing fee, a decimal string in currency, to confirm the charge; null: the frozen quote',
      nullable: true,
    })
    total: string | null,
    @Arg('cardToken', () => String, { description: 'The tokenised card; required (checked by the service with every other field)', nullable: true })
    cardToken: string | null,
    @Arg('amount', () => String, { nullable: true, description: 'Not a card field: refused by name so a misplaced charge is never silently dropped' })
    amount: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'CARD', { paymentReference, currency, total, cardToken, amount });
  }

  @Mutation(() => TrainDepositResult, { description: "Mobile deposit: a payment prompt on the payer's phone over their own country's mobile money rail" })
  async depositTrainMobilePayment(
    @Arg('paymentReference', () => String, {
      description: 'The reservation payment reference; required (nullable so the service answers every missing field at once)',
      nullable: true,
    })
    paymentReference: string | null,
    @Arg('currency', () => String, { description: 'ISO 4217 code of a frozen quote; required', nullable: true }) currency: string | null,
    @Arg('amount', () => String, { description: 'The frozen quote amount, a decimal string in currency; required', nullable: true }) amount: string | null,
    @Arg('phoneNumber', () => String, { description: "The payer's mobile number, E.164; required", nullable: true }) phoneNumber: string | null,
    @Arg('total', () => String, { nullable: true, description: 'Not a mobile field (that is `amount`): refused by name' }) total: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'MOBILE', { paymentReference, currency, amount, total, phoneNumber: phoneNumber ?? undefined });
  }

  @Mutation(() => TrainDepositResult, {
    description: 'Mobile-money deposit on a named operator rail (e.g. MPESA_TZ); the payer number must be of the rail country',
  })
  async depositTrainMobileMoneyPayment(
    @Arg('paymentReference', () => String, {
      description: 'The reservation payment reference; required (nullable so the service answers every missing field at once)',
      nullable: true,
    })
    paymentReference: string | null,
    @Arg('currency', () => String, { description: 'ISO 4217 code of a frozen quote; required', nullable: true }) currency: string | null,
    @Arg('amount', () => String, { description: 'The frozen quote amount, a decimal string in currency; required', nullable: true }) amount: string | null,
    @Arg('phoneNumber', () => String, { description: "The payer's mobile number, E.164, of the rail country; required", nullable: true })
    phoneNumber: string | null,
    @Arg('rail', () => String, { description: 'Mobile money rail, e.g. MPESA_TZ; required', nullable: true }) rail: string | null,
    @Arg('total', () => String, { nullable: true, description: 'Not a mobile-money field (that is `amount`): refused by name' }) total: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'MOBILE_MONEY', {
      paymentReference,
      currency,
      amount,
      total,
      phoneNumber: phoneNumber ?? undefined,
      rail,
    });
  }

  @Mutation(() => TrainPaymentType, {
    description: "Records the provider's confirmation of a charge (ADMIN, SUDO or ISSUER; sandbox: stands in for the payer's approval)",
  })
  async confirmTrainPaymentSandbox(
    @Arg('paymentId', () => ID, { description: 'The payment id (payment.paymentId of a deposit); required', nullable: true }) paymentId: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainPaymentType> {
    return this.payments.confirm(await req.principal(), paymentId);
  }
}
