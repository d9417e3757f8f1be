import path from 'node:path';
import { EnvReader } from './env.reader';

/** The notification channels (email, SMS, WhatsApp, push), their local sink and delivery retries. */

export interface HttpChannelConfig {
  url: string;
  token: string | null;
}

export interface NotificationConfig {
  /** Where the local sinks keep messages for inspection: email/*.eml, sms|whatsapp|push/*.json. */
  sinkDir: string;
  /** nodemailer transport URL; null sends email to the local sink. */
  smtpUrl: string | null;
  mailFrom: string;
  sms: HttpChannelConfig | null;
  whatsapp: HttpChannelConfig | null;
  push: HttpChannelConfig | null;
  httpTimeoutMs: number;
  /** Attempts per delivery, with exponential backoff from backoffMs, before it is FAILED. */
  maxAttempts: number;
  backoffMs: number;
  /** An unpaid reservation's reminder goes out this long before its payment deadline. */
  reminderLeadSeconds: number;
}

export function readNotificationConfig(read: EnvReader, production: boolean, problems: string[]): NotificationConfig {
  const smtpUrl = read.optionalUrl('SMTP_URL', ['smtp:', 'smtps:']);
  const httpChannel = (prefix: string): HttpChannelConfig | null => {
    const url = read.optionalUrl(`${prefix}_API_URL`, ['http:', 'https:']);
    return url ? { url, token: read.optionalString(`${prefix}_API_TOKEN`) } : null;
  };
  const config: NotificationConfig = {
    sinkDir: path.resolve(read.string('NOTIFICATION_SINK_DIR', path.join('var', 'notifications'))),
    smtpUrl,
    mailFrom: read.string('MAIL_FROM', 'Safiri <no-reply@safiri.example>'),
    sms: httpChannel('SMS'),
    whatsapp: httpChannel('WHATSAPP'),
    push: httpChannel('PUSH'),
    httpTimeoutMs: read.integer('NOTIFICATION_HTTP_TIMEOUT_MS', 10_000, 100, 120_000),
    maxAttempts: read.integer('NOTIFICATION_MAX_ATTEMPTS', 6, 1, 50),
    backoffMs: read.integer('NOTIFICATION_BACKOFF_MS', 5_000, 1, 3_600_000),
    reminderLeadSeconds: read.integer('UNPAID_REMINDER_LEAD_SECONDS', 600, 1, 7 * 86_400),
  };
  // In production a channel left on the local sink would silently drop customer messages.
  if (production && read.oneOf('NOTIFICATION_SINK_ALLOWED', ['true', 'false'] as const, 'false') !== 'true') {
    const missing = [
      !config.smtpUrl && 'SMTP_URL',
      !config.sms && 'SMS_API_URL',
      !config.whatsapp && 'WHATSAPP_API_URL',
      !config.push && 'PUSH_API_URL',
    ].filter(Boolean);
    if (missing.length) {
      problems.push(
        `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required when NODE_ENV=production (or set NOTIFICATION_SINK_ALLOWED=true to keep messages in the local sink)`,
      );
    }
  }
  return config;
}
