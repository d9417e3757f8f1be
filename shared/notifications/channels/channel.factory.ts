import type { HttpChannelConfig, NotificationConfig } from '../../config/platform.config';
import type { Logger } from '../../logging/logger';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../notification.types';
import type { ChannelAdapter } from './channel.port';
import { HttpMessageChannel, type HttpMessageChannelKind } from './http-message.channel';
import { SinkChannel, sinkDirectory } from './sink.channel';
import { SmtpEmailChannel } from './smtp-email.channel';

export type ChannelAdapters = Record<NotificationChannel, ChannelAdapter>;

/** One adapter per channel: the configured provider, else the local sink. */
export function createChannelAdapters(config: NotificationConfig, logger: Logger): ChannelAdapters {
  const sink = (channel: NotificationChannel): ChannelAdapter => {
    logger.info('notification channel uses the local sink', {
      channel,
      provider: 'sink',
      directory: sinkDirectory(config.sinkDir, channel),
    });
    return new SinkChannel(channel, { sinkDir: config.sinkDir, mailFrom: config.mailFrom });
  };
  const http = (channel: HttpMessageChannelKind, channelConfig: HttpChannelConfig | null): ChannelAdapter => {
    if (!channelConfig) return sink(channel);
    logger.info('notification channel uses an HTTP provider', {
      channel,
      provider: 'http',
      endpoint: safeEndpoint(channelConfig.url),
      authenticated: channelConfig.token !== null,
    });
    return new HttpMessageChannel(channel, channelConfig, config.httpTimeoutMs);
  };

  let email: ChannelAdapter;
  if (config.smtpUrl) {
    logger.info('notification channel uses SMTP', { channel: 'EMAIL', provider: 'smtp', server: safeEndpoint(config.smtpUrl) });
    email = new SmtpEmailChannel({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, timeoutMs: config.httpTimeoutMs });
  } else {
    email = sink('EMAIL');
  }
  return {
    EMAIL: email,
    SMS: http('SMS', config.sms),
    WHATSAPP: http('WHATSAPP', config.whatsapp),
    PUSH: http('PUSH', config.push),
  };
}

/** Closes every adapter, even when one of them fails to close. */
export async function closeChannelAdapters(adapters: ChannelAdapters): Promise<void> {
  const results = await Promise.allSettled(NOTIFICATION_CHANNELS.map(async (channel) => adapters[channel].close?.()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Scheme, host and port only: URLs may carry credentials in the user info or the query. */
function safeEndpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(unparsable URL)';
  }
}
