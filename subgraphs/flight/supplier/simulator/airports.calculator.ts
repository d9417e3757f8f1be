import { AirportService } from '../../services/airport.service';
import { addDays, daysBetween } from '../../../../shared/time/calendar-date.calculator';
import { localDateTime, minutesOfDay, zonedInstant } from '../../../../shared/time/zoned-time.calculator';

/** Where an airport is: its IANA zone (local times) and country (domestic or international taxes). */
interface AirportInfo {
  timeZone: string;
  countryCode: string;
}

// The platform's airport catalogue (Open Travel Data), so the simulator and the airport pickers agree.
const airports = new AirportService();

/** Terminals where an airport has more than one and the carriers use a known one. */
const TERMINALS: Record<string, string> = { DAR: '3', NBO: '1A', ADD: '2', DXB: '3', LHR: '4', JNB: 'A', CAI: '3' };

export function airport(iata: string): AirportInfo {
  const timeZone = airports.byIata(iata)?.stopTimezone;
  const countryCode = airports.countryOf(iata);
  if (!timeZone || !countryCode) throw new Error(`airport ${iata} is not in the airport catalogue`);
  return { timeZone, countryCode };
}

export function isKnownAirport(iata: string): boolean {
  return airports.byIata(iata) !== undefined;
}

export function terminal(iata: string): string | null {
  return TERMINALS[iata] ?? null;
}

/** The instant of a local wall-clock time at the airport (zone rules, so DST in Europe and Egypt is right). */
export function localToUtc(iata: string, date: string, hhmm: string): number {
  return zonedInstant(date, minutesOfDay(hhmm), airport(iata).timeZone).getTime();
}

/** YYYY-MM-DDTHH:mm:ss at the airport, without zone, as GDSs give times. */
export function utcToLocal(iata: string, utcMs: number): string {
  return localDateTime(new Date(utcMs), airport(iata).timeZone).iso.slice(0, 19);
}

export function localDate(iata: string, utcMs: number): string {
  return localDateTime(new Date(utcMs), airport(iata).timeZone).date;
}

export { addDays, daysBetween };

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** ISO 8601 duration in hours and minutes, e.g. PT1H25M, PT9H, PT45M. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}
