import type { JsonObject, RestRequest, RestRoute } from '../rest-route.types';
import { inMemberOrder, problemsOfCheck, validateUncarried } from '../rest.contract';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { checkTrainSendNotification } from '../../../shared/api-contract/train-send-notification.validator';
import { TRAIN_NOTIFICATION_SETTLED, TrainNotificationResults } from '../schemas/train-resend.schemas';
import { NO_STORE_HEADER, TRAIN_HEADERS } from './train.routes';

/*
 * POST /api/trip/train/send-notification (OpenAPI `postTripTrainSendNotification`), ADMIN or SUDO. The body is the
 * TrainSendNotificationInput; its values are checked by the one send-notification validator, which the subgraph runs
 * after the role, so a body GraphQL can carry goes on (a caller without the role gets the same 403 as over GraphQL)
 * and only a body GraphQL could not carry (a wrong JSON type, an unknown channel or message type) is answered here.
 */

const SEND_INPUT = restInput('Mutation.sendTrainNotification', {
  body: 'input',
  id: 'TrainSendNotificationBody',
  // Members a client adds are ignored, as REST always has.
  unknownMembers: 'ignore',
  members: {
    paymentReference: { documents: { minLength: 1 } },
    pnr: { documents: { minLength: 1 } },
    ticketNumber: { documents: { minLength: 1 } },
    trainTicketUuids: { documents: { minItems: 1, items: { type: 'string', format: 'uuid' } } },
    notificationChannels: { documents: { minItems: 1 } },
  },
});

type Settled = { status: 'fulfilled' | 'rejected'; value: ({ channel: string } & JsonObject) | null } & JsonObject;

/** Promise.allSettled's form: `value` when fulfilled, `reason` when rejected, and in a value only the channel's own report. */
function settledView(result: Settled): JsonObject {
  const view: JsonObject = {};
  const other = result.status === 'fulfilled' ? 'reason' : 'value';
  for (const key in result) if (key !== other) view[key] = key === 'value' && result.value ? channelOutcome(result.value) : result[key];
  return view;
}

function channelOutcome(outcome: { channel: string } & JsonObject): JsonObject {
  const view: JsonObject = {};
  const otherReport = outcome.channel === 'EMAIL' ? 'whatsapp' : 'email';
  for (const key in outcome) if (key !== otherReport) view[key] = outcome[key];
  return view;
}

const sendNotification: RestRoute = {
  method: 'POST',
  path: '/api/trip/train/send-notification',
  auth: true,
  jsonBody: true,
  operation: ({ body }: RestRequest) => ({
    query: `mutation SendTrainNotification(${SEND_INPUT.variableDefinitions}) {
      sendTrainNotification(${SEND_INPUT.arguments}) { ${TRAIN_NOTIFICATION_SETTLED.selection} } }`,
    variables: SEND_INPUT.variables(body as JsonObject),
  }),
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
    body: SEND_INPUT.schema,
    // The gateway's own 400 lists by member, the selector rule last, as REST always has; the subgraph's keeps the validator's order.
    validate: inMemberOrder(
      SEND_INPUT.schema,
      validateUncarried(SEND_INPUT.schema, ({ body }) => problemsOfCheck(checkTrainSendNotification(body as JsonObject))),
    ),
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
