import type {
  BookingState,
  BookingUserType,
  MessageType,
  NotificationBooking,
  NotificationChannel,
  NotificationPreferences,
  NotificationRecipient,
} from './notification.types';

/**
 * Every decision about whether a customer is told something, in one pure module. The spec's
 * rules (docs/decisions.md "Customer notifications": preferences, third-party agent bookings) are rows of
 * the tables below; the worker applies them when a notification is planned and again right
 * before each send, so a booking paid or cancelled in between is never messaged wrongly.
 */

export type SuppressionReason =
  | 'THIRD_PARTY_AGENT_BOOKING'
  | 'TICKET_PURCHASE_DISABLED'
  | 'TRIP_NOTIFICATIONS_DISABLED'
  | 'ACCOUNT_CREATION_DISABLED'
  | 'BOOKING_NOT_ISSUED'
  | 'BOOKING_PAID'
  | 'BOOKING_CANCELLED'
  | 'BOOKING_EXPIRED'
  | 'BOOKING_NOT_CANCELLED'
  | 'PAYMENT_DEADLINE_PASSED';

export type Decision = { send: true } | { send: false; reason: SuppressionReason };

/** AUTOMATIC: a side effect of a booking event. MANUAL: staff resending (send-notification). */
export type NotificationTrigger = 'AUTOMATIC' | 'MANUAL';

export interface DecisionInput {
  messageType: MessageType;
  bookingUserType: BookingUserType;
  preferences: NotificationPreferences;
  state: BookingState;
  paymentDeadline: Date | null;
  now: Date;
  trigger: NotificationTrigger;
}

/** SERVICE: about the account's integration, not a trip; no preference turns it off. */
type Category = 'FINAL_TICKET' | 'BOOKING_UPDATE' | 'ACCOUNT' | 'SERVICE';

/** Which preference governs a message type, and whether it is the final ticket confirmation. */
const CATEGORY: Record<MessageType, Category> = {
  TICKET: 'FINAL_TICKET',
  RESERVATION: 'BOOKING_UPDATE',
  RESERVATION_REMINDER: 'BOOKING_UPDATE',
  RESERVATION_CANCELLATION: 'BOOKING_UPDATE',
  TRIP_DELAY: 'BOOKING_UPDATE',
  TRIP_CANCELLATION: 'BOOKING_UPDATE',
  TRIP_UPDATE: 'BOOKING_UPDATE',
  ACCOUNT_CREATION: 'ACCOUNT',
  WEBHOOK_ENDPOINT_DISABLED: 'SERVICE',
};

/** The booking states in which an automatic message of each type still makes sense. */
const STATE_GUARD: Partial<Record<MessageType, Partial<Record<BookingState, SuppressionReason>>>> = {
  TICKET: { RESERVED: 'BOOKING_NOT_ISSUED', PAID: 'BOOKING_NOT_ISSUED', CANCELLED: 'BOOKING_CANCELLED', EXPIRED: 'BOOKING_EXPIRED' },
  RESERVATION: { PAID: 'BOOKING_PAID', ISSUED: 'BOOKING_PAID', CANCELLED: 'BOOKING_CANCELLED', EXPIRED: 'BOOKING_EXPIRED' },
  RESERVATION_REMINDER: { PAID: 'BOOKING_PAID', ISSUED: 'BOOKING_PAID', CANCELLED: 'BOOKING_CANCELLED', EXPIRED: 'BOOKING_EXPIRED' },
  RESERVATION_CANCELLATION: { RESERVED: 'BOOKING_NOT_CANCELLED', PAID: 'BOOKING_NOT_CANCELLED', ISSUED: 'BOOKING_NOT_CANCELLED' },
};

/** Absent preferences are true (the spec: "all default true"). */
function enabled(value: boolean | null | undefined): boolean {
  return value !== false;
}

