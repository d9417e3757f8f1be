import { addDays } from '../../../shared/time/calendar-date.calculator';
import type { DatePair } from '../../../shared/api-contract/flight-search.validator';
import { CandidateOutcome, foldCandidates } from '../../../shared/search/look-ahead-fold.policy';

/** Flight search "availability" and "lookAhead" (OpenAPI `FlightAvailability`), on the shared fold (shared/search/look-ahead-fold.policy.ts). */

export type { CandidateOutcome };

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
  const fold = foldCandidates(outcomes.map(({ pair, outcome }) => ({ candidate: pair, outcome })));
  return {
    status: 'NO_RESULTS',
    requested,
    lookAhead: { requestedDays: days, status: fold.status, firstChecked: fold.firstChecked, confirmedThrough: fold.confirmedThrough },
    next: fold.next,
  };
}
