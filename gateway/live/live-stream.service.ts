import { GraphQLError } from 'graphql';
import type { Principal } from '../../shared/auth/token.service';
import { accountChannel, bookingChannel, type LiveBookingUpdate } from '../../shared/live/live-update.contract';
import { decodeTripId, encodeTripId, type TripKind } from '../../shared/trips/trip-id.codec';
import type { LiveChannelHub } from './live-channel.hub';
import { LiveUpdateStream } from './live-update.stream';

/** One message of a live stream (the schema's BookingUpdate). */
export interface BookingUpdate {
  tripId: string;
  kind: TripKind;
  status: string;
  eventType: string | null;
  occurredAt: string;
}

/** A trip as node(id) answers it through the gateway, with the caller's token; null when the caller may not read it. */
export interface CurrentTrip {
  id: string;
  kind: TripKind;
  status: string;
  updatedAt: string;
}

/** What a subscription runs with: who subscribed, and how to read a trip as them. */
export type LiveContext = {
  principal: Principal;
  readTrip(id: string): Promise<CurrentTrip | null>;
};

/**
 * The streams of /graphql/stream. Each listens to its Redis channel before it reads anything, so no change can fall
 * between the state it starts with and the updates that follow; updates older than what a stream already sent are
 * dropped (the publish jobs of two quick changes may run out of order).
 */
export class LiveStreams {
  private readonly open = new Set<LiveUpdateStream<BookingUpdate>>();
  private closed = false;

  constructor(
    private readonly hub: LiveChannelHub,
    private readonly queuePrefix: string,
  ) {
    // Updates published while the subscriber was reconnecting are lost: every stream breaks off, and clients start again.
    hub.onConnectionLost(() => this.endAll(new Error('The live connection was interrupted: subscribe again')));
  }

  /** First the booking's current state, then each change; NOT_FOUND (and no stream) for a trip the caller may not read. */
  async bookingUpdated(context: LiveContext, id: string): Promise<AsyncIterable<BookingUpdate>> {
    const ref = decodeTripId(id);
    if (!ref) throw notFound(id);
    const watermark = { at: '' };
    const stream = await this.listen(bookingChannel(this.queuePrefix, ref.kind, ref.bookingId), watermark);
    try {
      const trip = await context.readTrip(id);
      if (!trip) throw notFound(id);
      const first: BookingUpdate = {
        tripId: trip.id,
        kind: trip.kind,
        status: trip.status,
        eventType: null,
        occurredAt: new Date(trip.updatedAt).toISOString(),
      };
      if (first.occurredAt > watermark.at) watermark.at = first.occurredAt;
      stream.start(first, (held) => held.occurredAt >= first.occurredAt);
      return stream;
    } catch (error) {
      stream.end();
      throw error;
    }
  }

  /** Every change of the caller's bookings from now on; it starts with no message (me.trips gives the current states). */
  async myBookingUpdates(context: LiveContext): Promise<AsyncIterable<BookingUpdate>> {
    const stream = await this.listen(accountChannel(this.queuePrefix, context.principal.accountId), { at: '' });
    stream.start(null);
    return stream;
  }

  get openCount(): number {
    return this.open.size;
  }

  /** Gateway shutdown: every stream completes, so no response holds the server open. */
  close(): void {
    this.closed = true;
    this.endAll();
  }

  private endAll(error?: Error): void {
    for (const stream of [...this.open]) stream.end(error);
  }

  /** `watermark.at`: the newest occurredAt the stream sent or starts with; older updates are dropped. */
  private async listen(channel: string, watermark: { at: string }): Promise<LiveUpdateStream<BookingUpdate>> {
    if (this.closed) throw new GraphQLError('The gateway is shutting down: subscribe again', { extensions: { code: 'SERVICE_UNAVAILABLE' } });
    let unlisten: () => Promise<void> = async () => undefined;
    const stream: LiveUpdateStream<BookingUpdate> = new LiveUpdateStream(async () => {
      this.open.delete(stream);
      await unlisten();
    });
    this.open.add(stream);
    try {
      unlisten = await this.hub.listen(channel, (update) => {
        const message = toBookingUpdate(update);
        if (message.occurredAt < watermark.at) return;
        watermark.at = message.occurredAt;
        stream.push(message);
      });
    } catch (error) {
      stream.end();
      throw error;
    }
    // The stream may have been ended while the subscribe was on its way (shutdown, disconnect).
    if (stream.ended) await unlisten();
    return stream;
  }
}

function toBookingUpdate(update: LiveBookingUpdate): BookingUpdate {
  return {
    tripId: encodeTripId(update.kind, update.bookingId),
    kind: update.kind,
    status: update.status,
    eventType: update.eventType,
    occurredAt: update.occurredAt,
  };
}

function notFound(id: string): GraphQLError {
  return new GraphQLError(`No trip with id ${JSON.stringify(id.slice(0, 128))} that you can read`, { extensions: { code: 'NOT_FOUND' } });
}
