import type { HttpChannelConfig } from '../../config/platform.config';
import type { NotificationChannel } from '../notification.types';
import { ChannelSendError, type ChannelAdapter, type OutgoingMessage, type SendReceipt } from './channel.port';

export type HttpMessageChannelKind = Exclude<NotificationChannel, 'EMAIL'>;

const ERROR_TEXT_LIMIT = 200;
// Statuses that say "not now" rather than "never".
const RETRYABLE_STATUSES = new Set([408, 425, 429]);

/**
 * SMS, WhatsApp and push through an HTTP provider (or our own gateway in front of one): one JSON
 * POST per message. The Idempotency-Key header lets the provider collapse repeats, hence
 * dedupesByKey.
 */
export class HttpMessageChannel implements ChannelAdapter {
  readonly provider = 'http';
  readonly dedupesByKey = true;

  constructor(
    readonly channel: HttpMessageChannelKind,
    private readonly config: HttpChannelConfig,
    private readonly timeoutMs: number,
  ) {}

  async send(message: OutgoingMessage): Promise<SendReceipt> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': message.idempotencyKey,
    };
    if (this.config.token) headers.Authorization = `Bearer ${this.config.token}`;
    const body = {
      channel: message.channel,
      to: message.to,
      ...(this.channel === 'PUSH' && message.subject ? { title: message.subject } : {}),
      text: message.text,
      attachments: message.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })),
    };

    let status: number;
    let responseText: string;
    try {
      const response = await fetch(this.config.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        // A POST silently turned into a GET by a 301/302 would look delivered; treat redirects as failures.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      responseText = await response.text();
    } catch (error) {
      throw new ChannelSendError(this.redact(this.describeNetworkError(error)), false);
    }

    if (status >= 200 && status < 300) {
      return { providerMessageId: providerId(parseJson(responseText)) ?? message.idempotencyKey };
    }
    const prefix = `${this.channel} provider answered HTTP ${status}`;
    // Redacted before it is cut short, so no fragment of the token survives at the cut.
    const safeText = this.redact(responseText);
    const parsed = parseJson(safeText);
    const detail = errorText(parsed, safeText);
    const withDetail = detail ? `${prefix}: ${detail}` : prefix;
    if (RETRYABLE_STATUSES.has(status) || status >= 500 || status < 400) {
      throw new ChannelSendError(withDetail, false);
    }
    // A 4xx that is not the provider's JSON most likely comes from a proxy or gateway in between,
    // not from a verdict on this message: worth another attempt.
    if (parsed === undefined) throw new ChannelSendError(`${withDetail} (unparsable body)`, false);
    throw new ChannelSendError(withDetail, true);
  }

  private describeNetworkError(error: unknown): string {
    const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
      return `${this.channel} provider did not answer within ${this.timeoutMs} ms`;
    }
    const reason = err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(error);
    return `${this.channel} provider request failed: ${reason}`;
  }

  /** The token must never reach a log, even when a provider echoes the request back. */
  private redact(text: string): string {
    const token = this.config.token;
    return token ? text.split(token).join('***') : text;
  }
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function providerId(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  for (const field of ['id', 'messageId'] as const) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** The provider's own words, at most ERROR_TEXT_LIMIT characters on one line. */
function errorText(parsed: unknown, raw: string): string {
  let text = raw;
  if (parsed && typeof parsed === 'object') {
    const body = parsed as { error?: unknown; message?: unknown };
    const nested = body.error && typeof body.error === 'object' ? (body.error as { message?: unknown }).message : undefined;
    const candidate = [body.error, nested, body.message].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    text = candidate ?? raw;
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, ERROR_TEXT_LIMIT);
}
