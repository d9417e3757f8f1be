import type { DatabaseModule } from '../database/data-source.factory';
import type { NotificationConfig } from '../config/notification.config';
import type { Outbox } from '../queue/outbox.service';
import type { Clock } from '../time/clock.port';
import { NotificationEntity } from './entities/notification.entity';
import { NotificationDeliveryEntity } from './entities/notification-delivery.entity';
import { NotificationAttemptEntity } from './entities/notification-attempt.entity';
import { NotificationRequester } from './notification-request.service';

/**
 * The notification log's entities. Their migrations stay with the shared ones (shared/database/migrations), which
 * every process runs; the entities are listed here so that the platform does not need to know this module.
 */
export const NOTIFICATIONS_DATABASE_MODULE: DatabaseModule = {
  entities: [NotificationEntity, NotificationDeliveryEntity, NotificationAttemptEntity],
  migrations: [],
};

/** What a module's composition root hands over to get its requester (a Platform has each under these names). */
export interface NotificationRequesterPorts {
  outbox: Outbox;
  clock: Clock;
  config: { notifications: Pick<NotificationConfig, 'reminderLeadSeconds'> };
}

/**
 * The requester a booking flow asks for customer messages with, built by each module's root: it holds no state
 * of its own, so one per module writes the same rows as one per process.
 */
export function createNotificationRequester({ outbox, clock, config }: NotificationRequesterPorts): NotificationRequester {
  return new NotificationRequester(outbox, clock, config.notifications);
}
