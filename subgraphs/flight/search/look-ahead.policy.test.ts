import { availabilityWithResults, CandidateOutcome, foldLookAhead, lookAheadCandidates } from './look-ahead.policy';
import type { DatePair } from '../../../shared/api-contract/flight-search.validator';

const ONE_WAY: DatePair = { departureDate: '2026-12-30' };
const ROUND: DatePair = { departureDate: '2026-12-30', returnDate: '2027-01-05' };

function fold(outcomes: CandidateOutcome[]) {
  const pairs = lookAheadCandidates(ONE_WAY, outcomes.length);
  return foldLookAhead(
    ONE_WAY,
    outcomes.length,
    pairs.map((pair, i) => ({ pair, outcome: outcomes[i] })),
  );
}

describe('look-ahead candidates', () => {
  it('shifts a one-way departure day by day, across the year end', () => {
    expect(lookAheadCandidates(ONE_WAY, 3)).toEqual([{ departureDate: '2026-12-31' }, { departureDate: '2027-01-01' }, { departureDate: '2027-01-02' }]);
  });

  it('shifts both dates of a round trip by the same number of days', () => {
    expect(lookAheadCandidates(ROUND, 2)).toEqual([
      { departureDate: '2026-12-31', returnDate: '2027-01-06' },
      { departureDate: '2027-01-01', returnDate: '2027-01-07' },
    ]);
  });
});

describe('the availability table (the flight search look-ahead)', () => {
  it('row 1: offers for the requested dates: RESULTS_FOUND, NOT_NEEDED, nulls', () => {
    expect(availabilityWithResults(ONE_WAY, 3)).toEqual({
      status: 'RESULTS_FOUND',
      requested: ONE_WAY,
      lookAhead: { requestedDays: 3, status: 'NOT_NEEDED', firstChecked: null, confirmedThrough: null },
      next: null,
    });
  });

  it('row 2: earliest confirmed candidate found: FOUND, confirmedThrough and next are that pair', () => {
    const a = fold(['EMPTY', 'FOUND', 'FOUND']);
    expect(a).toEqual({
      status: 'NO_RESULTS',
      requested: ONE_WAY,
      lookAhead: { requestedDays: 3, status: 'FOUND', firstChecked: { departureDate: '2026-12-31' }, confirmedThrough: { departureDate: '2027-01-01' } },
      next: { departureDate: '2027-01-01' },
    });
  });

  it('row 2: a later failure does not matter once an earlier candidate is found', () => {
    expect(fold(['FOUND', 'FAILED']).lookAhead.status).toBe('FOUND');
    expect(fold(['FOUND', 'FAILED']).next).toEqual({ departureDate: '2026-12-31' });
  });

  it('row 3: every candidate empty: NO_RESULTS, confirmedThrough the final pair, next null', () => {
    const a = fold(['EMPTY', 'EMPTY', 'EMPTY']);
    expect(a.lookAhead).toEqual({
      requestedDays: 3,
      status: 'NO_RESULTS',
      firstChecked: { departureDate: '2026-12-31' },
      confirmedThrough: { departureDate: '2027-01-02' },
    });
    expect(a.next).toBeNull();
  });

  it('row 4: an earlier candidate failed: INCOMPLETE with the last consecutively confirmed-empty pair', () => {
    const a = fold(['EMPTY', 'FAILED', 'FOUND']);
    expect(a.lookAhead).toEqual({
      requestedDays: 3,
      status: 'INCOMPLETE',
      firstChecked: { departureDate: '2026-12-31' },
      confirmedThrough: { departureDate: '2026-12-31' },
    });
    expect(a.next).toBeNull();
  });

  it('row 4: the first candidate failed: INCOMPLETE with confirmedThrough null', () => {
    const a = fold(['FAILED', 'FOUND']);
    expect(a.lookAhead.status).toBe('INCOMPLETE');
    expect(a.lookAhead.confirmedThrough).toBeNull();
    expect(a.status).toBe('NO_RESULTS');
  });
});
