import type { TripKind } from '../trips/trip-id.codec';

/**
 * What a booking's change tells live subscribers (gateway/live): published on Redis pub/sub after the change
 * committed, so every gateway replica hears it, whichever process made the change.
 */
export interface LiveBookingUpdate {
  /** The webhook event that carried the change. */
  eventId: string;
  eventType: string;
  accountId: string;
  kind: TripKind;
  bookingId: string;
  /** The booking's own status after the change (as Trip.status gives it). */
  status: string;
  /** ISO time the change was recorded. */
  occurredAt: string;
}

/** The booking a webhook event is about, and its status after the change: given by the module that records the event. */
export interface LiveSubject {
  kind: TripKind;
  bookingId: string;
  status: string;
}

/** Every change of an account's bookings (myBookingUpdates). */
export function accountChannel(queuePrefix: string, accountId: string): string {
  return `${queuePrefix}:live:account:${accountId}`;
}

/** Every change of one booking (bookingUpdated), whoever watches it (its owner, or an administrator). */
export function bookingChannel(queuePrefix: string, kind: TripKind, bookingId: string): string {
  return `${queuePrefix}:live:booking:${kind}:${bookingId}`;
}

/** The update as a subscriber receives it, or null for anything that is not one (a foreign publisher on the channel). */
export function parseLiveUpdate(message: string): LiveBookingUpdate | null {
  try {
    const u = JSON.parse(message) as Partial<LiveBookingUpdate>;
    const ok = ['eventId', 'eventType', 'accountId', 'kind', 'bookingId', 'status', 'occurredAt'].every(
      (k) => typeof (u as Record<string, unknown>)[k] === 'string',
    );
    return ok ? (u as LiveBookingUpdate) : null;
  } catch {
    return null;
  }
}
