import { AirportService } from '../../services/airport.service';

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(timeZone: string, utcMs: number): { date: string; time: string; asUtcMs: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return { date, time, asUtcMs: Date.parse(`${date}T${time}Z`) };
}

/** The instant of a local wall-clock time at the airport (zone rules, so DST in Europe and Egypt is right). */
export function localToUtc(iata: string, date: string, hhmm: string): number {
  const { timeZone } = airport(iata);
  const wall = Date.parse(`${date}T${hhmm}:00Z`);
  const firstGuess = wall - (wallClock(timeZone, wall).asUtcMs - wall);
  return wall - (wallClock(timeZone, firstGuess).asUtcMs - firstGuess);
}

/** YYYY-MM-DDTHH:mm:ss at the airport, without zone, as GDSs give times. */
export function utcToLocal(iata: string, utcMs: number): string {
  const { date, time } = wallClock(airport(iata).timeZone, utcMs);
  return `${date}T${time}`;
}

export function localDate(iata: string, utcMs: number): string {
  return wallClock(airport(iata).timeZone, utcMs).date;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

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
