import type { DataSource } from 'typeorm';
import type { Clock } from '../../time/clock.port';
import type { Logger } from '../../logging/logger';
import type { QueueRegistry } from '../../queue/queue.registry';
import type { NotificationConfig } from '../../config/platform.config';
import type { ChannelAdapter } from '../channels/channel.port';
import type { NotificationBookingSource, NotificationChannel } from '../notification.types';

/** What the notification jobs run on; built once per worker process. */
export interface NotificationJobDeps {
  dataSource: DataSource;
  queues: QueueRegistry;
  clock: Clock;
  logger: Logger;
  config: Pick<NotificationConfig, 'maxAttempts' | 'backoffMs'>;
  /** How long a claimed send is owned before another worker may take it over (the job lock). */
  leaseMs: number;
  sources: ReadonlyMap<string, NotificationBookingSource>;
  channels: Readonly<Record<NotificationChannel, ChannelAdapter>>;
}

export function sourceFor(deps: NotificationJobDeps, kind: string): NotificationBookingSource | undefined {
  return deps.sources.get(kind);
}

/** Keeps provider error text short enough for the log column and free of line breaks. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}
