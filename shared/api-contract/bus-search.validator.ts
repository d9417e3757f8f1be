import { isCalendarDate } from '../time/calendar-date.calculator';

/*
 * The one check of a bus search's values that needs no data (OpenAPI `getTripSearch`, GraphQL `busSearch`): the REST
 * layer runs it on the query string before any GraphQL runs and the bus subgraph on the arguments, so both answer the
 * same code and fields in the same words. What needs the stop list (an unknown stop, the date window counted in the
 * origin's zone, from equal to to) is the subgraph's alone, checked once these pass.
 */

/** The longest value each parameter may hold; the REST document states the same numbers. */
export const BUS_SEARCH_MAX_LENGTH = { from: 64, to: 64, date: 32 } as const;

/** A bus stop id: `<CITY>:RGN:<n>`, as the bus stop list spells it. */
export const BUS_STOP_ID_PATTERN = '^[A-Z][A-Z0-9_]*:RGN:\\d+$';
const STOP_ID = new RegExp(BUS_STOP_ID_PATTERN);

/** What is wrong, most basic first: the error code names the most basic kind present (bus-search.exception.ts). */
export type BusSearchProblemKind = 'missing' | 'malformed' | 'unknown';

export interface BusSearchProblem {
  field: 'from' | 'to' | 'date';
  message: string;
  kind: BusSearchProblemKind;
}

/** The parameters as sent; absent, null and blank are alike. */
export interface BusSearchInput {
  from?: string | null;
  to?: string | null;
  date?: string | null;
}

/** Trimmed, well-formed parameters: stop ids still to be found in the stop list. */
export interface BusSearchParameters {
  from: string;
  to: string;
  date: string;
}

/** Every problem of the parameters at once, in parameter order; or the parameters, trimmed. */
export function checkBusSearch(input: BusSearchInput): { search: BusSearchParameters } | { problems: BusSearchProblem[] } {
  const problems: BusSearchProblem[] = [];
  const text = (field: BusSearchProblem['field']): string | null => {
    const value = input[field]?.trim();
    if (!value) problems.push({ field, kind: 'missing', message: 'is required' });
    else if (input[field]!.length > BUS_SEARCH_MAX_LENGTH[field])
      problems.push({ field, kind: 'malformed', message: `must be at most ${BUS_SEARCH_MAX_LENGTH[field]} characters` });
    else return value;
    return null;
  };
  const stop = (field: 'from' | 'to'): string | null => {
    const id = text(field);
    if (id !== null && !STOP_ID.test(id)) problems.push({ field, kind: 'malformed', message: `"${id}" is not a bus stop id of the form <CITY>:RGN:0` });
    return id;
  };
  const from = stop('from');
  const to = stop('to');
  const date = text('date');
  if (date !== null && !isCalendarDate(date)) problems.push({ field: 'date', kind: 'malformed', message: `"${date}" is not a real date in YYYY-MM-DD form` });
  return problems.length ? { problems } : { search: { from: from!, to: to!, date: date! } };
}
