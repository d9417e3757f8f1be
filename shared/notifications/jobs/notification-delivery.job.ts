import { UnrecoverableError } from 'bullmq';
import { maskRecipient } from '../../logging/logger';
import { isLastAttempt, type JobDefinition } from '../../queue/worker-host.service';
import { ChannelAdapter, ChannelSendError } from '../channels/channel.port';
import type { NotificationEntity } from '../entities/notification.entity';
import { DeliveryStatus, FINAL_DELIVERY_STATUSES, NotificationDeliveryEntity } from '../entities/notification-delivery.entity';
import type { AttemptStatus } from '../entities/notification-attempt.entity';
import { NotificationDeliveryRepository } from '../notification-delivery.repository';
import { addressFor, attachesTicketDocument, decideFor } from '../notification.policy';
import { DELIVER_JOB, NOTIFICATIONS_QUEUE } from '../notification-request.service';
import { renderMessage } from '../templates/message.renderer';
import type { DeliverPayload } from './notification-dispatch.job';
import { errorText, NotificationJobDeps, sourceFor } from './notification-job-deps.types';

type Claim =
  | { kind: 'done'; status: DeliveryStatus }
  | { kind: 'busy' }
  | { kind: 'claimed'; delivery: NotificationDeliveryEntity; notification: NotificationEntity; attempt: number };

/**
 * Sends one delivery. The row is claimed under a lease before the provider is called and the
 * outcome recorded after, so a worker killed mid-send leaves SENDING behind: the next attempt
 * repeats the send with the same idempotency key where the channel collapses repeats, and
 * otherwise records UNCERTAIN rather than risk a second message.
 */
export function notificationDeliveryJob(deps: NotificationJobDeps): JobDefinition<DeliverPayload> {
  return {
    queue: NOTIFICATIONS_QUEUE,
    name: DELIVER_JOB,
    async process(payload, job) {
      const adapter = deps.channels[payload.channel];
      const claim = await claimDelivery(deps, payload.deliveryId, adapter);
      if (claim.kind === 'done') return { status: claim.status };
      if (claim.kind === 'busy') throw new Error('delivery is being sent by another worker; will look again');
      const lastAttempt = isLastAttempt(job);
      try {
        const outcome = await send(deps, claim, adapter);
        await finish(deps, claim, outcome.status, outcome);
        return { status: outcome.status };
      } catch (error) {
        const permanent = error instanceof ChannelSendError && error.permanent;
        const status: DeliveryStatus = permanent || lastAttempt ? 'FAILED' : 'RETRYING';
        await finish(deps, claim, status, { error: errorText(error) });
        deps.logger.warn(status === 'FAILED' ? 'notification delivery failed' : 'notification delivery will retry', {
          deliveryId: claim.delivery.id,
          channel: claim.delivery.channel,
          to: claim.delivery.recipientMasked,
          messageType: claim.notification.messageType,
          attempt: claim.attempt,
          reason: errorText(error),
        });
        if (permanent) throw new UnrecoverableError(errorText(error));
        throw error;
      }
    },
  };
}

async function claimDelivery(deps: NotificationJobDeps, deliveryId: string, adapter: ChannelAdapter): Promise<Claim> {
  const now = deps.clock.now();
  const notifications = new NotificationDeliveryRepository(deps.dataSource);
  return deps.dataSource.transaction(async (m) => {
    const delivery = await notifications.lockDelivery(m, deliveryId);
    if (!delivery) return { kind: 'done', status: 'FAILED' };
    if (FINAL_DELIVERY_STATUSES.includes(delivery.status)) return { kind: 'done', status: delivery.status };
    if (delivery.status === 'SENDING') {
      if (delivery.leaseUntil && delivery.leaseUntil.getTime() > now.getTime()) return { kind: 'busy' };
      // The previous worker died mid-send: its outcome is unknown.
      await notifications.interruptStartedAttempts(m, deliveryId, now);
      if (!adapter.dedupesByKey) {
        const error = `send over ${adapter.provider} was interrupted and may have been delivered; not repeated to avoid a duplicate (resend if needed)`;
        await notifications.updateDelivery(m, deliveryId, { status: 'UNCERTAIN', error, leaseUntil: null, updatedAt: now });
        deps.logger.warn('notification delivery uncertain', { deliveryId, channel: delivery.channel, to: delivery.recipientMasked });
        return { kind: 'done', status: 'UNCERTAIN' };
      }
    }
    const notification = await notifications.requestOf(m, delivery);
    const attempt = delivery.attempts + 1;
    await notifications.updateDelivery(m, deliveryId, {
      status: 'SENDING',
      attempts: attempt,
      provider: adapter.provider,
      leaseUntil: new Date(now.getTime() + deps.leaseMs),
      updatedAt: now,
    });
    await notifications.insertAttempt(m, {
      deliveryId,
      attempt,
      status: 'STARTED',
      provider: adapter.provider,
      providerMessageId: null,
      error: null,
      startedAt: now,
      finishedAt: null,
    });
    return { kind: 'claimed', delivery, notification, attempt };
  });
}

