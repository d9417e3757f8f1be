import { Field, ObjectType } from 'type-graphql';

/* GET /api/trip/train/ticket/document/generate (OpenAPI `getTripTrainTicketDocumentGenerate`): the PDF travels base64, the REST layer sends the bytes. */

@ObjectType({ description: 'A freshly rendered SGR ticket PDF' })
export class TrainTicketDocument {
  @Field(() => String, { description: 'Suggested file name, e.g. sgr-ticket-SGRP….pdf' })
  filename!: string;

  @Field(() => String, { description: 'application/pdf' })
  contentType!: string;

  @Field(() => String, { description: 'The PDF bytes, base64' })
  base64!: string;
}
