import { randomUUID } from 'node:crypto';
import { maskRecipient } from '../../logging/logger';
import type { JobDefinition } from '../../queue/worker-host.service';
import { withRequestId } from '../../queue/job-request-id.codec';
import type { NotificationEntity } from '../entities/notification.entity';
import { FINAL_DELIVERY_STATUSES } from '../entities/notification-delivery.entity';
import { NotificationDeliveryRepository } from '../notification-delivery.repository';
import { DEFAULT_CHANNELS, decideFor, planDeliveries } from '../notification.policy';
import { DELIVER_JOB, DispatchPayload, DISPATCH_JOB, NOTIFICATIONS_QUEUE } from '../notification-request.service';
import type { NotificationChannel } from '../notification.types';
import { NotificationJobDeps, sourceFor } from './notification-job-deps.types';

export interface DeliverPayload {
  deliveryId: string;
  notificationId: string;
  channel: NotificationChannel;
}

/** BullMQ job id of a delivery: re-planning after a crash re-adds the same job, which BullMQ ignores. */
export function deliveryJobId(deliveryId: string): string {
  return `delivery-${deliveryId}`;
}

/**
 * Plans a notification: loads the booking, applies the rules, records one delivery per channel
 * and recipient, then queues each delivery as its own job, so a channel that keeps failing
 * retries on its own schedule and never holds back the others.
 */
export function notificationDispatchJob(deps: NotificationJobDeps): JobDefinition<DispatchPayload> {
  return {
    queue: NOTIFICATIONS_QUEUE,
    name: DISPATCH_JOB,
    async process(payload) {
      const notification = await new NotificationDeliveryRepository(deps.dataSource).requestById(payload.notificationId);
      if (!notification) {
        deps.logger.warn('notification request not found; nothing to send', { notificationId: payload.notificationId });
        return { status: 'MISSING' };
      }
      if (notification.status === 'PENDING') await plan(deps, notification);
      return enqueueOpenDeliveries(deps, notification.id);
    },
  };
}

async function plan(deps: NotificationJobDeps, notification: NotificationEntity): Promise<void> {
  const now = deps.clock.now();
  const notifications = new NotificationDeliveryRepository(deps.dataSource);
  const close = (status: NotificationEntity['status'], reason: string | null, bookingReference: string | null = null) =>
    notifications.updatePending(notification.id, { status, reason, bookingReference, plannedAt: now });

  const source = sourceFor(deps, notification.bookingKind);
  if (!source) {
    deps.logger.error('no notification source for booking kind', { bookingKind: notification.bookingKind, notificationId: notification.id });
    await close('FAILED', 'UNKNOWN_BOOKING_KIND');
    return;
  }
  const booking = await source.load(notification.bookingId);
  if (!booking) {
    await close('FAILED', 'BOOKING_NOT_FOUND');
    return;
  }
  const decision = decideFor(notification, booking, now);
  const channels = (notification.channels?.split(',') as NotificationChannel[] | undefined) ?? DEFAULT_CHANNELS[notification.messageType];
  const planned = planDeliveries(booking, channels, notification.recipientKeys?.split(','));
  if (planned.length === 0) {
    await close(decision.send ? 'NO_RECIPIENT' : 'SUPPRESSED', decision.send ? 'NO_ADDRESS_FOR_CHANNELS' : decision.reason, booking.reference);
    return;
  }
  const status = decision.send ? 'PENDING' : 'SUPPRESSED';
  await deps.dataSource.transaction(async (m) => {
    // Only the first planner of a PENDING request writes deliveries; a concurrent one stops here.
    const claimed = await notifications.updatePending(
      notification.id,
      {
        status: decision.send ? 'PLANNED' : 'SUPPRESSED',
        hasDeliveries: true,
        reason: decision.send ? null : decision.reason,
        bookingReference: booking.reference,
        plannedAt: now,
      },
      m,
    );
    if (!claimed) return;
    await notifications.insertDeliveries(
      m,
      planned.map((d) => ({
        id: randomUUID(),
        notificationId: notification.id,
        requestedAt: notification.createdAt,
        channel: d.channel,
        recipientKey: d.recipient.key,
        recipientMasked: maskRecipient(d.address),
        status,
        attempts: 0,
        provider: null,
        providerMessageId: null,
        error: decision.send ? null : decision.reason,
        leaseUntil: null,
        createdAt: now,
        updatedAt: now,
        sentAt: null,
      })),
    );
  });
  deps.logger.info(decision.send ? 'notification planned' : 'notification suppressed', {
    notificationId: notification.id,
    bookingReference: booking.reference,
    messageType: notification.messageType,
    deliveries: planned.length,
    ...(decision.send ? {} : { reason: decision.reason }),
  });
}

async function enqueueOpenDeliveries(deps: NotificationJobDeps, notificationId: string) {
  const open = await new NotificationDeliveryRepository(deps.dataSource).deliveriesOf(notificationId);
  const queue = deps.queues.get(NOTIFICATIONS_QUEUE);
  const toSend = open.filter((d) => !FINAL_DELIVERY_STATUSES.includes(d.status));
  for (const delivery of toSend) {
    const payload: DeliverPayload = { deliveryId: delivery.id, notificationId, channel: delivery.channel };
    await queue.add(DELIVER_JOB, withRequestId(payload), {
      jobId: deliveryJobId(delivery.id),
      attempts: deps.config.maxAttempts,
      backoff: { type: 'exponential', delay: deps.config.backoffMs },
    });
  }
  return { deliveries: open.length, queued: toSend.length };
}
