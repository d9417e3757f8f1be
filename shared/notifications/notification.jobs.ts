import type { DataSource } from 'typeorm';
import type { NotificationConfig } from '../config/notification.config';
import type { Logger } from '../logging/logger';
import type { QueueRegistry } from '../queue/queue.registry';
import type { JobDefinition } from '../queue/worker-host.service';
import type { Clock } from '../time/clock.port';
import type { ChannelAdapter } from './channels/channel.port';
import { notificationDeliveryJob } from './jobs/notification-delivery.job';
import { notificationDispatchJob } from './jobs/notification-dispatch.job';
import type { NotificationBookingSource, NotificationChannel } from './notification.types';

/**
 * What the notifications queue's jobs are built from (a Platform has each under these names): the jobs' repositories
 * are built from the data source, their lease is the job lock.
 */
export interface NotificationJobPorts {
  dataSource: DataSource;
  queues: QueueRegistry;
  clock: Clock;
  logger: Logger;
  config: { notifications: NotificationConfig; jobLockMs: number };
}

/** The notifications queue's jobs, given where bookings come from and how each channel sends. */
export function notificationJobs(
  ports: NotificationJobPorts,
  sources: NotificationBookingSource[],
  channels: Record<NotificationChannel, ChannelAdapter>,
): JobDefinition[] {
  const byKind = new Map<string, NotificationBookingSource>();
  for (const source of sources) {
    if (byKind.has(source.kind)) throw new Error(`two notification sources for booking kind ${source.kind}`);
    byKind.set(source.kind, source);
  }
  const deps = {
    dataSource: ports.dataSource,
    queues: ports.queues,
    clock: ports.clock,
    logger: ports.logger.child({ service: 'notifications' }),
    config: ports.config.notifications,
    leaseMs: ports.config.jobLockMs,
    sources: byKind,
    channels,
  };
  return [notificationDispatchJob(deps), notificationDeliveryJob(deps)];
}
