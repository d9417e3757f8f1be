import { z } from 'zod';
import { PlatformException } from '../../../shared/errors/app-error';
import type { RestRequest, RestRoute } from '../rest-route';
import { TRAIN_HEADERS } from './train.routes';

/* GET /api/trip/train/ticket/document/generate (OpenAPI `getTripTrainTicketDocumentGenerate`): 200 application/pdf, a new rendering every time. */

const SELECTOR_MESSAGE = 'Give exactly one of the query parameters "paymentReference" or "ticketId"';

/** A blank selector counts as absent. */
const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The one selector given: a name repeated in the query string is refused (the contract reads only its first value). */
function selector(query: URLSearchParams): { paymentReference: string | null; ticketId: string | null } {
  const one = (name: string): string | null => {
    const values = query.getAll(name);
    if (values.length > 1) throw PlatformException.badRequest(`Give "${name}" once`, { field: name });
    return values[0]?.trim() || null;
  };
  return { paymentReference: one('paymentReference'), ticketId: one('ticketId') };
}

const generate: RestRoute = {
  method: 'GET',
  path: '/api/trip/train/ticket/document/generate',
  auth: true,
  operation: ({ query }: RestRequest) => ({
    query: `query TrainTicketDocument($paymentReference: String, $ticketId: String) {
      trainTicketDocument(paymentReference: $paymentReference, ticketId: $ticketId) { filename contentType base64 } }`,
    variables: selector(query),
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
    query: z
      .object({
        paymentReference: z.string().max(64).optional().meta({ description: 'The whole group of the reservation.' }),
        ticketId: z.string().max(64).optional().meta({ description: 'One ticket: its Safiri-side uuid or the full provider ticket number.' }),
      })
      .superRefine(
        (q, ctx) => {
          if (given(q.paymentReference) === given(q.ticketId)) ctx.addIssue({ code: 'custom', path: ['selector'], message: SELECTOR_MESSAGE });
        },
        { when: () => true },
      ),
    headers: TRAIN_HEADERS,
    responses: {
      200: {
        description: 'The ticket PDF (Content-Disposition: attachment).',
        contentType: 'application/pdf',
        headers: { 'content-disposition': 'attachment; filename="sgr-ticket-<reference or ticket number>.pdf"', 'cache-control': 'Always no-store.' },
      },
    },
    errors: {
      400: 'BAD_REQUEST: none or both of paymentReference and ticketId, or one given twice.',
      403: 'FORBIDDEN: the ticket belongs to another account.',
      404: 'SGR_TICKET_NOT_FOUND: no such ticket or reservation.',
      409: 'SGR_TICKET_NOT_ISSUED: the ticket is not ISSUED yet (data.status).',
    },
  },
};

export const trainDocumentRoutes: RestRoute[] = [generate];
