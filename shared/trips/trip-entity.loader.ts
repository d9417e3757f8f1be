import { isAdministrator } from '../auth/roles.types';
import type { RequestContext } from '../context/request.context';
import { decodeTripId, type TripKind } from './trip-id.codec';

/** How a booking module reads its own bookings for the trip entities it answers. */
export interface TripBookings<Booking extends { id: string; accountId: string }> {
  kind: TripKind;
  /** The bookings of these ids that exist, in any order: one query for the whole page. */
  byIds(ids: string[]): Promise<Booking[]>;
}

/**
 * The booking behind a trip's global id, for the subgraph that owns it (FlightBooking, TrainBooking entities): every id
 * of one request is one `byIds` call (the request's loader batches the gateway's single `_entities` call per page).
 * Null for an id of another kind, a booking that does not exist, or another account's, unless the caller is an
 * administrator: the list (admin subgraph) checked the owner, and the owner checks again.
 */
export async function tripBooking<Booking extends { id: string; accountId: string }>(
  req: RequestContext,
  id: string,
  bookings: TripBookings<Booking>,
): Promise<Booking | null> {
  const reference = decodeTripId(id);
  if (!reference || reference.kind !== bookings.kind) return null;
  const principal = await req.principal();
  const loader = req.loader<string, Booking | null>(`trips.${bookings.kind}`, async (ids) => {
    const byId = new Map((await bookings.byIds([...ids])).map((b) => [b.id, b]));
    return ids.map((bookingId) => byId.get(bookingId) ?? null);
  });
  const booking = await loader.load(reference.bookingId);
  if (!booking || (booking.accountId !== principal.accountId && !isAdministrator(principal.role))) return null;
  return booking;
}
