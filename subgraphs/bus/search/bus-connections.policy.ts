import { addDays } from '../../../shared/time/calendar-date.calculator';
import { minutesOfDay } from '../../../shared/time/zoned-time.calculator';
import type { StopCall } from '../services/bus-timetable.calculator';

/** A change of bus needs this long at the hub (walk, luggage, a late first bus). */
export const MIN_TRANSFER_MINUTES = 45;
/** A same-day wait longer than this is no connection anyone would book. */
export const MAX_TRANSFER_MINUTES = 6 * 60;
/** An evening arrival (from this local time) may wait for the next morning's bus ... */
export const OVERNIGHT_ARRIVAL_FROM = '18:00';
/** ... leaving before this local time the next day. */
export const OVERNIGHT_DEPARTURE_BEFORE = '10:00';

/**
 * Minutes of a transfer at a hub from an arriving call to a departing one, or null when the
 * pair is no sensible connection: at least 45 minutes, at most 6 hours, or a night at the hub
 * (evening arrival, departure the next morning).
 */
export function transferMinutes(arrival: StopCall, departure: StopCall): number | null {
  const minutes = Math.round((departure.departureAt.getTime() - arrival.arrivalAt.getTime()) / 60_000);
  if (minutes < MIN_TRANSFER_MINUTES) return null;
  if (minutes <= MAX_TRANSFER_MINUTES) return minutes;
  const overnight =
    minutesOfDay(arrival.arrival.time) >= minutesOfDay(OVERNIGHT_ARRIVAL_FROM) &&
    departure.departure.date === addDays(arrival.arrival.date, 1) &&
    minutesOfDay(departure.departure.time) < minutesOfDay(OVERNIGHT_DEPARTURE_BEFORE);
  return overnight ? minutes : null;
}
