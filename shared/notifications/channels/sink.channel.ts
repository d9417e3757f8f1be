/**
 * The local sink: where a channel's messages go when no provider is configured. Messages are
 * kept for inspection under `<sinkDir>/<channel>/`: email as RFC 822 `.eml` files any mail
 * client opens, SMS, WhatsApp and push as `.json` files. One file per idempotency key, so a
 * repeated send delivers once. Files are named `<key, unsafe characters as _>.<hash>.eml|json`;
 * readSink() lists them with their keys.
 *
 * Sandbox triggers, deterministic, by recipient:
 *
 * - Permanent failure ("recipient rejected by sandbox provider"): an email address at the domain
 *   `reject.sandbox`, a phone number (SMS, WhatsApp) ending in `0400`, a push token starting
 *   with `reject-`. Nothing is written.
 * - Transient failure once: an email address at `flaky.sandbox`, a phone number ending in
 *   `0503`, a push token starting with `flaky-`. The first send of an idempotency key fails
 *   transiently; later sends of that key succeed and write the message.
 *
 * The flaky trigger remembers the failed attempt in a `<name>.attempted` marker file next to the
 * messages; delete it to make the key fail once more.
 */
import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { NotificationChannel } from '../notification.types';
import { ChannelSendError, type ChannelAdapter, type OutgoingMessage, type SendReceipt } from './channel.port';
import { idempotencyKeyFromMessageId, mailOptionsFor } from './smtp-email.channel';

export interface SinkOptions {
  sinkDir: string;
  /** From address written into `.eml` files. */
  mailFrom: string;
}

export interface SinkEntry {
  file: string;
  key: string;
  content: string;
}

const REJECT = { domain: 'reject.sandbox', phoneSuffix: '0400', tokenPrefix: 'reject-' };
const FLAKY = { domain: 'flaky.sandbox', phoneSuffix: '0503', tokenPrefix: 'flaky-' };

export class SinkChannel implements ChannelAdapter {
  readonly provider = 'sink';
  readonly dedupesByKey = true;
  private readonly dir: string;
  private readonly mailFrom: string;
  private readonly mailer: Transporter | null;

  constructor(
    readonly channel: NotificationChannel,
    options: SinkOptions,
  ) {
    this.dir = sinkDirectory(options.sinkDir, channel);
    this.mailFrom = options.mailFrom;
    this.mailer = channel === 'EMAIL' ? createTransport({ streamTransport: true, buffer: true }) : null;
  }

  async send(message: OutgoingMessage): Promise<SendReceipt> {
    const receipt = { providerMessageId: `sink-${message.idempotencyKey}` };
    if (matchesTrigger(this.channel, message.to, REJECT)) {
      throw new ChannelSendError('recipient rejected by sandbox provider', true);
    }
    await fs.mkdir(this.dir, { recursive: true });
    const base = fileBase(message.idempotencyKey);
    const finalPath = path.join(this.dir, `${base}${this.extension()}`);
    if (await exists(finalPath)) return receipt;
    if (matchesTrigger(this.channel, message.to, FLAKY) && (await firstAttempt(path.join(this.dir, `${base}.attempted`)))) {
      throw new ChannelSendError('sandbox provider temporarily unavailable (flaky trigger, first attempt)', false);
    }
    const content = await this.render(message);
    // Written aside and linked into place: link fails if the name exists, so concurrent sends of
    // one key leave exactly one complete file and never a half-written one.
    const tempPath = path.join(this.dir, `.${base}.${randomUUID()}.tmp`);
    try {
      await fs.writeFile(tempPath, content);
      await fs.link(tempPath, finalPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    } finally {
      await fs.rm(tempPath, { force: true });
    }
    return receipt;
  }

  async close(): Promise<void> {
    this.mailer?.close();
  }

  private extension(): string {
    return this.channel === 'EMAIL' ? '.eml' : '.json';
  }

  private async render(message: OutgoingMessage): Promise<Buffer | string> {
    const sentAt = new Date();
    if (this.mailer) {
      const info = (await this.mailer.sendMail(mailOptionsFor(message, this.mailFrom, sentAt))) as { message: Buffer };
      return info.message;
    }
    const record = {
      channel: message.channel,
      to: message.to,
      ...(message.channel === 'PUSH' && message.subject ? { title: message.subject } : {}),
      text: message.text,
      attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.length })),
      idempotencyKey: message.idempotencyKey,
      sentAt: sentAt.toISOString(),
    };
    return `${JSON.stringify(record, null, 2)}\n`;
  }
}

/** The messages a sink holds for one channel, oldest first; markers and temp files are left out. */
export async function readSink(sinkDir: string, channel: NotificationChannel): Promise<SinkEntry[]> {
  const dir = sinkDirectory(sinkDir, channel);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const extension = channel === 'EMAIL' ? '.eml' : '.json';
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith(extension) && !name.startsWith('.'))
      .map(async (name) => {
        const file = path.join(dir, name);
        const [content, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
        return { file, key: keyOf(content, extension), content, mtime: stat.mtimeMs };
      }),
  );
  return entries.sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file)).map(({ file, key, content }) => ({ file, key, content }));
}

export function sinkDirectory(sinkDir: string, channel: NotificationChannel): string {
  return path.join(sinkDir, channel.toLowerCase());
}

/**
 * A readable, filesystem-safe name for a key. The hash keeps distinct keys apart after
 * sanitising, truncation and on case-insensitive filesystems.
 */
function fileBase(idempotencyKey: string): string {
  const readable = idempotencyKey.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 100);
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 12);
  return `${readable}.${hash}`;
}

function keyOf(content: string, extension: string): string {
  if (extension === '.json') return String((JSON.parse(content) as { idempotencyKey?: unknown }).idempotencyKey ?? '');
  const headers = content.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const header = /^message-id:\s*(.+)$/im.exec(headers);
  return (header && idempotencyKeyFromMessageId(header[1])) ?? '';
}

function matchesTrigger(channel: NotificationChannel, to: string, trigger: typeof REJECT): boolean {
  switch (channel) {
    case 'EMAIL': {
      const address = (/<([^>]*)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
      return address.slice(address.lastIndexOf('@') + 1) === trigger.domain;
    }
    case 'SMS':
    case 'WHATSAPP':
      return to.replace(/\D/g, '').endsWith(trigger.phoneSuffix);
    case 'PUSH':
      return to.startsWith(trigger.tokenPrefix);
  }
}

/** Creates the marker; true when this call created it, i.e. this is the key's first attempt. */
async function firstAttempt(markerPath: string): Promise<boolean> {
  try {
    await fs.writeFile(markerPath, `${new Date().toISOString()}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
