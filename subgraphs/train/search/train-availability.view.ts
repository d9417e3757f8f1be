import type { LookAheadFold } from '../../../shared/search/look-ahead-fold.policy';

/** Train search "availability" (OpenAPI `TrainAvailability`), for the requested date and its look-ahead. */
export interface TrainAvailability {
  status: 'RESULTS_FOUND' | 'NO_RESULTS';
  requestedDate: string;
  serviceDate: string;
  serviceTimeZone: string;
  lookAhead: {
    requestedDays: number;
    status: 'NOT_NEEDED' | 'FOUND' | 'NO_RESULTS' | 'INCOMPLETE';
    firstDate: string | null;
    confirmedThroughDate: string | null;
  };
  next: { date: string } | null;
}

export function trainAvailability(input: {
  requestedDate: string;
  serviceDate: string;
  serviceTimeZone: string;
  requestedDays: number;
  /** Null when the requested date has trains (no look-ahead needed). */
  fold: LookAheadFold<string> | null;
}): TrainAvailability {
  const { requestedDate, serviceDate, serviceTimeZone, requestedDays, fold } = input;
  if (!fold) {
    return {
      status: 'RESULTS_FOUND',
      requestedDate,
      serviceDate,
      serviceTimeZone,
      lookAhead: { requestedDays, status: 'NOT_NEEDED', firstDate: null, confirmedThroughDate: null },
      next: null,
    };
  }
  return {
    status: 'NO_RESULTS',
    requestedDate,
    serviceDate,
    serviceTimeZone,
    lookAhead: { requestedDays, status: fold.status, firstDate: fold.firstChecked, confirmedThroughDate: fold.confirmedThrough },
    next: fold.next ? { date: fold.next } : null,
  };
}

/** links.self and links.nextAvailable: canonical parameters only (from, to, date, lookAheadDays). */
export function trainSearchLink(baseUrl: string, q: { from: string; to: string; date: string; lookAheadDays: number | null }): string {
  const params = new URLSearchParams({ from: q.from, to: q.to, date: q.date });
  if (q.lookAheadDays !== null) params.set('lookAheadDays', String(q.lookAheadDays));
  return `${baseUrl}/api/trip/train/search?${params.toString()}`;
}
