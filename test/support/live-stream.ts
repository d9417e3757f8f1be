import type { Client } from 'graphql-sse';

/** One message of a live stream, as the schema's BookingUpdate has it. */
export interface BookingUpdate {
  tripId: string;
  kind: string;
  status: string;
  eventType: string | null;
  occurredAt: string;
}

export const BOOKING_UPDATED = 'subscription Watch($id: ID!) { bookingUpdated(id: $id) { tripId kind status eventType occurredAt } }';
export const MY_UPDATES = 'subscription Mine { myBookingUpdates { tripId kind status eventType occurredAt } }';
export const MY_TRIPS = '{ me { trips(first: 10) { edges { node { id kind paymentReference } } } } }';

/** A subscription's messages and errors as they arrive; `done` resolves when the stream ends (or fails for good). */
export interface CollectedStream {
  messages: BookingUpdate[];
  errors: string[];
  done: Promise<void>;
  stop(): void;
}

/** Subscribes with graphql-sse's client and keeps every message of the one subscription. */
export function collectUpdates(client: Client, query: string, variables: Record<string, unknown> = {}): CollectedStream {
  const messages: BookingUpdate[] = [];
  const errors: string[] = [];
  let stop = () => undefined as void;
  const done = new Promise<void>((resolve) => {
    stop = client.subscribe<Record<string, BookingUpdate>>(
      { query, variables },
      {
        next: (m) => {
          if (m.data) messages.push(Object.values(m.data)[0]);
          if (m.errors) errors.push(...m.errors.map((e) => `${(e.extensions as { code?: string } | undefined)?.code ?? ''} ${e.message}`));
        },
        error: (e) => {
          errors.push(e instanceof Error ? e.message : JSON.stringify(e));
          resolve();
        },
        complete: resolve,
      },
    );
  });
  return { messages, errors, done, stop: () => stop() };
}

/** The global id of the caller's trip paid under `paymentReference`, from the first page of me.trips. */
export async function tripIdOf(baseUrl: string, token: string, paymentReference: string): Promise<string> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: MY_TRIPS }),
  });
  const body = (await res.json()) as { data: { me: { trips: { edges: Array<{ node: { id: string; paymentReference: string } }> } } } };
  const edge = body.data.me.trips.edges.find((e) => e.node.paymentReference === paymentReference);
  if (!edge) throw new Error(`no trip paid under ${paymentReference} on the first page of me.trips`);
  return edge.node.id;
}
