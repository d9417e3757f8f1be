import { Arg, Args, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { CustomerIssuanceService } from '../reservations/customer-issuance.service';
import type { FlightPaymentService } from '../reservations/flight-payment.service';
import { DirectIssueResult, IssueSignalResult } from './reservation-result.type';
import { FlightPaymentType, StartFlightPaymentResult } from './flight-payment.type';
import type { ProviderCallbackService } from '../../../shared/payments/provider-callback.service';
import { PAYMENT_CALLBACK_MUTATION_NOTE, PaymentProviderCallbackArgs, PaymentProviderCallbackResult } from '../../../shared/graphql/payment-callback.type';

/** Thin: customer payment and issuance; each field authenticates and hands over to its service (docs/payments.md). */
@Resolver()
export class FlightIssuanceResolver {
  constructor(
    private readonly issuance: CustomerIssuanceService,
    private readonly payments: FlightPaymentService,
    private readonly callbacks: ProviderCallbackService,
  ) {}

  @Mutation(() => IssueSignalResult, {
    description:
      'Issue signal of the payment service (ISSUER role) after a confirmed payment: starts issuance asynchronously; complete true means already issued (REST 200)',
  })
  async signalFlightIssuance(
    @Arg('paymentReference', () => String, { nullable: true, description: 'Payment reference of the reservation that was paid; send this or ticketId' })
    paymentReference: string | null,
    @Arg('ticketId', () => String, { nullable: true, description: 'Ticket id of the reservation that was paid; send this or paymentReference' })
    ticketId: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<IssueSignalResult> {
    return await this.issuance.signal(await req.principal(), { paymentReference, ticketId });
  }

  @Mutation(() => DirectIssueResult, {
    description:
      'Internal synchronous issuance (ADMIN or SUDO); with any recovery field, cancelled-payment recovery (exact SUDO, all three identifiers and the replacement ticketId)',
  })
  async issueFlightDirect(
    @Arg('ticketId', () => String, {
      nullable: true,
      description: 'Ticket id of the reservation to issue; send this or paymentReference (a recovery needs it: the replacement reservation)',
    })
    ticketId: string | null,
    @Arg('paymentReference', () => String, { nullable: true, description: 'Payment reference of the reservation to issue; send this or ticketId' })
    paymentReference: string | null,
    @Arg('sourceTicketId', () => String, { nullable: true, description: 'Recovery only: ticket id whose payment was cancelled' }) sourceTicketId: string | null,
    @Arg('paymentRequestId', () => String, { nullable: true, description: 'Recovery only: FlightPayment.paymentRequestId of the cancelled payment' })
    paymentRequestId: string | null,
    @Arg('reconciliationOperationId', () => String, { nullable: true, description: 'Recovery only: id of the reconciliation operation' })
    reconciliationOperationId: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<DirectIssueResult> {
    const principal = await req.principal();
    return await this.issuance.direct(principal, {
      ticketId,
      paymentReference,
      sourceTicketId,
      paymentRequestId,
      reconciliationOperationId,
    });
  }

  @Mutation(() => StartFlightPaymentResult, { description: "Starts the customer's online payment of its own reservation for the current grand total" })
  async startFlightPayment(
    @Arg('paymentReference', () => String, { description: "Payment reference of the caller's reservation" })
    paymentReference: string,
    @Arg('method', () => String, { description: 'CARD or MOBILE_MONEY (sandbox also CARD_DECLINED, MOBILE_MONEY_DECLINED), any case' })
    method: string,
    @Arg('phoneNumber', () => String, {
      nullable: true,
      description:
        'The mobile money number the payment prompt goes to ("+…", or a Tanzanian number without it); required for MOBILE_MONEY at a real payment provider',
    })
    phoneNumber: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<StartFlightPaymentResult> {
    return await this.payments.startPayment(await req.principal(), { paymentReference, method, phoneNumber });
  }

  @Mutation(() => FlightPaymentType, {
    description: "Records the provider's confirmation of a payment (sandbox: what its webhook would do); ADMIN, SUDO or ISSUER; idempotent",
  })
  async confirmFlightPaymentSandbox(
    @Arg('paymentRequestId', () => ID, { description: 'FlightPayment.paymentRequestId to confirm' }) paymentRequestId: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<FlightPaymentType> {
    return await this.payments.confirmPayment(await req.principal(), paymentRequestId);
  }

  @Mutation(() => PaymentProviderCallbackResult, {
    description: `A payment provider's callback about a flight payment (its webhook), ${PAYMENT_CALLBACK_MUTATION_NOTE}`,
  })
  async receiveFlightPaymentCallback(@Args() { provider, signature, body }: PaymentProviderCallbackArgs): Promise<PaymentProviderCallbackResult> {
    return this.callbacks.receive(provider, signature, body);
  }
}
