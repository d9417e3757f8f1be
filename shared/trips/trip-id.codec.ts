/**
 * Global ids of trips (Relay global object identification): one opaque id per booking, whatever its kind, that
 * `node(id)`, `bookingUpdated(id)`, wallet entries and the REST twins all take. The id is the base64url of
 * `<TypeName>:<bookingId>` (FlightBooking, TrainBooking), so the owner of a booking is known without a lookup, and an id of one kind can never be
 * read as another's.
 */
export type TripKind = 'FLIGHT' | 'TRAIN' | 'BUS';

/** The GraphQL object type of each kind's trips. */
export const TRIP_TYPE_NAMES: Readonly<Record<TripKind, string>> = { FLIGHT: 'FlightBooking', TRAIN: 'TrainBooking', BUS: 'BusBooking' };

const KIND_OF_TYPE_NAME = new Map(Object.entries(TRIP_TYPE_NAMES).map(([kind, typeName]) => [typeName, kind as TripKind]));

/** Longest global id accepted: a uuid booking id gives 60 characters. */
export const TRIP_ID_MAX_LENGTH = 128;

export interface TripReference {
  kind: TripKind;
  /** The booking's own id in its subgraph (flight or train reservation id). */
  bookingId: string;
}

export function encodeTripId(kind: TripKind, bookingId: string): string {
  return Buffer.from(`${TRIP_TYPE_NAMES[kind]}:${bookingId}`, 'utf8').toString('base64url');
}

/** The kind and booking id of a global id, or null when it is not one (any other text, too long, unknown type). */
export function decodeTripId(id: string): TripReference | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > TRIP_ID_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const kind = KIND_OF_TYPE_NAME.get(text.slice(0, colon));
  const bookingId = text.slice(colon + 1);
  if (!kind || !/^[0-9a-f-]{36}$/.test(bookingId)) return null;
  // Only the canonical spelling is an id: another base64 spelling of the same text is not.
  return encodeTripId(kind, bookingId) === id ? { kind, bookingId } : null;
}

/** A trip as the lists that hold it answer it (trips, node, wallet entries): its type and global id; the gateway resolves the rest. */
export function tripReference(kind: TripKind, bookingId: string): { __typename: string; id: string } {
  return { __typename: TRIP_TYPE_NAMES[kind], id: encodeTripId(kind, bookingId) };
}