interface Outcome {
  status: DeliveryStatus;
  providerMessageId?: string;
  error?: string;
}

async function send(deps: NotificationJobDeps, claim: Extract<Claim, { kind: 'claimed' }>, adapter: ChannelAdapter): Promise<Outcome> {
  const { delivery, notification } = claim;
  const source = sourceFor(deps, notification.bookingKind);
  const booking = await source?.load(notification.bookingId);
  if (!source || !booking) throw new ChannelSendError('the booking can no longer be loaded', true);
  // The booking may have been paid or cancelled since the message was planned.
  const decision = decideFor(notification, booking, deps.clock.now());
  if (!decision.send) return { status: 'SUPPRESSED', error: decision.reason };
  const recipient = booking.recipients.find((r) => r.key === delivery.recipientKey);
  const address = recipient && addressFor(recipient, delivery.channel);
  if (!recipient || !address) throw new ChannelSendError('the recipient no longer has an address for this channel', true);

  const rendered = renderMessage({ booking, recipient, messageType: notification.messageType, channel: delivery.channel, now: deps.clock.now() });
  const attachments = attachesTicketDocument(notification.messageType, delivery.channel)
    ? ((await source.attachments?.(booking, recipient, notification.messageType)) ?? [])
    : [];
  const receipt = await adapter
    .send({
      channel: delivery.channel,
      to: address,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments,
      idempotencyKey: delivery.id,
    })
    .catch((error: unknown) => {
      // Providers echo the address in their errors; the log keeps it masked.
      const message = errorText(error).split(address).join(delivery.recipientMasked);
      throw new ChannelSendError(message, error instanceof ChannelSendError && error.permanent);
    });
  deps.logger.info('notification sent', {
    deliveryId: delivery.id,
    channel: delivery.channel,
    to: maskRecipient(address),
    messageType: notification.messageType,
    bookingReference: booking.reference,
    provider: adapter.provider,
    providerMessageId: receipt.providerMessageId,
    attempt: claim.attempt,
  });
  return { status: 'SENT', providerMessageId: receipt.providerMessageId };
}

async function finish(
  deps: NotificationJobDeps,
  claim: Extract<Claim, { kind: 'claimed' }>,
  status: DeliveryStatus,
  outcome: { providerMessageId?: string; error?: string },
): Promise<void> {
  const now = deps.clock.now();
  const attemptStatus: AttemptStatus = status === 'SENT' || status === 'SUPPRESSED' ? status : 'FAILED';
  const notifications = new NotificationDeliveryRepository(deps.dataSource);
  await deps.dataSource.transaction(async (m) => {
    // Keyed on the attempt: a worker that lost its lease cannot overwrite its successor's outcome.
    await notifications.updateDelivery(
      m,
      claim.delivery.id,
      {
        status,
        providerMessageId: outcome.providerMessageId ?? null,
        error: outcome.error ?? null,
        leaseUntil: null,
        updatedAt: now,
        sentAt: status === 'SENT' ? now : null,
      },
      claim.attempt,
    );
    await notifications.finishAttempt(m, claim.delivery.id, claim.attempt, {
      status: attemptStatus,
      providerMessageId: outcome.providerMessageId ?? null,
      error: outcome.error ?? null,
      finishedAt: now,
    });
  });
}
