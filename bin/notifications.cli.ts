import { NotificationLogService, NOTIFICATION_LOG_STATUSES, NotificationLogStatus } from '../shared/notifications/notification-log.service';
import { MESSAGE_TYPES, MessageType, NOTIFICATION_CHANNELS, NotificationChannel } from '../shared/notifications/notification.types';
import { parseFlags, runCommand, UsageError } from './cli-support.kit';

const USAGE = `usage: npm run notifications -- log [--reference R] [--type TYPE] [--status STATUS] [--channel CHANNEL] [--limit 20]
types: ${MESSAGE_TYPES.join(', ')}
statuses: ${NOTIFICATION_LOG_STATUSES.join(', ')}
channels: ${NOTIFICATION_CHANNELS.join(', ')}
--help, -h: this text`;

const [command, ...args] = process.argv.slice(2);
let flags: Record<string, string> = {};

function oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
  const value = flags[name];
  if (value !== undefined && !(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T | undefined;
}

const validate = () => {
  if (command !== 'log') throw new UsageError(command ? `unknown command "${command}"` : 'a command is required');
  flags = parseFlags(args, ['reference', 'type', 'status', 'channel', 'limit']);
  oneOf('type', MESSAGE_TYPES);
  oneOf('status', NOTIFICATION_LOG_STATUSES);
  oneOf('channel', NOTIFICATION_CHANNELS);
  if (flags.limit !== undefined && !/^(?:[1-9]\d?|1\d\d|200)$/.test(flags.limit)) throw new UsageError('--limit must be from 1 to 200');
};

/** The notification log for an operator at a terminal: the same data as the admin notificationLog query. */
void runCommand(
  USAGE,
  async (platform) => {
    const log = new NotificationLogService(platform.dataSource);
    const filter = {
      bookingReference: flags.reference,
      messageType: oneOf<MessageType>('type', MESSAGE_TYPES),
      status: oneOf<NotificationLogStatus>('status', NOTIFICATION_LOG_STATUSES),
      channel: oneOf<NotificationChannel>('channel', NOTIFICATION_CHANNELS),
    };
    const [{ records }, { total, totalIsExact }] = await Promise.all([log.find({ ...filter, limit: Number(flags.limit ?? 20), offset: 0 }), log.count(filter)]);
    return { action: 'notification-log', total, totalIsExact, entries: records };
  },
  validate,
);
