import type { JourneyLine, Language, MessageType, NotificationBooking, NotificationChannel, NotificationRecipient } from '../notification.types';
import { BRAND_NAME, EMAIL_FOOTER, MESSAGE_TEMPLATES, type MessageTemplate, type TemplatePlaceholder } from './message-templates.data';

export interface RenderMessageInput {
  booking: NotificationBooking;
  recipient: NotificationRecipient;
  messageType: MessageType;
  channel: NotificationChannel;
  /** Defaults to the current time; only the email footer's year depends on it. */
  now?: Date;
}

export interface RenderedMessage {
  subject?: string;
  text: string;
  html?: string;
}

/** Customers read times in East Africa Time whatever zone the server runs in. */
export const CUSTOMER_TIME_ZONE = 'Africa/Dar_es_Salaam';

const DEADLINE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: CUSTOMER_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "22 Nov 2026, 14:30 EAT". Built from parts so the ICU locale data cannot change the shape. */
export function formatDeadline(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes): string => DEADLINE_FORMAT.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} EAT`;
}

type Values = Partial<Record<TemplatePlaceholder, string>>;
type Escape = (s: string) => string;

const OPTIONAL_SEGMENT = /\[\[([\s\S]*?)\]\]/g;
const PLACEHOLDER = /\{(\w+)\}/g;
const PLACEHOLDER_SPLIT = /(\{\w+\})/;

const identity: Escape = (s) => s;

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function valueOf(values: Values, name: string): string | undefined {
  const v = (values as Record<string, string | undefined>)[name];
  return v !== undefined && v !== '' ? v : undefined;
}

function canFill(segment: string, values: Values): boolean {
  return [...segment.matchAll(PLACEHOLDER)].every((m) => valueOf(values, m[1]) !== undefined);
}

/**
 * Fills one template string. Literal text and values are escaped separately so a value can
 * never be mistaken for a placeholder or markup; a missing required value becomes empty.
 */
function fill(template: string, values: Values, escape: Escape): string {
  const resolved = template.replace(OPTIONAL_SEGMENT, (_, body: string) => {
    const choice = body.split('||').find((alternative) => canFill(alternative, values));
    return choice ?? '';
  });
  const filled = resolved
    .split(PLACEHOLDER_SPLIT)
    .map((piece, i) => (i % 2 === 1 ? escape(valueOf(values, piece.slice(1, -1)) ?? '') : escape(piece)))
    .join('');
  // Dropped segments leave doubled or trailing spaces behind.
  return filled
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trim())
    .join('\n')
    .trim();
}

function journeyLine(line: JourneyLine, arrow: string): string {
  const times = line.arrival ? `${line.departure} ${arrow} ${line.arrival}` : line.departure;
  return [line.description, times].filter((s) => s && s.trim() !== '').join(', ');
}

function languageOf(booking: NotificationBooking): Language {
  return booking.language === 'sw' ? 'sw' : 'en';
}

function templateFor(messageType: MessageType, language: Language): MessageTemplate {
  if (!Object.prototype.hasOwnProperty.call(MESSAGE_TEMPLATES, messageType)) {
    throw new Error(`No message template for message type "${String(messageType)}"`);
  }
  return MESSAGE_TEMPLATES[messageType][language];
}

function baseValues(input: RenderMessageInput, template: MessageTemplate): Values {
  const { booking, recipient } = input;
  const deadline = booking.paymentDeadline;
  const hasDeadline = deadline instanceof Date && !Number.isNaN(deadline.getTime());
  return {
    name: recipient.name?.trim() || undefined,
    reference: booking.reference,
    deadline: hasDeadline ? formatDeadline(deadline) : undefined,
    total: booking.total?.trim() || undefined,
    update: booking.updateText?.trim() || template.updateFallback,
  };
}

function journeyOf(booking: NotificationBooking, arrow: string, separator: string): string | undefined {
  const lines = (booking.journey ?? []).map((line) => journeyLine(line, arrow)).filter((s) => s !== '');
  return lines.length > 0 ? lines.join(separator) : undefined;
}

function yearInEat(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: CUSTOMER_TIME_ZONE, year: 'numeric' }).format(now);
}

function renderEmail(input: RenderMessageInput, template: MessageTemplate, language: Language): RenderedMessage {
  const values: Values = { ...baseValues(input, template), journey: journeyOf(input.booking, '→', '\n') };
  const subject = fill(template.emailSubject, values, identity);
  const paragraphs = template.emailBody.map((p) => ({ text: fill(p, values, identity), html: fill(p, values, escapeHtml) })).filter((p) => p.text !== '');
  const footer = `${EMAIL_FOOTER[language]}\n© ${yearInEat(input.now ?? new Date())} ${BRAND_NAME}`;

  const text = [...paragraphs.map((p) => p.text), footer].join('\n\n');

  const pStyle = 'margin:0 0 16px 0;font-size:15px;line-height:1.5;color:#1f2933;';
  const footerStyle = 'margin:24px 0 0 0;padding-top:12px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#7b8794;';
  const br = (s: string): string => s.replace(/\n/g, '<br>');
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f5f7fa;">',
    '<div style="max-width:600px;margin:0 auto;padding:24px;background-color:#ffffff;font-family:Arial,Helvetica,sans-serif;">',
    `<div style="margin:0 0 24px 0;font-size:24px;font-weight:bold;color:#0b6e4f;">${escapeHtml(BRAND_NAME)}</div>`,
    ...paragraphs.map((p) => `<p style="${pStyle}">${br(p.html)}</p>`),
    `<p style="${footerStyle}">${br(escapeHtml(footer))}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

  return { subject, text, html };
}

/** Renders one message for one recipient on one channel, in the booking's language. */
export function renderMessage(input: RenderMessageInput): RenderedMessage {
  const language = languageOf(input.booking);
  const template = templateFor(input.messageType, language);

  switch (input.channel) {
    case 'EMAIL':
      return renderEmail(input, template, language);
    case 'SMS': {
      // "→" is outside the GSM-7 alphabet and would switch the whole SMS to UCS-2 (70 characters a part).
      const values: Values = { ...baseValues(input, template), journey: journeyOf(input.booking, '-', '; ') };
      return { text: fill(template.shortText, values, identity) };
    }
    case 'WHATSAPP':
    case 'PUSH': {
      const values: Values = { ...baseValues(input, template), journey: journeyOf(input.booking, '→', '; ') };
      const text = fill(template.shortText, values, identity);
      return input.channel === 'PUSH' ? { subject: fill(template.pushTitle, values, identity), text } : { text };
    }
    default:
      throw new Error(`Unknown notification channel "${String(input.channel)}"`);
  }
}
