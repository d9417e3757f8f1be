import { isCalendarDate } from '../time/calendar-date.calculator';

/*
 * The one validator of a train search (OpenAPI `getTripTrainSearch`; GraphQL `trainSearch`). The REST layer checks the
 * query string with it before any GraphQL runs and the train subgraph checks the query's arguments with it, so both
 * answer the same code and fields. What needs data (a known station, one on the SGR line, two different ones) is the
 * subgraph's alone.
 */

/** The longest stop id or date text a search takes. */
export const TRAIN_SEARCH_MAX_LENGTH = 64;
/** How many later dates a search may check when the requested one has no train. */
export const LOOK_AHEAD_DAYS = ['1', '2', '3'] as const;

/** A search as sent: every member unchecked. */
export interface TrainSearchInput {
  from?: unknown;
  to?: unknown;
  date?: unknown;
  lookAheadDays?: unknown;
}

export interface TrainSearchParameters {
  from: string;
  to: string;
  date: string;
  lookAheadDays: 1 | 2 | 3 | null;
}

export interface SearchProblem {
  field: string;
  message: string;
}

/** The answer to a refused search: the spec's own code when from, to or date is missing, else BAD_REQUEST. */
export interface TrainSearchRefusal {
  errorCode: 'FROM_STOP_ID_REQUIRED' | 'BAD_REQUEST';
  message: string;
  fields: SearchProblem[];
}

const REQUIRED = ['from', 'to', 'date'] as const;

/** Every problem of a search at once (from, to, date, lookAheadDays); or the search, trimmed. */
export function checkTrainSearch(input: TrainSearchInput): { search: TrainSearchParameters } | { problems: SearchProblem[] } {
  const problems: SearchProblem[] = [];
  const text = (field: (typeof REQUIRED)[number]): string => {
    const value = input[field];
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!trimmed) problems.push({ field, message: 'is required' });
    else if (trimmed.length > TRAIN_SEARCH_MAX_LENGTH) problems.push({ field, message: `must be at most ${TRAIN_SEARCH_MAX_LENGTH} characters` });
    return trimmed;
  };
  const [from, to, date] = REQUIRED.map(text);
  if (date && !problems.some((p) => p.field === 'date') && !isCalendarDate(date))
    problems.push({ field: 'date', message: 'must be a real date in YYYY-MM-DD form' });
  const days = input.lookAheadDays;
  if (days !== undefined && days !== null && !LOOK_AHEAD_DAYS.includes(days as (typeof LOOK_AHEAD_DAYS)[number]))
    problems.push({ field: 'lookAheadDays', message: 'must be exactly 1, 2 or 3' });
  if (problems.length) return { problems };
  return { search: { from, to, date, lookAheadDays: days === undefined || days === null ? null : (Number(days) as 1 | 2 | 3) } };
}

/** A missing from, to or date is FROM_STOP_ID_REQUIRED naming only those; any other problem is BAD_REQUEST naming them all. */
export function trainSearchRefusal(problems: SearchProblem[]): TrainSearchRefusal {
  const missing = problems.filter((p) => (REQUIRED as readonly string[]).includes(p.field) && p.message === 'is required');
  if (missing.length)
    return {
      errorCode: 'FROM_STOP_ID_REQUIRED',
      message: `from, to and date are required (missing: ${missing.map((p) => p.field).join(', ')})`,
      fields: missing,
    };
  return { errorCode: 'BAD_REQUEST', message: problems.map((p) => `${p.field} ${p.message}`).join('; '), fields: problems };
}
