import type { Cabin } from '../flight-supplier.port';

/** The simulator timetable's building blocks: one service, and a pair of airports flown both ways. */

/** One scheduled flight number in one direction. */
export interface Service {
  carrier: string;
  number: string;
  from: string;
  to: string;
  /** Local departure time at `from`, HH:mm. */
  departs: string;
  minutes: number;
  aircraft: string;
  cabins: Cabin[];
  /** Typical one-way adult economy base fare in USD; the day's fare varies around it. */
  fare: number;
  /** ISO weekdays (1 Monday … 7 Sunday) of departure; absent means daily. */
  days?: number[];
}

export const E: Cabin[] = ['ECONOMY'];
export const EB: Cabin[] = ['ECONOMY', 'BUSINESS'];
export const EPB: Cabin[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS'];
export const EBF: Cabin[] = ['ECONOMY', 'BUSINESS', 'FIRST'];

interface Pair {
  carrier: string;
  a: string;
  b: string;
  /** [flight number, local departure] from a to b, then from b to a. */
  ab: Array<[number, string]>;
  ba: Array<[number, string]>;
  minutes: number;
  /** Block time b→a when winds make it differ. */
  minutesBack?: number;
  aircraft: string;
  cabins: Cabin[];
  fare: number;
  days?: number[];
}

/** HH:mm of minutes after midnight. */
export function shuttleTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function pair(p: Pair): Service[] {
  const one = (from: string, to: string, flights: Array<[number, string]>, minutes: number): Service[] =>
    flights.map(([n, departs]) => ({
      carrier: p.carrier,
      number: String(n),
      from,
      to,
      departs,
      minutes,
      aircraft: p.aircraft,
      cabins: p.cabins,
      fare: p.fare,
      ...(p.days ? { days: p.days } : {}),
    }));
  return [...one(p.a, p.b, p.ab, p.minutes), ...one(p.b, p.a, p.ba, p.minutesBack ?? p.minutes)];
}
