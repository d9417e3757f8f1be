/// <reference lib="dom" />
import { createClient, type Client } from 'graphql-sse';

/** One message of bookingUpdated (the stream's own schema, /graphql/stream; not in the gateway's client schema). */
export interface BookingUpdate {
  tripId: string;
  kind: string;
  status: string;
  eventType: string | null;
  occurredAt: string;
}

const BOOKING_UPDATED = 'subscription BookingUpdated($id: ID!) { bookingUpdated(id: $id) { tripId kind status eventType occurredAt } }';

/** graphql-sse's own client on the gateway's stream, with the same bearer token as /graphql. */
export function liveClient(api: string, token: string): Client {
  return createClient({ url: `${api}/graphql/stream`, headers: { authorization: `Bearer ${token}` } });
}

/** Calls `onUpdate` with the trip's current status, then with each change, until the returned function is called. */
export function watchBooking(client: Client, tripId: string, onUpdate: (update: BookingUpdate) => void, onError: (message: string) => void): () => void {
  return client.subscribe<{ bookingUpdated: BookingUpdate }>(
    { query: BOOKING_UPDATED, variables: { id: tripId } },
    {
      next: (message) => {
        if (message.data) onUpdate(message.data.bookingUpdated);
        if (message.errors?.length) onError(message.errors.map((e) => e.message).join('; '));
      },
      error: (error) => onError(error instanceof Error ? error.message : JSON.stringify(error)),
      complete: () => undefined,
    },
  );
}
