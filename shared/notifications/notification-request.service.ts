import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Clock } from '../time/clock.port';
import type { Outbox } from '../queue/outbox.service';
import type { NotificationConfig } from '../config/platform.config';
import { NotificationDeliveryRepository } from './notification-delivery.repository';
import { NotificationTrigger, reminderTime } from './notification.policy';
import { BookingUserType, MESSAGE_TYPES, MessageType, NOTIFICATION_CHANNELS, NotificationChannel } from './notification.types';

export const NOTIFICATIONS_QUEUE = 'notifications';
export const DISPATCH_JOB = 'dispatch';
export const DELIVER_JOB = 'deliver';

/** The dispatch job's payload: ids and names only, never an address or a passenger name. */
export interface DispatchPayload {
  notificationId: string;
  bookingKind: string;
  bookingId: string;
  messageType: MessageType;
}

export interface NotifyRequest {
  bookingKind: string;
  bookingId: string;
  messageType: MessageType;
  /** Defaults to the message type's channels (DEFAULT_CHANNELS). */
  channels?: NotificationChannel[];
  /** Only these recipients of the booking (e.g. one passenger); default everyone the rules allow. */
  recipientKeys?: string[];
  trigger?: NotificationTrigger;
  /**
   * Makes the request idempotent: a second request with the same key is the first one. Defaults
   * to kind:booking:type for automatic messages (one ticket message per booking, however often
   * the issuing step is replayed) and to a fresh key for staff resends. Trip updates pass the
   * update's own id.
   */
  dedupeKey?: string;
  notBefore?: Date;
}

export interface NotifyReceipt {
  notificationId: string;
  /** False when the dedupe key was already used: nothing new was queued. */
  created: boolean;
}

/**
 * The one way a booking flow asks for a customer message. It writes the request and its
 * outbox row in the caller's transaction, so the message goes out if and only if the booking
 * change commits, and nothing about sending can fail or slow that transaction.
 */
export class NotificationRequester {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly config: Pick<NotificationConfig, 'reminderLeadSeconds'>,
  ) {}

  async request(manager: EntityManager, request: NotifyRequest): Promise<NotifyReceipt> {
    validate(request);
    const trigger = request.trigger ?? 'AUTOMATIC';
    const dedupeKey =
      request.dedupeKey ?? (trigger === 'AUTOMATIC' ? `${request.bookingKind}:${request.bookingId}:${request.messageType}` : `manual:${randomUUID()}`);
    const now = this.clock.now();
    const id = randomUUID();
    const notifications = new NotificationDeliveryRepository(manager.connection);
    const created = await notifications.insertRequest(manager, {
      id,
      dedupeKey,
      bookingKind: request.bookingKind,
      bookingId: request.bookingId,
      bookingReference: null,
      messageType: request.messageType,
      trigger,
      channels: request.channels?.length ? [...new Set(request.channels)].join(',') : null,
      recipientKeys: request.recipientKeys?.length ? request.recipientKeys.join(',') : null,
      status: 'PENDING',
      reason: null,
      notBefore: request.notBefore ?? now,
      createdAt: now,
      plannedAt: null,
    });
    if (!created) {
      const existing = await notifications.requestByDedupeKey(manager, dedupeKey);
      return { notificationId: existing.id, created: false };
    }
    const payload: DispatchPayload = {
      notificationId: id,
      bookingKind: request.bookingKind,
      bookingId: request.bookingId,
      messageType: request.messageType,
    };
    await this.outbox.enqueue(manager, { queue: NOTIFICATIONS_QUEUE, name: DISPATCH_JOB, payload, notBefore: request.notBefore });
    return { notificationId: id, created: true };
  }

  /**
   * Schedules the one unpaid-reservation reminder. None for third-party agent bookings, none
   * when the window is too short; payment or cancellation before it fires suppresses it then.
   */
  async scheduleUnpaidReminder(
    manager: EntityManager,
    reservation: { bookingKind: string; bookingId: string; bookingUserType: BookingUserType; paymentDeadline: Date },
  ): Promise<NotifyReceipt | null> {
    if (reservation.bookingUserType === 'THIRD_PARTY_AGENT') return null;
    const at = reminderTime(this.clock.now(), reservation.paymentDeadline, this.config.reminderLeadSeconds);
    if (!at) return null;
    return this.request(manager, {
      bookingKind: reservation.bookingKind,
      bookingId: reservation.bookingId,
      messageType: 'RESERVATION_REMINDER',
      notBefore: at,
    });
  }
}

function validate(request: NotifyRequest): void {
  if (!MESSAGE_TYPES.includes(request.messageType)) throw new Error(`unknown message type ${request.messageType}`);
  for (const channel of request.channels ?? []) {
    if (!NOTIFICATION_CHANNELS.includes(channel)) throw new Error(`unknown notification channel ${channel}`);
  }
  if (!request.bookingKind || !request.bookingId) throw new Error('a notification needs a booking kind and id');
}
