/**
 * Calendar dates as the spec uses them: `YYYY-MM-DD` strings, local to a place, never moved
 * through a time zone. Arithmetic works on the y/m/d fields only.
 */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** Days after (or before, if negative) a calendar date; the UTC epoch is only a day counter here. */
export function addDays(date: string, days: number): string {
  const m = PATTERN.exec(date);
  if (!m) throw new RangeError(`"${date}" is not a YYYY-MM-DD date`);
  const probe = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return probe.toISOString().slice(0, 10);
}

/** Negative, zero or positive like a comparator; YYYY-MM-DD compares correctly as text. */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs about 100 µs, formatting with
 * one about 3 µs. Bounded by the time zones the platform names (its stations' and airports' zones);
 * past the bound a zone gets a formatter of its own each call rather than growing the map.
 */
export const MAX_DATE_FORMATTERS = 1000;
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The shared en-CA (YYYY-MM-DD) date formatter of a time zone. */
export function dateFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dateFormatters.size < MAX_DATE_FORMATTERS) dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How many time zones have a shared formatter (for the bound's test). */
export function dateFormatterCount(): number {
  return dateFormatters.size;
}

/** The calendar date it is now in an IANA time zone. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = dateFormatterFor(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whole years between a birth date and a date (the age on that date). */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const day = (date: string) => {
    const m = PATTERN.exec(date);
    if (!m) throw new RangeError(`"${date}" is not a YYYY-MM-DD date`);
    return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
  };
  return day(to) - day(from);
}
