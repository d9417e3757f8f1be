/** The vocabulary of customer notifications, shared by every booking kind. */

export const NOTIFICATION_CHANNELS = ['EMAIL', 'SMS', 'WHATSAPP', 'PUSH'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * What a message is about. The rules group them: TICKET is the final ticket confirmation;
 * RESERVATION, RESERVATION_REMINDER and RESERVATION_CANCELLATION are the non-confirmation
 * booking messages; TRIP_* are trip updates; ACCOUNT_CREATION is the service-account welcome;
 * WEBHOOK_ENDPOINT_DISABLED tells an account's holder that one of its webhook endpoints was turned off.
 */
export const MESSAGE_TYPES = [
  'TICKET',
  'RESERVATION',
  'RESERVATION_REMINDER',
  'RESERVATION_CANCELLATION',
  'TRIP_DELAY',
  'TRIP_CANCELLATION',
  'TRIP_UPDATE',
  'ACCOUNT_CREATION',
  'WEBHOOK_ENDPOINT_DISABLED',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The booking kind of messages about an account itself (its holder the only recipient; subgraphs/admin loads it). */
export const ACCOUNT_NOTIFICATION_KIND = 'account';

/** The spec's notification preferences; absent means true. */
export interface NotificationPreferences {
  ticketPurchase?: boolean | null;
  allOtherTripNotification?: boolean | null;
  serviceAccountCreation?: boolean | null;
}

/** Who made the booking, which decides what the customer may be told. */
export const BOOKING_USER_TYPES = ['CUSTOMER', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT'] as const;
export type BookingUserType = (typeof BOOKING_USER_TYPES)[number];

/** Where the booking stands when the message is about to go out. */
export const BOOKING_STATES = ['RESERVED', 'PAID', 'ISSUED', 'CANCELLED', 'EXPIRED'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export type Language = 'en' | 'sw';

export interface NotificationRecipient {
  /** Stable within the booking (e.g. "buyer", "passenger:2"): part of the delivery's idempotency key. */
  key: string;
  role: 'BUYER' | 'PASSENGER' | 'ACCOUNT_HOLDER';
  name: string;
  email?: string | null;
  /** E.164. */
  phone?: string | null;
  pushToken?: string | null;
}

/** One line of the journey as the customer reads it, already in local time. */
export interface JourneyLine {
  description: string;
  departure: string;
  arrival?: string | null;
}

/** What the worker needs to decide, render and address a message; loaded fresh at send time. */
export interface NotificationBooking {
  kind: string;
  id: string;
  reference: string;
  bookingUserType: BookingUserType;
  state: BookingState;
  paymentDeadline: Date | null;
  preferences: NotificationPreferences;
  language: Language;
  recipients: NotificationRecipient[];
  journey: JourneyLine[];
  /** Display amount, e.g. "TZS 120,000". */
  total?: string | null;
  /** Free text for trip updates (new departure time, reason). */
  updateText?: string | null;
}

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where bookings of one kind come from. Each booking subgraph registers one; the worker calls it
 * with ids from the job payload, so personal data never travels through Redis.
 */
export interface NotificationBookingSource {
  kind: string;
  load(bookingId: string): Promise<NotificationBooking | null>;
  /** Documents attached to a message for this recipient, e.g. ticket PDFs. */
  attachments?(booking: NotificationBooking, recipient: NotificationRecipient, messageType: MessageType): Promise<MessageAttachment[]>;
  /**
   * For the retention purge: the bookings among these that are over, so none can cause another automatic message and
   * its deduplication key no longer matters: in a final state, unchanged since `before`, and (when it travels) with
   * every trip before `before`. A booking not found counts as over. A kind without this keeps its notifications.
   */
  finishedBookings?(bookingIds: string[], before: Date): Promise<Set<string>>;
}
