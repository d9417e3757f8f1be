import { addDays, compareDates } from '../../../shared/time/calendar-date.calculator';
import { localDateTime } from '../../../shared/time/zoned-time.calculator';
import { BusSearchException } from '../../../shared/api-contract/bus-search.exception';
import { checkBusSearch, type BusSearchInput, type BusSearchProblem } from '../../../shared/api-contract/bus-search.validator';
import type { BusStopRecord } from '../services/bus-stop.service';

export type BusSearchQuery = BusSearchInput;

export interface BusSearch {
  from: BusStopRecord;
  to: BusStopRecord;
  date: string;
}

/** How far back a search is answered (trips then show hasLeftOrigin) and how far ahead timetables are published. */
export const SEARCH_DAYS_BACK = 7;
export const SEARCH_DAYS_AHEAD = 365;

/**
 * The values first (shared/api-contract/bus-search.validator.ts, the check the REST layer runs too), so REST and
 * GraphQL answer the same problems; then what needs the stop list: unknown stops, the date window, from equal to to.
 */
export function validateBusSearch(query: BusSearchQuery, stopById: (stopId: string) => BusStopRecord | undefined, now: Date): BusSearch {
  const checked = checkBusSearch(query);
  if ('problems' in checked) throw BusSearchException.of(checked.problems);
  const { date } = checked.search;
  const problems: BusSearchProblem[] = [];
  const stops: Partial<Record<'from' | 'to', BusStopRecord>> = {};
  for (const field of ['from', 'to'] as const) {
    const id = checked.search[field];
    if (!(stops[field] = stopById(id))) problems.push({ field, kind: 'unknown', message: `"${id}" is not in the bus stop list` });
  }
  if (stops.from) {
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
  return { from: stops.from!, to: stops.to!, date };
}
