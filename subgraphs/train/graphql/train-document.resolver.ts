import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainDocumentService } from '../documents/train-document.service';
import { TrainTicketDocument } from './train-document.type';

/** Thin: authenticates and hands over to the document service. */
@Resolver()
export class TrainDocumentResolver {
  constructor(private readonly documents: TrainDocumentService) {}

  @Query(() => TrainTicketDocument, {
    description:
      'Renders a new PDF of ISSUED SGR tickets: exactly one of paymentReference (whole group) or ticketId (our uuid or the provider ticket number). Owner or administrator.',
  })
  async trainTicketDocument(
    @Arg('paymentReference', () => String, { description: 'The reservation payment reference (all its issued tickets); give this or ticketId', nullable: true })
    paymentReference: string | null,
    @Arg('ticketId', () => String, { description: 'Our ticket uuid or the provider ticket number; give this or paymentReference', nullable: true })
    ticketId: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainTicketDocument> {
    return this.documents.generate(await req.principal(), { paymentReference, ticketId });
  }
}
