import { PlatformException } from '../../../shared/errors/app-error';
import type { RestRequest, RestRoute } from '../rest-route';

/*
 * train-bus-admin.md POST /api/trip/train/send-notification (ADMIN or SUDO). The REST layer checks JSON types only
 * (GraphQL carries strings); the subgraph checks the values (one selector, channels, message type) after the role.
 */

const TEXT_FIELDS = ['paymentReference', 'pnr', 'ticketNumber', 'messageType', 'emailType'] as const;
const LIST_FIELDS = ['trainTicketUuids', 'notificationChannels'] as const;

function resendInput(body: Record<string, unknown>): Record<string, unknown> {
  const fields: Array<{ field: string; message: string }> = [];
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') input[field] = value;
    else fields.push({ field, message: 'must be a string' });
  }
  for (const field of LIST_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      fields.push({ field, message: 'must be an array of strings' });
      continue;
    }
    value.forEach((item, i) => {
      if (typeof item !== 'string') fields.push({ field: `${field}[${i}]`, message: 'must be a string' });
    });
    input[field] = value;
  }
  if (fields.length)
    throw PlatformException.badRequest(`Invalid send-notification request: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, { fields });
  return input;
}

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
  operation: ({ body }: RestRequest) => ({
    query: `mutation SendTrainNotification($input: TrainSendNotificationInput!) { sendTrainNotification(input: $input) { ${RESULT_FIELDS} } }`,
    variables: { input: resendInput(body as Record<string, unknown>) },
  }),
  reply: (data: { sendTrainNotification: Settled[] }) => ({
    body: { data: data.sendTrainNotification.map(settledView) },
    headers: { 'cache-control': 'no-store' },
  }),
};

export const trainResendRoutes: RestRoute[] = [sendNotification];
