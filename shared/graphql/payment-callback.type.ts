import { ArgsType, Directive, Field, ID, ObjectType } from 'type-graphql';
import type { ProviderCallbackAnswer } from '../payments/provider-callback.service';

@Directive('@shareable')
@ObjectType({ description: "What a payment provider's callback came to (POST /api/payments/{provider}/webhook)" })
export class PaymentProviderCallbackResult implements ProviderCallbackAnswer {
  @Field(() => String, {
    description:
      'CONFIRMED, DUPLICATE (this transaction confirmed the payment before), DECLINED, PENDING, MISMATCH (amount, currency or ' +
      'reference differ: nothing confirmed, logged for an operator) or NOT_OURS (a charge of another booking kind, or of nobody)',
  })
  outcome!: ProviderCallbackAnswer['outcome'];

  @Field(() => ID, { nullable: true, description: 'The payment the callback was about, when it is one of this kind' })
  paymentId!: string | null;

  @Field(() => String, { nullable: true, description: "The payment's status after the callback" })
  paymentStatus!: string | null;
}

/** The arguments of each kind's provider callback mutation (receiveTrainPaymentCallback, receiveFlightPaymentCallback). */
@ArgsType()
export class PaymentProviderCallbackArgs {
  @Field(() => String, { description: 'The provider, as the webhook path names it (flutterwave)' })
  provider!: string;

  @Field(() => String, { nullable: true, description: "The provider's verification header (Flutterwave: verif-hash)" })
  signature!: string | null;

  @Field(() => String, { description: 'The callback body as received (at most 64 KiB)' })
  body!: string;
}

/** What both kinds' callback mutations say of themselves. */
export const PAYMENT_CALLBACK_MUTATION_NOTE =
  'through POST /api/payments/{provider}/webhook: no bearer token, verified as the provider specifies; nothing in the body confirms anything by itself';
