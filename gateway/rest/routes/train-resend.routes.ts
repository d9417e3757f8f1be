import type { RestRequest, RestRoute } from '../rest-route.types';
import { TrainNotificationResults, TrainSendNotificationBody } from '../schemas/train-resend.schemas';
import { NO_STORE_HEADER, TRAIN_HEADERS } from './train.routes';

/*
 * POST /api/trip/train/send-notification (OpenAPI `postTripTrainSendNotification`), ADMIN or SUDO. TrainSendNotificationBody checks what
 * needs no data (types, one selector, known channels and message types) and lists every problem at once; the
 * subgraph checks the same again for GraphQL clients, and what needs the booking, after the role.
 */

const INPUT_FIELDS = ['paymentReference', 'pnr', 'ticketNumber', 'trainTicketUuids', 'notificationChannels', 'messageType', 'emailType'] as const;

const RESULT_FIELDS = `status
  value { channel notificationId
    email { success results { recipientKey role to status error } }
    whatsapp { success results { recipientKey role to status error } } }
  reason { channel errorCode errorMessage notificationId }`;

interface Settled {
  status: 'fulfilled' | 'rejected';
  value: { channel: string; notificationId: string; email: unknown; whatsapp: unknown } | null;
  reason: { channel: string; errorCode: string; errorMessage: string; notificationId: string | null } | null;
}

/** Shaped like Promise.allSettled output: `value` on fulfilled, `reason` on rejected; only the channel's own report key. */
function settledView(result: Settled): Record<string, unknown> {
  if (result.status === 'rejected') return { status: 'rejected', reason: result.reason };
  const { channel, notificationId, email, whatsapp } = result.value!;
  return { status: 'fulfilled', value: { channel, notificationId, ...(channel === 'EMAIL' ? { email } : { whatsapp }) } };
}

const sendNotification: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/send-notification',
  auth: true,
  jsonBody: true,
  operation: ({ body }: RestRequest) => {
    const b = body as Record<string, unknown>;
    return {
      query: `mutation SendTrainNotification($input: TrainSendNotificationInput!) { sendTrainNotification(input: $input) { ${RESULT_FIELDS} } }`,
      variables: { input: Object.fromEntries(INPUT_FIELDS.filter((f) => b[f] !== undefined && b[f] !== null).map((f) => [f, b[f]])) },
    };
  },
  // The spec's answer is "one settled result per selected channel": the array itself, not wrapped in `data`.
  reply: (data: { sendTrainNotification: Settled[] }) => ({
    body: data.sendTrainNotification.map(settledView),
    headers: { 'cache-control': 'no-store' },
  }),
  contract: {
    summary: 'Resend train booking notifications (staff)',
    description:
      'ADMIN or SUDO only. The booking must be issued with every ticket paid, ticket-purchase notifications enabled and documents ready (for TRAIN_TICKET). ' +
      'Every resend is a new logged notification; already-sent tickets are sent again.',
    tag: 'Train',
    headers: TRAIN_HEADERS,
    body: TrainSendNotificationBody,
    responses: {
      200: {
        description:
          'One settled result per selected channel in request order: check value.email / value.whatsapp success and results for partial failures, and inspect rejected results.',
        schema: TrainNotificationResults,
        headers: NO_STORE_HEADER,
      },
    },
    errors: {
      400: 'BAD_REQUEST: every problem of the body in data.fields[] (no or several selectors, blank selector, malformed uuid, unknown channel or message type, …).',
      403: 'FORBIDDEN: not ADMIN or SUDO.',
      404: 'SGR_RESERVATION_NOT_FOUND (paymentReference, pnr, ticketNumber) or SGR_TICKET_NOT_FOUND (data.trainTicketUuids).',
      409: 'SGR_NOTIFICATION_PRECONDITION_FAILED: the booking does not allow this message now (data.reason, e.g. RESERVATION_NOT_ISSUED, TICKET_PURCHASE_DISABLED).',
    },
  },
};

export const trainResendRoutes: RestRoute[] = [sendNotification];
