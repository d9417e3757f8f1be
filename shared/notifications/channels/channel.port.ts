import type { MessageAttachment, NotificationChannel } from '../notification.types';

/** A message ready for one channel and one address. */
export interface OutgoingMessage {
  channel: NotificationChannel;
  /** Email address, E.164 phone number or push token. */
  to: string;
  /** Email only. */
  subject?: string;
  text: string;
  /** Email only. */
  html?: string;
  attachments: MessageAttachment[];
  /**
   * The delivery id. Sending twice with the same key must deliver once where the channel
   * can promise it (see `dedupesByKey`).
   */
  idempotencyKey: string;
}

export interface SendReceipt {
  providerMessageId: string;
}

/**
 * One way of reaching a customer. Implementations throw ChannelSendError; anything else
 * thrown is treated as transient.
 */
export interface ChannelAdapter {
  readonly channel: NotificationChannel;
  /** Short name for the log: "smtp", "sink", "http". */
  readonly provider: string;
  /**
   * True when a second send with the same idempotency key is collapsed into the first (the
   * sinks, HTTP providers given an Idempotency-Key). False for SMTP: a send interrupted
   * after the server may have accepted it is not repeated, it is logged as UNCERTAIN.
   */
  readonly dedupesByKey: boolean;
  send(message: OutgoingMessage): Promise<SendReceipt>;
  close?(): Promise<void>;
}

/** A failed send. Permanent failures are not retried; transient ones back off and retry. */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}
