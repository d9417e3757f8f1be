import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainIssuanceService } from '../issuance/train-issuance.service';
import { TrainIssuanceStatus } from './train-issuance.type';

/** Thin: authenticates and hands over to the issuance service. */
@Resolver()
export class TrainIssuanceResolver {
  constructor(private readonly issuance: TrainIssuanceService) {}

  @Mutation(() => TrainIssuanceStatus, {
    description: 'Issues an agent reservation from the agent wallet (asynchronous); repeat-safe with the same callbackUrl',
  })
  async issueTrainTicket(
    @Arg('paymentReference', () => String, { description: 'The reservation payment reference' }) paymentReference: string,
    @Arg('callbackUrl', () => String, {
      description: 'HTTPS URL called when issuance ends; the same URL makes a repeat safe; null: no callback',
      nullable: true,
    })
    callbackUrl: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainIssuanceStatus> {
    return this.issuance.issue(await req.principal(), paymentReference, callbackUrl);
  }

  @Query(() => TrainIssuanceStatus, {
    description: 'Funding, payout and issuance state of a train reservation (owner or administrator); `currency` freezes a payable quote for the owner',
  })
  async trainIssuance(
    @Arg('paymentReference', () => String, { description: 'The reservation payment reference' }) paymentReference: string,
    @Arg('currency', () => String, {
      description: 'ISO 4217 code: freezes (or returns) a payable quote in this currency for the owner; null: none',
      nullable: true,
    })
    currency: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainIssuanceStatus> {
    return this.issuance.status(await req.principal(), paymentReference, currency);
  }
}
