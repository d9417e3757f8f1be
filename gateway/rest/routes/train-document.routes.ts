import { PlatformException } from '../../../shared/errors/app-error';
import type { RestRequest, RestRoute } from '../rest-route';

/* train-bus-admin.md GET /api/trip/train/ticket/document/generate: 200 application/pdf, a new rendering every time. */

/** The one selector given, checked before GraphQL: exactly one of paymentReference or ticketId. */
function selector(query: URLSearchParams): { paymentReference: string | null; ticketId: string | null } {
  const one = (name: string): string | null => {
    const values = query.getAll(name);
    if (values.length > 1) throw PlatformException.badRequest(`Give "${name}" once`, { field: name });
    return values[0]?.trim() || null;
  };
  const paymentReference = one('paymentReference');
  const ticketId = one('ticketId');
  if ((paymentReference === null) === (ticketId === null)) {
    throw PlatformException.badRequest('Give exactly one of the query parameters "paymentReference" or "ticketId"');
  }
  return { paymentReference, ticketId };
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
};

export const trainDocumentRoutes: RestRoute[] = [generate];
