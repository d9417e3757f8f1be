import 'reflect-metadata';
import { loadConfig } from '../../shared/config/platform.config';
import { createLogger } from '../../shared/logging/logger';
import { createPlatform } from '../../shared/platform/platform.wiring';
import { OutboxRelay } from '../../shared/queue/outbox-relay.service';
import { WorkerHost } from '../../shared/queue/worker-host.service';
import { createChannelAdapters } from '../../shared/notifications/channels/channel.factory';
import { notificationJobs } from '../../shared/notifications/notification.jobs';
import type { NotificationChannel } from '../../shared/notifications/notification.types';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { sampleBookingSource } from './sample-booking.source';
import { wrapChannel } from './channel-wrappers';

/**
 * A notification worker that dies the hard way: SIGKILL right after its first send on
 * KILL_AFTER_SEND_CHANNEL returns, before the outcome reaches the database. NON_DEDUPE_CHANNEL
 * makes that channel behave like SMTP (no deduplication by key).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger('error');
  const platform = await createPlatform(config, DATABASE_MODULES, { logger });
  const channels = createChannelAdapters(config.notifications, logger);
  const killOn = process.env.KILL_AFTER_SEND_CHANNEL as NotificationChannel | undefined;
  const nonDedupe = process.env.NON_DEDUPE_CHANNEL as NotificationChannel | undefined;
  if (nonDedupe) channels[nonDedupe] = wrapChannel(channels[nonDedupe], { dedupesByKey: false });
  if (killOn) {
    channels[killOn] = wrapChannel(channels[killOn], {
      afterSend: () => {
        process.kill(process.pid, 'SIGKILL');
        return new Promise(() => undefined);
      },
    });
  }
  new OutboxRelay(platform.dataSource, platform.queues, platform.clock, logger).start(config.outboxPollMs);
  new WorkerHost(platform.queueRedis, config.queuePrefix, logger, config.jobLockMs).start(
    notificationJobs(platform, [sampleBookingSource(platform.dataSource)], channels),
  );
  process.stdout.write('ready\n');
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
