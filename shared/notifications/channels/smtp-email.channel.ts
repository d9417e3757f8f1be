import { createTransport, type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { ChannelSendError, type ChannelAdapter, type OutgoingMessage, type SendReceipt } from './channel.port';

export interface SmtpEmailOptions {
  /** nodemailer transport URL, e.g. smtp://user:pass@host:587 or smtps://host:465?pool=true. */
  smtpUrl: string;
  mailFrom: string;
  /** Connection and greeting timeout; the idle socket timeout is a multiple of it. */
  timeoutMs: number;
}

const MESSAGE_ID_DOMAIN = 'safiri.notifications';

/**
 * The Message-ID for a delivery: `<key@safiri.notifications>`. Characters that may not appear
 * in a msg-id (RFC 5322 dot-atom) are percent-encoded, so distinct keys keep distinct ids;
 * mailbox providers may collapse messages sharing one.
 */
export function messageIdFor(idempotencyKey: string): string {
  const local = Array.from(idempotencyKey, (ch) =>
    /^[A-Za-z0-9_+=-]$/.test(ch) ? ch : Array.from(Buffer.from(ch, 'utf8'), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  ).join('');
  return `<${local}@${MESSAGE_ID_DOMAIN}>`;
}

/** The nodemailer message for an outgoing email: the same for SMTP and for the sink's .eml files. */
export function mailOptionsFor(message: OutgoingMessage, from: string, date?: Date): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject ?? '',
    text: message.text,
    html: message.html,
    ...(date ? { date } : {}),
    messageId: messageIdFor(message.idempotencyKey),
    attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

/** The idempotency key back from a Message-ID made by messageIdFor, or null for any other id. */
export function idempotencyKeyFromMessageId(messageId: string): string | null {
  const match = /^<([^@>]+)@safiri\.notifications>$/.exec(messageId.trim());
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

// Codes nodemailer and node:net give when the server could not be reached or went silent.
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Email over SMTP with nodemailer. It cannot collapse repeated sends (dedupesByKey false), but
 * every send of one delivery carries the same Message-ID, which lets mail systems and humans
 * recognise a repeat.
 */
export class SmtpEmailChannel implements ChannelAdapter {
  readonly channel = 'EMAIL' as const;
  readonly provider = 'smtp';
  readonly dedupesByKey = false;
  private readonly transport: Transporter;
  private readonly mailFrom: string;

  constructor(options: SmtpEmailOptions) {
    this.mailFrom = options.mailFrom;
    // createTransport(url) would drop the timeouts, so the transport is built from url + options;
    // values in the URL's query still win, as they do in nodemailer.
    const transportOptions = {
      url: options.smtpUrl,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      dnsTimeout: options.timeoutMs,
      // Idle time between socket events; the reply to DATA can be slow while the server scans attachments.
      socketTimeout: options.timeoutMs * 3,
    };
    const pooled = new URL(options.smtpUrl).searchParams.get('pool') === 'true';
    this.transport = pooled ? createTransport(new SMTPPool({ ...transportOptions, pool: true })) : createTransport(new SMTPTransport(transportOptions));
  }

  async send(message: OutgoingMessage): Promise<SendReceipt> {
    try {
      const info = (await this.transport.sendMail(mailOptionsFor(message, this.mailFrom))) as { messageId: string };
      return { providerMessageId: info.messageId };
    } catch (error) {
      throw classifySmtpError(error);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** 5xx replies are final; 4xx replies, lost connections and timeouts may succeed later. */
export function classifySmtpError(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  const err = (error ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown };
  const message = `SMTP send failed: ${String(err.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 300)}`;
  const responseCode = typeof err.responseCode === 'number' ? err.responseCode : null;
  if (responseCode !== null && responseCode >= 500) return new ChannelSendError(message, true);
  if (responseCode !== null && responseCode >= 400) return new ChannelSendError(message, false);
  const code = typeof err.code === 'string' ? err.code : '';
  if (CONNECTION_CODES.has(code)) return new ChannelSendError(message, false);
  // Without a server reply, EENVELOPE means the addresses themselves are unusable.
  if (code === 'EENVELOPE') return new ChannelSendError(message, true);
  return new ChannelSendError(message, false);
}
