import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Role } from '../../../shared/auth/roles.types';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainResendService } from '../notifications/train-resend.service';
import { TrainNotificationSettledResult, TrainSendNotificationInput } from './train-resend.type';

/** Thin: ADMIN or SUDO only, then the resend service. */
@Resolver()
export class TrainResendResolver {
  constructor(private readonly resend: TrainResendService) {}

  @Mutation(() => [TrainNotificationSettledResult], {
    description:
      'Staff resend of the ticket, reservation or cancellation message of a train booking. One settled result per selected channel, in request order. ADMIN or SUDO only.',
  })
  async sendTrainNotification(
    @Arg('input', () => TrainSendNotificationInput, { description: 'Which booking, which message, which channels' }) input: TrainSendNotificationInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainNotificationSettledResult[]> {
    const principal = await req.requireRole(Role.ADMIN, Role.SUDO);
    return this.resend.send(principal, input);
  }
}