export function decideNotification(input: DecisionInput): Decision {
  const category = CATEGORY[input.messageType];
  if (!category) throw new Error(`unknown message type ${input.messageType}`);

  // Third-party agent bookings: only the final ticket, whatever the flags say.
  if (input.bookingUserType === 'THIRD_PARTY_AGENT' && category !== 'FINAL_TICKET') {
    return { send: false, reason: 'THIRD_PARTY_AGENT_BOOKING' };
  }
  if (category === 'FINAL_TICKET' && !enabled(input.preferences.ticketPurchase)) {
    return { send: false, reason: 'TICKET_PURCHASE_DISABLED' };
  }
  if (category === 'BOOKING_UPDATE' && !enabled(input.preferences.allOtherTripNotification)) {
    return { send: false, reason: 'TRIP_NOTIFICATIONS_DISABLED' };
  }
  if (category === 'ACCOUNT' && !enabled(input.preferences.serviceAccountCreation)) {
    return { send: false, reason: 'ACCOUNT_CREATION_DISABLED' };
  }

  // Staff resends are checked by the resend endpoint itself; only the preferences above bind them.
  if (input.trigger === 'MANUAL') return { send: true };

  const stateReason = STATE_GUARD[input.messageType]?.[input.state];
  if (stateReason) return { send: false, reason: stateReason };
  if (input.messageType === 'RESERVATION_REMINDER' && (!input.paymentDeadline || input.now.getTime() >= input.paymentDeadline.getTime())) {
    return { send: false, reason: 'PAYMENT_DEADLINE_PASSED' };
  }
  return { send: true };
}

/** The decision for a stored request about a freshly loaded booking. */
export function decideFor(
  request: { messageType: MessageType; trigger: NotificationTrigger },
  booking: Pick<NotificationBooking, 'bookingUserType' | 'preferences' | 'state' | 'paymentDeadline'>,
  now: Date,
): Decision {
  return decideNotification({
    messageType: request.messageType,
    bookingUserType: booking.bookingUserType,
    preferences: booking.preferences,
    state: booking.state,
    paymentDeadline: booking.paymentDeadline,
    now,
    trigger: request.trigger,
  });
}

/** The channels a message goes out on when the request names none. */
export const DEFAULT_CHANNELS: Record<MessageType, readonly NotificationChannel[]> = {
  TICKET: ['EMAIL', 'WHATSAPP', 'PUSH'],
  RESERVATION: ['EMAIL', 'SMS', 'PUSH'],
  RESERVATION_REMINDER: ['SMS', 'EMAIL', 'PUSH'],
  RESERVATION_CANCELLATION: ['EMAIL', 'SMS', 'PUSH'],
  TRIP_DELAY: ['SMS', 'EMAIL', 'PUSH'],
  TRIP_CANCELLATION: ['SMS', 'EMAIL', 'PUSH'],
  TRIP_UPDATE: ['SMS', 'EMAIL', 'PUSH'],
  ACCOUNT_CREATION: ['EMAIL'],
  WEBHOOK_ENDPOINT_DISABLED: ['EMAIL'],
};

/** The ticket PDF travels with the final ticket message on the channels that carry files. */
export function attachesTicketDocument(messageType: MessageType, channel: NotificationChannel): boolean {
  return messageType === 'TICKET' && (channel === 'EMAIL' || channel === 'WHATSAPP');
}

export function addressFor(recipient: NotificationRecipient, channel: NotificationChannel): string | null {
  const address = channel === 'EMAIL' ? recipient.email : channel === 'PUSH' ? recipient.pushToken : recipient.phone;
  return address && address.trim() ? address.trim() : null;
}

export interface PlannedDelivery {
  channel: NotificationChannel;
  recipient: NotificationRecipient;
  address: string;
}

/**
 * Who gets which message. On a third-party agent booking the buyer is the agent's own account,
 * so only passengers are addressed (train spec: WhatsApp "goes only to passengers"). A recipient
 * without an address for a channel is skipped on it; one address gets one message per channel.
 */
export function planDeliveries(
  booking: Pick<NotificationBooking, 'bookingUserType' | 'recipients'>,
  channels: readonly NotificationChannel[],
  recipientKeys?: readonly string[] | null,
): PlannedDelivery[] {
  const recipients = booking.recipients.filter(
    (r) => (booking.bookingUserType !== 'THIRD_PARTY_AGENT' || r.role === 'PASSENGER') && (!recipientKeys?.length || recipientKeys.includes(r.key)),
  );
  const planned: PlannedDelivery[] = [];
  for (const channel of channels) {
    const seen = new Set<string>();
    for (const recipient of recipients) {
      const address = addressFor(recipient, channel);
      if (!address || seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      planned.push({ channel, recipient, address });
    }
  }
  return planned;
}

/**
 * When the unpaid-reservation reminder goes out: `leadSeconds` before the deadline, or halfway
 * to it when the window is shorter than the lead; none when less than a minute remains.
 */
export function reminderTime(now: Date, deadline: Date, leadSeconds: number): Date | null {
  const remaining = deadline.getTime() - now.getTime();
  if (remaining < 60_000) return null;
  const atLead = deadline.getTime() - leadSeconds * 1000;
  return new Date(atLead > now.getTime() ? atLead : now.getTime() + Math.floor(remaining / 2));
}
