import type { Platform } from '../platform/platform';
import type { JobDefinition } from '../queue/worker-host';
import type { ChannelAdapter } from './channels/channel.port';
import { notificationDeliveryJob } from './jobs/notification-delivery.job';
import { notificationDispatchJob } from './jobs/notification-dispatch.job';
import type { NotificationBookingSource, NotificationChannel } from './notification.types';

/** The notifications queue's jobs, given where bookings come from and how each channel sends. */
export function notificationJobs(
  platform: Platform,
  sources: NotificationBookingSource[],
  channels: Record<NotificationChannel, ChannelAdapter>,
): JobDefinition[] {
  const byKind = new Map<string, NotificationBookingSource>();
  for (const source of sources) {
    if (byKind.has(source.kind)) throw new Error(`two notification sources for booking kind ${source.kind}`);
    byKind.set(source.kind, source);
  }
  const deps = {
    dataSource: platform.dataSource,
    queues: platform.queues,
    clock: platform.clock,
    logger: platform.logger.child({ service: 'notifications' }),
    config: platform.config.notifications,
    leaseMs: platform.config.jobLockMs,
    sources: byKind,
    channels,
  };
  return [notificationDispatchJob(deps), notificationDeliveryJob(deps)];
}
