import { z } from 'zod';

/** The staff send-notification request and its per-delivery results. */

// ---- Send-notification ------------------------------------------------------------------------------------

const TrainNotificationReport = z
  .object({
    success: z.boolean().meta({ description: 'True when there was at least one delivery and every one was SENT.' }),
    results: z.array(
      z.object({
        recipientKey: z.string().meta({ description: 'buyer or passenger:<index>.' }),
        role: z.enum(['BUYER', 'PASSENGER']),
        to: z.string().meta({ description: 'The address, masked.' }),
        status: z.string().meta({ description: 'SENT, FAILED, SUPPRESSED or UNCERTAIN; PENDING, SENDING or RETRYING when still under way.' }),
        error: z.string().nullable().meta({ description: 'The last error or suppression reason; null when there is none.' }),
      }),
    ),
  })
  .meta({ id: 'TrainNotificationReport' });

const TrainNotificationFulfilled = z
  .object({
    status: z.literal('fulfilled'),
    value: z.union([
      z.object({ channel: z.literal('EMAIL'), notificationId: z.string(), email: TrainNotificationReport }),
      z.object({ channel: z.literal('WHATSAPP'), notificationId: z.string(), whatsapp: TrainNotificationReport }),
    ]),
  })
  .meta({ id: 'TrainNotificationFulfilled', description: "The message was planned on the channel; only the channel's own report key appears." });

const TrainNotificationRejected = z
  .object({
    status: z.literal('rejected'),
    reason: z.object({
      channel: z.enum(['EMAIL', 'WHATSAPP']),
      errorCode: z.string().meta({
        description: 'SGR_NOTIFICATION_NO_RECIPIENT, SGR_NOTIFICATION_SUPPRESSED, SGR_NOTIFICATION_FAILED or SGR_NOTIFICATION_PENDING.',
      }),
      errorMessage: z.string(),
      notificationId: z.string().nullable().meta({ description: 'The notification log id to follow it up; null when nothing was logged.' }),
    }),
  })
  .meta({ id: 'TrainNotificationRejected', description: 'Nothing was delivered on the channel.' });

export const TrainNotificationResults = z.array(z.union([TrainNotificationFulfilled, TrainNotificationRejected])).meta({
  id: 'TrainNotificationResults',
  description: 'One settled result per selected channel, in request order (Promise.allSettled form): value when fulfilled, reason when rejected.',
});

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const SELECTORS = ['paymentReference', 'pnr', 'ticketNumber', 'trainTicketUuids'] as const;
const selector = (description: string) => z.string().trim().min(1, 'must not be empty').nullish().meta({ description });

export const TrainSendNotificationBody = z
  .object({
    paymentReference: selector('Selects the whole reservation.'),
    pnr: selector("The provider's PNR; selects the whole reservation."),
    ticketNumber: selector("A full provider ticket number; selects that ticket's whole reservation."),
    trainTicketUuids: z
      .array(z.string().regex(UUID, 'must be a ticket uuid'))
      .min(1, 'must name at least one ticket uuid')
      .nullish()
      .meta({ description: 'Ticket uuids of one reservation (any case): only the passengers owning them are addressed.' }),
    notificationChannels: z
      .array(z.enum(['EMAIL', 'WHATSAPP']))
      .min(1, 'must name at least one of EMAIL, WHATSAPP')
      .nullish()
      .meta({ description: 'Default [EMAIL]; duplicates dropped, first occurrence kept.' }),
    messageType: z
      .enum(['TRAIN_TICKET', 'TRAIN_TICKET_RESERVATION', 'TRAIN_TICKET_RESERVATION_CANCELLATION'])
      .nullish()
      .meta({ description: 'Default TRAIN_TICKET.' }),
    emailType: z.string().nullish().meta({
      description:
        'Legacy, read only when messageType is omitted: the messageType values or TICKET, RESERVATION, RESERVATION_CANCELLATION (any case); ignored next to messageType.',
    }),
  })
  .superRefine(
    (body, ctx) => {
      // Runs even when a member failed above, so one 400 lists the selector problem with the others.
      const given = SELECTORS.filter((f) => body[f] !== undefined && body[f] !== null);
      if (given.length === 0) ctx.addIssue({ code: 'custom', path: ['selector'], message: `give exactly one of ${SELECTORS.join(', ')}` });
      if (given.length > 1)
        for (const f of given) ctx.addIssue({ code: 'custom', path: [f], message: `give only one of ${SELECTORS.join(', ')} (got ${given.join(', ')})` });
    },
    { when: () => true },
  )
  .meta({ id: 'TrainSendNotificationBody', description: 'Exactly one selector (paymentReference, pnr, ticketNumber or trainTicketUuids).' });
