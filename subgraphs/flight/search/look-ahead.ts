import { addDays } from '../../../shared/time/calendar-date';
import type { DatePair } from './flight-search.request';

/**
 * flight.md "availability" and "lookAhead": when the requested dates have no offers, later
 * date pairs are checked and the earliest one that is confirmed to have offers is suggested.
 * A candidate can only be suggested when every earlier candidate was confirmed empty: if an
 * earlier one failed, we cannot know it was not the earliest, so the answer is INCOMPLETE.
 */

export type CandidateOutcome = 'FOUND' | 'EMPTY' | 'FAILED';

export interface Availability {
  status: 'RESULTS_FOUND' | 'NO_RESULTS';
  requested: DatePair;
  lookAhead: {
    requestedDays: number;
    status: 'NOT_NEEDED' | 'FOUND' | 'NO_RESULTS' | 'INCOMPLETE';
    firstChecked: DatePair | null;
    confirmedThrough: DatePair | null;
  };
  next: DatePair | null;
}

/** The candidates: both dates shifted by 1..days; a one-way candidate has only a departure. */
export function lookAheadCandidates(requested: DatePair, days: number): DatePair[] {
  return Array.from({ length: days }, (_, i) =>
    requested.returnDate
      ? { departureDate: addDays(requested.departureDate, i + 1), returnDate: addDays(requested.returnDate, i + 1) }
      : { departureDate: addDays(requested.departureDate, i + 1) },
  );
}

export function availabilityWithResults(requested: DatePair, days: number): Availability {
  return {
    status: 'RESULTS_FOUND',
    requested,
    lookAhead: { requestedDays: days, status: 'NOT_NEEDED', firstChecked: null, confirmedThrough: null },
    next: null,
  };
}

/** Folds the candidates' outcomes, in chronological order, into the spec's table. */
export function foldLookAhead(requested: DatePair, days: number, outcomes: Array<{ pair: DatePair; outcome: CandidateOutcome }>): Availability {
  const firstChecked = outcomes[0]?.pair ?? null;
  let confirmedThrough: DatePair | null = null;
  for (const { pair, outcome } of outcomes) {
    if (outcome === 'FOUND') {
      return { status: 'NO_RESULTS', requested, lookAhead: { requestedDays: days, status: 'FOUND', firstChecked, confirmedThrough: pair }, next: pair };
    }
    if (outcome === 'FAILED') {
      return { status: 'NO_RESULTS', requested, lookAhead: { requestedDays: days, status: 'INCOMPLETE', firstChecked, confirmedThrough }, next: null };
    }
    confirmedThrough = pair;
  }
  return { status: 'NO_RESULTS', requested, lookAhead: { requestedDays: days, status: 'NO_RESULTS', firstChecked, confirmedThrough }, next: null };
}
