import { Arg, Args, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainPaymentService } from '../payments/train-payment.service';
import { TrainDepositResult, TrainPaymentType } from './train-payment.type';
import type { ProviderCallbackService } from '../../../shared/payments/provider-callback.service';
import { PAYMENT_CALLBACK_MUTATION_NOTE, PaymentProviderCallbackArgs, PaymentProviderCallbackResult } from '../../../shared/graphql/payment-callback.type';

/**
 * Thin: authenticates and hands over to the payment service, which checks the values with all problems at once. The
 * required arguments are non-null: POST /api/trip/train/payments/* refuses a missing one first with its own 400 SGR_PAYMENT_INVALID.
 */
@Resolver()
export class TrainPaymentResolver {
  constructor(
    private readonly payments: TrainPaymentService,
    private readonly callbacks: ProviderCallbackService,
  ) {}

  @Mutation(() => TrainDepositResult, { description: 'Card deposit: charges the frozen quote (or `total`: quote plus processing fee) to a tokenised card' })
  async depositTrainCardPayment(
    @Arg('paymentReference', () => String, { description: 'The reservation payment reference (TrainReservationResult.paymentReference)' })
    paymentReference: string,
    @Arg('currency', () => String, { description: 'ISO 4217 code of a frozen quote (trainIssuance currency); null: TZS', nullable: true })
    currency: string | null,
    @Arg('total', () => String, {
      description: 'Quote plus processing fee, a decimal string in currency, to confirm the charge; null: the frozen quote',
      nullable: true,
    })
    total: string | null,
    @Arg('cardToken', () => String, { description: "The payment provider's token for the card, from its client SDK (card numbers never reach us)" })
    cardToken: string,
    @Arg('amount', () => String, { nullable: true, description: 'Not a card field: refused by name so a misplaced charge is never silently dropped' })
    amount: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'CARD', { paymentReference, currency, total, cardToken, amount });
  }

  @Mutation(() => TrainDepositResult, { description: "Mobile deposit: a payment prompt on the payer's phone over their own country's mobile money rail" })
  async depositTrainMobilePayment(
    @Arg('paymentReference', () => String, { description: 'The reservation payment reference (TrainReservationResult.paymentReference)' })
    paymentReference: string,
    @Arg('currency', () => String, { description: 'ISO 4217 code of a frozen quote; null: TZS', nullable: true }) currency: string | null,
    @Arg('amount', () => String, {
      description: 'Quote plus processing fee, a decimal string in currency, to confirm the charge; null: the frozen quote',
      nullable: true,
    })
    amount: string | null,
    @Arg('phoneNumber', () => String, { description: "The payer's mobile number, +… or national (read as Tanzanian)" }) phoneNumber: string,
    @Arg('total', () => String, { nullable: true, description: 'Not a mobile field (that is `amount`): refused by name' }) total: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'MOBILE', { paymentReference, currency, amount, total, phoneNumber });
  }

  @Mutation(() => TrainDepositResult, {
    description: 'Mobile-money deposit on a named operator rail (e.g. MPESA_TZ); the payer number must be of the rail country',
  })
  async depositTrainMobileMoneyPayment(
    @Arg('paymentReference', () => String, { description: 'The reservation payment reference (TrainReservationResult.paymentReference)' })
    paymentReference: string,
    @Arg('currency', () => String, { description: 'ISO 4217 code of a frozen quote; null: TZS', nullable: true }) currency: string | null,
    @Arg('amount', () => String, {
      description: 'Quote plus processing fee, a decimal string in currency, to confirm the charge; null: the frozen quote',
      nullable: true,
    })
    amount: string | null,
    @Arg('phoneNumber', () => String, { description: "The payer's mobile number, +… or national (read in the rail's country)" })
    phoneNumber: string,
    @Arg('rail', () => String, { description: 'Mobile money rail, any case, e.g. MPESA_TZ (docs/train-payments.md)' }) rail: string,
    @Arg('total', () => String, { nullable: true, description: 'Not a mobile-money field (that is `amount`): refused by name' }) total: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDepositResult> {
    return this.payments.deposit(await req.principal(), 'MOBILE_MONEY', {
      paymentReference,
      currency,
      amount,
      total,
      phoneNumber,
      rail,
    });
  }

  @Mutation(() => TrainPaymentType, {
    description: "Records the provider's confirmation of a charge (ADMIN, SUDO or ISSUER; sandbox: stands in for the payer's approval)",
  })
  async confirmTrainPaymentSandbox(
    @Arg('paymentId', () => ID, { description: 'The payment id (payment.paymentId of a deposit)' }) paymentId: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainPaymentType> {
    return this.payments.confirm(await req.principal(), paymentId);
  }

  @Mutation(() => PaymentProviderCallbackResult, {
    description: `A payment provider's callback about an SGR payment (its webhook), ${PAYMENT_CALLBACK_MUTATION_NOTE}`,
  })
  async receiveTrainPaymentCallback(@Args() { provider, signature, body }: PaymentProviderCallbackArgs): Promise<PaymentProviderCallbackResult> {
    return this.callbacks.receive(provider, signature, body);
  }
}
