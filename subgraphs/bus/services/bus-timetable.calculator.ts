import { pick } from '../../../shared/simulation/deterministic-hash.calculator';
import { addDays, daysBetween } from '../../../shared/time/calendar-date.calculator';
import { localDateTime, minutesOfDay, zonedInstant, type LocalDateTime } from '../../../shared/time/zoned-time.calculator';
import type { BusStopRecord } from './bus-stop.service';
import type { BusPattern, BusVehicleRecord } from './bus-network.service';

/** A dated trip's call at one stop, in that stop's own zone. */
export interface StopCall {
  stop: BusStopRecord;
  sequence: number;
  arrival: LocalDateTime;
  departure: LocalDateTime;
  arrivalAt: Date;
  departureAt: Date;
  /** Calendar days after the service date, counted in the stop's zone. */
  arrivalDays: number;
  departureDays: number;
}

export interface DatedTrip {
  id: string;
  frequencyId: string;
  pattern: BusPattern;
  /** The date the trip leaves its first stop, local there. */
  serviceDate: string;
  vehicle: BusVehicleRecord;
  calls: StopCall[];
  canceled: boolean;
}

/** Day of the month on which every route's first departure of the day in each direction is cancelled (sandbox trigger). */
export const CANCELLATION_DAY = 13;
/** Besides that day, about one trip in this many is cancelled, chosen by hash. */
const RANDOM_CANCELLATION_ONE_IN = 40;

export function isCanceled(frequencyId: string, frequencyIndex: number, serviceDate: string): boolean {
  if (frequencyIndex === 0 && Number(serviceDate.slice(8, 10)) === CANCELLATION_DAY) return true;
  return pick(RANDOM_CANCELLATION_ONE_IN, frequencyId, serviceDate) === 0;
}

/** One departure of a pattern on a service date, with every call's local times. */
export function datedTrip(pattern: BusPattern, frequencyIndex: number, serviceDate: string): DatedTrip {
  const departure = pattern.departures[frequencyIndex];
  const frequencyId = `${pattern.tripsId}:${departure.replace(':', '')}`;
  const start = zonedInstant(serviceDate, minutesOfDay(departure), pattern.stops[0].stop.stopTimezone).getTime();
  const calls = pattern.stops.map((s, sequence): StopCall => {
    const arrivalAt = new Date(start + s.arrive * 60_000);
    const departureAt = new Date(start + s.depart * 60_000);
    const arrival = localDateTime(arrivalAt, s.stop.stopTimezone);
    const departureLocal = localDateTime(departureAt, s.stop.stopTimezone);
    return {
      stop: s.stop,
      sequence,
      arrival,
      departure: departureLocal,
      arrivalAt,
      departureAt,
      arrivalDays: daysBetween(serviceDate, arrival.date),
      departureDays: daysBetween(serviceDate, departureLocal.date),
    };
  });
  const vehicles = pattern.route.vehicles;
  return {
    id: `${frequencyId}:${serviceDate}`,
    frequencyId,
    pattern,
    serviceDate,
    vehicle: vehicles[frequencyIndex % vehicles.length],
    calls,
    canceled: isCanceled(frequencyId, frequencyIndex, serviceDate),
  };
}

/**
 * The trips of a pattern leaving stop `fromIndex` on a local calendar date there. A trip may
 * have started a day or more earlier (an overnight bus met half way), so service dates back
 * to the longest running time are tried, and one later for a stop behind the origin's zone.
 */
export function tripsDepartingOn(pattern: BusPattern, fromIndex: number, date: string): DatedTrip[] {
  const daysBack = Math.floor(pattern.stops[fromIndex].depart / 1440) + 1;
  const out: DatedTrip[] = [];
  for (let back = daysBack; back >= -1; back -= 1) {
    const serviceDate = addDays(date, -back);
    pattern.departures.forEach((departure, i) => {
      // Only the boarding call decides; the whole trip is worked out for the ones that match.
      const start = zonedInstant(serviceDate, minutesOfDay(departure), pattern.stops[0].stop.stopTimezone).getTime();
      const boarding = new Date(start + pattern.stops[fromIndex].depart * 60_000);
      if (localDateTime(boarding, pattern.stops[fromIndex].stop.stopTimezone).date === date) out.push(datedTrip(pattern, i, serviceDate));
    });
  }
  return out.sort((a, b) => a.calls[fromIndex].departureAt.getTime() - b.calls[fromIndex].departureAt.getTime());
}
