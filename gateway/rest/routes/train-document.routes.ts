import { PlatformException } from '../../../shared/errors/app-error.exception';
import type { RestRequest, RestRoute } from '../rest-route.types';
import { problemsOfCheck, queryObject } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import { checkTrainDocumentSelector, TRAIN_DOCUMENT_SELECTOR_MAX_LENGTH } from '../../../shared/api-contract/train-document.validator';
import { TRAIN_HEADERS } from './train.routes';

/* GET /api/trip/train/ticket/document/generate (OpenAPI `getTripTrainTicketDocumentGenerate`): 200 application/pdf, a new rendering every time. */

/** The query string as the trainTicketDocument arguments; exactly one selector is the document validator's rule. */
const DOCUMENT_INPUT = restInput('Query.trainTicketDocument', {
  in: 'query',
  unknownMembers: 'ignore',
  order: ['paymentReference', 'ticketId'],
  members: {
    paymentReference: { description: 'The whole group of the reservation.', documents: { maxLength: TRAIN_DOCUMENT_SELECTOR_MAX_LENGTH } },
    ticketId: {
      description: 'One ticket: its Safiri-side uuid or the full provider ticket number.',
      documents: { maxLength: TRAIN_DOCUMENT_SELECTOR_MAX_LENGTH },
    },
  },
});

/**
 * What the reply reads of TrainTicketDocument to send the PDF: exactly these fields, so a field GraphQL adds is not
 * fetched for an answer that is the PDF's bytes, and a field GraphQL renames fails the route table's build.
 */
const TRAIN_TICKET_DOCUMENT = restShape('TrainTicketDocument', { only: ['filename', 'contentType', 'base64'] });

/** The query string's selectors: a name given twice is refused, as the contract reads only its first value (a REST-only problem). */
function selectors(query: URLSearchParams): Record<string, string> {
  for (const name of ['paymentReference', 'ticketId'])
    if (query.getAll(name).length > 1) throw PlatformException.badRequest(`Give "${name}" once`, { field: name });
  return queryObject(query);
}

const generate: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/ticket/document/generate',
  auth: true,
  operation: ({ query }: RestRequest) => ({
    query: `query TrainTicketDocument(${DOCUMENT_INPUT.variableDefinitions}) { trainTicketDocument(${DOCUMENT_INPUT.arguments}) { ${TRAIN_TICKET_DOCUMENT.selection} } }`,
    variables: DOCUMENT_INPUT.variables(selectors(query)),
  }),
  reply: (data: { trainTicketDocument: { filename: string; contentType: string; base64: string } }) => {
    const doc = data.trainTicketDocument;
    return {
      body: Buffer.from(doc.base64, 'base64'),
      headers: {
        'content-type': doc.contentType,
        'content-disposition': `attachment; filename="${doc.filename.replace(/["\\\r\n]/g, '_')}"`,
        'cache-control': 'no-store',
      },
    };
  },
  contract: {
    summary: 'Download a train ticket PDF',
    description:
      'Renders a new PDF on every request (it does not issue, resend messages or replace automatic delivery). The ticket must be ISSUED; ' +
      'administrators may download any issued train ticket, others only their own. The PDF opens without a password, permits printing and copying, ' +
      'and is owner-password protected against editing.',
    tag: 'Train',
    query: DOCUMENT_INPUT.schema,
    validate: ({ query }) => problemsOfCheck(checkTrainDocumentSelector(queryObject(query))),
    validates: 'query',
    headers: TRAIN_HEADERS,
    responses: {
      200: {
        description: 'The ticket PDF (Content-Disposition: attachment).',
        contentType: 'application/pdf',
        headers: { 'content-disposition': 'attachment; filename="sgr-ticket-<reference or ticket number>.pdf"', 'cache-control': 'Always no-store.' },
      },
    },
    errors: {
      400: 'BAD_REQUEST: none or both of paymentReference and ticketId, one given twice, or one too long (data.fields[]).',
      403: 'FORBIDDEN: the ticket belongs to another account.',
      404: 'SGR_TICKET_NOT_FOUND: no such ticket or reservation.',
      409: 'SGR_TICKET_NOT_ISSUED: the ticket is not ISSUED yet (data.status).',
    },
  },
};

export const trainDocumentRoutes: RestRoute[] = [generate];
