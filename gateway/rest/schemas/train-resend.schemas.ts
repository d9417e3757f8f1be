import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/*
 * The staff send-notification answer, derived from TrainNotificationSettledResult (docs/rest-shapes.md). GraphQL answers
 * both members of a settled result and both channel reports, null where they do not apply; REST answers
 * Promise.allSettled's form (the reply, settledView): `value` when fulfilled, `reason` when rejected, and only the
 * channel's own report. Each form is the type with the other members left out, so a field added to the type is
 * selected, answered and documented in both.
 */

/** Every field of a settled result: what the route selects. */
export const TRAIN_NOTIFICATION_SETTLED = restShape('TrainNotificationSettledResult');

const TRAIN_NOTIFICATION_REPORT = restShape('TrainNotificationChannelReport', {
  id: 'TrainNotificationReport',
  fields: { success: { description: 'True when there was at least one delivery and every one was SENT.' } },
});

/** The outcome on one channel, with that channel's report only. */
const outcome = (channel: 'EMAIL' | 'WHATSAPP', report: 'email' | 'whatsapp', other: 'email' | 'whatsapp') =>
  restShape('TrainNotificationChannelOutcome', {
    fields: { channel: { schema: z.literal(channel) }, [report]: { nonNull: true, schema: TRAIN_NOTIFICATION_REPORT.schema }, [other]: { omit: true } },
  }).schema;

const TRAIN_NOTIFICATION_FULFILLED = restShape('TrainNotificationSettledResult', {
  id: 'TrainNotificationFulfilled',
  description: "The message was planned on the channel; only the channel's own report key appears.",
  fields: {
    status: { schema: z.literal('fulfilled') },
    value: {
      nonNull: true,
      schema: z.union([outcome('EMAIL', 'email', 'whatsapp'), outcome('WHATSAPP', 'whatsapp', 'email')]),
      description: 'The channel outcome.',
    },
    reason: { omit: true },
  },
});

const TRAIN_NOTIFICATION_REJECTED = restShape('TrainNotificationSettledResult', {
  id: 'TrainNotificationRejected',
  description: 'Nothing was delivered on the channel.',
  fields: { status: { schema: z.literal('rejected') }, value: { omit: true }, reason: { nonNull: true, description: 'Why the channel failed.' } },
});

export const TrainNotificationResults = z.array(z.union([TRAIN_NOTIFICATION_FULFILLED.schema, TRAIN_NOTIFICATION_REJECTED.schema])).meta({
  id: 'TrainNotificationResults',
  description: 'One settled result per selected channel, in request order (Promise.allSettled form): value when fulfilled, reason when rejected.',
});
