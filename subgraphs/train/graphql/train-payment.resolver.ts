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
    @Arg('paymentReference', () => String, { nullable: true }) paymentReference: string | null,
    @Arg('currency', () => String, { nullable: true }) currency: string | null,
    @Arg('total', () => String, { nullable: true }) total: string | null,
    @Arg('cardToken', () => String, { nullable: true }) cardToken: string | null,
    @Arg('amount', () => String, { nullable: true, description: 'Not a card field: refused by name so a misplaced charge is never silently dropped' })
    amount: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'CARD', { paymentReference, currency, total, cardToken, amount });
  }

  @Mutation(() => TrainDepositResult, { description: "Mobile deposit: a payment prompt on the payer's phone over their own country's mobile money rail" })
  async depositTrainMobilePayment(
    @Arg('paymentReference', () => String, { nullable: true }) paymentReference: string | null,
    @Arg('currency', () => String, { nullable: true }) currency: string | null,
    @Arg('amount', () => String, { nullable: true }) amount: string | null,
    @Arg('phoneNumber', () => String, { nullable: true }) phoneNumber: string | null,
    @Arg('total', () => String, { nullable: true, description: 'Not a mobile field (that is `amount`): refused by name' }) total: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'MOBILE', { paymentReference, currency, amount, total, phoneNumber: phoneNumber ?? undefined });
  }

  @Mutation(() => TrainDepositResult, {
    description: 'Mobile-money deposit on a named operator rail (e.g. MPESA_TZ); the payer number must be of the rail country',
  })
  async depositTrainMobileMoneyPayment(
    @Arg('paymentReference', () => String, { nullable: true }) paymentReference: string | null,
    @Arg('currency', () => String, { nullable: true }) currency: string | null,
    @Arg('amount', () => String, { nullable: true }) amount: string | null,
    @Arg('phoneNumber', () => String, { nullable: true }) phoneNumber: string | null,
    @Arg('rail', () => String, { nullable: true }) rail: string | null,
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
    @Arg('paymentId', () => ID, { nullable: true }) paymentId: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainPaymentType> {
    return this.payments.confirm(await req.principal(), paymentId);
  }
}
