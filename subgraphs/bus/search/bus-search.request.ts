import { AppError } from '../../../shared/errors/app-error';
import { addDays, compareDates, isCalendarDate } from '../../../shared/time/calendar-date';
import { localDateTime } from '../../../shared/time/zoned-time';
import type { BusStopRecord } from '../services/bus-stop.service';

export interface FieldProblem {
  field: 'from' | 'to' | 'date';
  message: string;
}

/**
 * The bus domain's coded errors for search input. Every problem is listed in data.fields[];
 * the code names the most basic one: missing (FROM_STOP_ID_REQUIRED, as the train search),
 * then malformed (BAD_REQUEST), then a well-formed stop id that is not in the stop list
 * (UNKNOWN_STOP_ID, 400: the query is wrong, the path exists).
 */
export class BusSearchException extends AppError {
  static of(problems: Array<FieldProblem & { kind: 'missing' | 'malformed' | 'unknown' }>): BusSearchException {
    const code = problems.some((p) => p.kind === 'missing')
      ? 'FROM_STOP_ID_REQUIRED'
      : problems.some((p) => p.kind === 'malformed')
        ? 'BAD_REQUEST'
        : 'UNKNOWN_STOP_ID';
    const message = problems.map((p) => `${p.field} ${p.message}`).join('; ');
    return new BusSearchException(code, 400, message, { fields: problems.map(({ field, message: m }) => ({ field, message: m })) });
  }
}

export interface BusSearchQuery {
  from?: string | null;
  to?: string | null;
  date?: string | null;
}

export interface BusSearch {
  from: BusStopRecord;
  to: BusStopRecord;
  date: string;
}

const STOP_ID = /^[A-Z][A-Z0-9_]*:RGN:\d+$/;
/** How far back a search is answered (trips then show hasLeftOrigin) and how far ahead timetables are published. */
export const SEARCH_DAYS_BACK = 7;
export const SEARCH_DAYS_AHEAD = 365;

export function validateBusSearch(query: BusSearchQuery, stopById: (stopId: string) => BusStopRecord | undefined, now: Date): BusSearch {
  const problems: Array<FieldProblem & { kind: 'missing' | 'malformed' | 'unknown' }> = [];
  const stops: Partial<Record<'from' | 'to', BusStopRecord>> = {};
  for (const field of ['from', 'to'] as const) {
    const id = query[field]?.trim();
    if (!id) problems.push({ field, kind: 'missing', message: 'is required' });
    else if (!STOP_ID.test(id)) problems.push({ field, kind: 'malformed', message: `"${id}" is not a bus stop id of the form <CITY>:RGN:0` });
    else if (!(stops[field] = stopById(id))) problems.push({ field, kind: 'unknown', message: `"${id}" is not in the bus stop list` });
  }
  const date = query.date?.trim();
  if (!date) problems.push({ field: 'date', kind: 'missing', message: 'is required' });
  else if (!isCalendarDate(date)) problems.push({ field: 'date', kind: 'malformed', message: `"${date}" is not a real date in YYYY-MM-DD form` });
  else if (stops.from) {
    // The window is counted in the origin's own calendar, never UTC's.
    const today = localDateTime(now, stops.from.stopTimezone).date;
    if (compareDates(date, addDays(today, -SEARCH_DAYS_BACK)) < 0 || compareDates(date, addDays(today, SEARCH_DAYS_AHEAD)) > 0) {
      problems.push({
        field: 'date',
        kind: 'malformed',
        message: `must be between ${addDays(today, -SEARCH_DAYS_BACK)} and ${addDays(today, SEARCH_DAYS_AHEAD)}`,
      });
    }
  }
  if (stops.from && stops.to && stops.from.stopId === stops.to.stopId) problems.push({ field: 'to', kind: 'malformed', message: 'must differ from from' });
  if (problems.length) throw BusSearchException.of(problems);
  return { from: stops.from!, to: stops.to!, date: date! };
}
