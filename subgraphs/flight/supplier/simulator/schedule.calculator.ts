import type { Cabin } from '../flight-supplier.port';
import { addDays, isoWeekday, localToUtc, utcToLocal } from './airports.calculator';
import { pick } from './hash.calculator';
import { CONNECTION_HUBS, MAX_CONNECTION_MINUTES, MIN_CONNECTION_MINUTES, SERVICES } from './routes.data';
import type { Service } from './timetable-pair.builder';

/** One service operated on one local date. */
export interface ScheduledFlight {
  service: Service;
  /** Local departure date at the origin. */
  date: string;
  departureUtc: number;
  arrivalUtc: number;
  /** Local wall-clock times, YYYY-MM-DDTHH:mm:ss. */
  departureAt: string;
  arrivalAt: string;
}

const byPair = new Map<string, Service[]>();
const byFlightNumber = new Map<string, Service>();
for (const s of SERVICES) {
  const key = `${s.from}-${s.to}`;
  byPair.set(key, [...(byPair.get(key) ?? []), s]);
  byFlightNumber.set(`${s.carrier}${s.number}`, s);
}

/** True when the timetable has a nonstop service from→to on any day. */
export function servesPair(from: string, to: string): boolean {
  return byPair.has(`${from}-${to}`);
}

function operate(service: Service, date: string): ScheduledFlight {
  const departureUtc = localToUtc(service.from, date, service.departs);
  const arrivalUtc = departureUtc + service.minutes * 60_000;
  return {
    service,
    date,
    departureUtc,
    arrivalUtc,
    departureAt: utcToLocal(service.from, departureUtc),
    arrivalAt: utcToLocal(service.to, arrivalUtc),
  };
}

function operatesOn(service: Service, date: string): boolean {
  return !service.days || service.days.includes(isoWeekday(date));
}

/** Nonstop flights from→to departing on the local date, earliest first. */
export function flightsOn(from: string, to: string, date: string): ScheduledFlight[] {
  return (byPair.get(`${from}-${to}`) ?? [])
    .filter((s) => operatesOn(s, date))
    .map((s) => operate(s, date))
    .sort((x, y) => x.departureUtc - y.departureUtc || x.service.number.localeCompare(y.service.number));
}

/** The flight carrier+number on that local departure date, if it operates then. */
export function findFlight(carrier: string, number: string, date: string): ScheduledFlight | null {
  const service = byFlightNumber.get(`${carrier}${number}`);
  return service && operatesOn(service, date) ? operate(service, date) : null;
}

/**
 * Itineraries from→to leaving on the date: the nonstop flights when the pair is served at all (so a route
 * flown on some weekdays has empty dates), otherwise one-stop connections through a hub.
 */
export function itinerariesOn(from: string, to: string, date: string, nonStop: boolean): ScheduledFlight[][] {
  if (servesPair(from, to)) return flightsOn(from, to, date).map((f) => [f]);
  if (nonStop) return [];
  const out: ScheduledFlight[][] = [];
  for (const hub of CONNECTION_HUBS) {
    if (hub === from || hub === to || !servesPair(from, hub) || !servesPair(hub, to)) continue;
    const onward = [...flightsOn(hub, to, date), ...flightsOn(hub, to, addDays(date, 1))];
    for (const first of flightsOn(from, hub, date)) {
      for (const second of onward) {
        const minutes = (second.departureUtc - first.arrivalUtc) / 60_000;
        if (minutes >= MIN_CONNECTION_MINUTES && minutes <= MAX_CONNECTION_MINUTES) out.push([first, second]);
      }
    }
  }
  return out;
}

/** Cabins offered on every flight of the itinerary. */
export function commonCabins(flights: ScheduledFlight[]): Cabin[] {
  return flights.reduce<Cabin[]>((cabins, f) => cabins.filter((c) => f.service.cabins.includes(c)), [...flights[0].service.cabins]);
}

const SEAT_RANGE: Record<Cabin, [number, number]> = {
  ECONOMY: [4, 24],
  PREMIUM_ECONOMY: [2, 8],
  BUSINESS: [2, 8],
  FIRST: [1, 4],
};

/** Seats the cabin had for sale on that flight before any simulator booking. */
export function initialSeats(flight: ScheduledFlight, cabin: Cabin): number {
  const [min, max] = SEAT_RANGE[cabin];
  return min + pick(max - min + 1, 'seats', flightKey(flight), cabin);
}

/** Identifies one flight on one date, e.g. KQ481@2027-03-02. */
export function flightKey(flight: ScheduledFlight): string {
  return `${flight.service.carrier}${flight.service.number}@${flight.date}`;
}
