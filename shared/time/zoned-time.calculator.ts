/**
 * Wall-clock times in IANA zones without a date library: Intl knows every zone's rules, so a
 * local date and time can be turned into an instant and back. Used where a timetable is local
 * (bus stops in EAT and CAT) and the API answers ISO 8601 with the stop's own offset.
 */
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

export interface LocalDateTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** HH:mm in the zone. */
  time: string;
  /** Minutes east of UTC at that instant. */
  offsetMinutes: number;
  /** YYYY-MM-DDTHH:mm:ss±HH:MM */
  iso: string;
}

/** "+03:00", "-05:30": the ISO 8601 form of an offset. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Offsets by zone and quarter hour. Offsets and their transitions fall on whole quarter hours
 * in today's tz database, so within one UTC quarter hour the offset cannot change; Intl is the
 * slow part of a timetable, and a search asks for the same few zones and hours many times.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();

function offsetAt(at: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const parts = Object.fromEntries(
      formatter(timeZone)
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    const wallAsUtc = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
    offset = Math.round((wallAsUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
    if (offsetCache.size >= 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The local date, time and offset of an instant in a zone. */
export function localDateTime(at: Date, timeZone: string): LocalDateTime {
  const offsetMinutes = offsetAt(at, timeZone);
  const wall = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMinutes * 60_000).toISOString();
  const date = wall.slice(0, 10);
  const time = wall.slice(11, 16);
  return { date, time, offsetMinutes, iso: `${wall.slice(0, 19)}${formatOffset(offsetMinutes)}` };
}

/**
 * The instant a local wall-clock time happens in a zone: `minutes` after the local midnight of
 * `date` (may exceed a day, e.g. 1500 is 01:00 the next day). Two passes settle the offset
 * where it changes between the guess and the answer (DST); a skipped local time lands after
 * the gap.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  if (Number.isNaN(wall)) throw new RangeError(`"${date}" is not a YYYY-MM-DD date`);
  const first = wall - localDateTime(new Date(wall), timeZone).offsetMinutes * 60_000;
  return new Date(wall - localDateTime(new Date(first), timeZone).offsetMinutes * 60_000);
}

/** Minutes since midnight of an "HH:mm" time; throws on anything else. */
export function minutesOfDay(hhmm: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`"${hhmm}" is not an HH:mm time`);
  return Number(m[1]) * 60 + Number(m[2]);
}
