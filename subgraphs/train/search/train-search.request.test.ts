import { foldCandidates } from '../../../shared/search/look-ahead-fold.policy';
import { trainAvailability, trainSearchLink } from './train-availability.view';
import { trainLookAheadDates, validateTrainSearch } from './train-search.request';

const STOPS = new Map(
  ['DAR:SGR:0', 'MOR:SGR:0', 'DOD:SGR:0'].map((stopId, i) => [stopId, { stopId, partners: [{ provider: 'RAIL', service: 'SGR', id: 101 + i }] }]),
);
STOPS.set('OLD:SGR:0', { stopId: 'OLD:SGR:0', partners: [] });
const byId = (id: string) => STOPS.get(id);

function error(fn: () => unknown): { errorCode: string; status: number; data: { fields: Array<{ field: string }> } } {
  try {
    fn();
  } catch (e) {
    return e as never;
  }
  throw new Error('expected an error');
}

describe('train search input', () => {
  it('from, to and date are required: FROM_STOP_ID_REQUIRED naming the missing ones', () => {
    const e = error(() => validateTrainSearch({ from: 'DAR:SGR:0' }, byId));
    expect(e).toMatchObject({ errorCode: 'FROM_STOP_ID_REQUIRED', status: 400 });
    expect(e.data.fields.map((f) => f.field)).toEqual(['to', 'date']);
  });

  it('lookAheadDays is exactly 1, 2 or 3', () => {
    expect(validateTrainSearch({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01', lookAheadDays: '3' }, byId).lookAheadDays).toBe(3);
    for (const bad of ['0', '4', '1.0', ' 2', 'two', '']) {
      expect(error(() => validateTrainSearch({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01', lookAheadDays: bad }, byId))).toMatchObject({
        status: 400,
      });
    }
  });

  it('unknown SGR stop ids, other stop kinds and stops without the RAIL/SGR partner are clear 400s', () => {
    expect(error(() => validateTrainSearch({ from: 'XYZ:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01' }, byId)).errorCode).toBe('UNKNOWN_STOP_ID');
    expect(error(() => validateTrainSearch({ from: 'DAR:FLT:0', to: 'DOD:SGR:0', date: '2026-12-01' }, byId)).errorCode).toBe('STOP_NOT_SGR');
    expect(error(() => validateTrainSearch({ from: 'OLD:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01' }, byId)).errorCode).toBe('STOP_NOT_SGR');
    expect(error(() => validateTrainSearch({ from: 'DAR:SGR:0', to: 'DAR:SGR:0', date: '2026-12-01' }, byId)).status).toBe(400);
    expect(error(() => validateTrainSearch({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-02-30' }, byId)).status).toBe(400);
  });
});

describe('train look-ahead dates and availability', () => {
  it('candidates start the day after the requested date', () => {
    expect(trainLookAheadDates('2026-12-30', '2026-11-22', 3)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('candidates start at the service date when the requested date is in the past', () => {
    expect(trainLookAheadDates('2026-11-10', '2026-11-22', 2)).toEqual(['2026-11-22', '2026-11-23']);
  });

  it('the table: RESULTS_FOUND/NOT_NEEDED; FOUND with next; NO_RESULTS; INCOMPLETE with the last consecutive empty date', () => {
    const base = { requestedDate: '2026-12-01', serviceDate: '2026-11-22', serviceTimeZone: 'Africa/Dar_es_Salaam', requestedDays: 3 };
    expect(trainAvailability({ ...base, fold: null })).toMatchObject({
      status: 'RESULTS_FOUND',
      lookAhead: { status: 'NOT_NEEDED', firstDate: null, confirmedThroughDate: null },
      next: null,
    });
    const found = trainAvailability({
      ...base,
      fold: foldCandidates([
        { candidate: '2026-12-02', outcome: 'EMPTY' },
        { candidate: '2026-12-03', outcome: 'FOUND' },
      ]),
    });
    expect(found).toMatchObject({
      status: 'NO_RESULTS',
      lookAhead: { status: 'FOUND', firstDate: '2026-12-02', confirmedThroughDate: '2026-12-03' },
      next: { date: '2026-12-03' },
    });
    const none = trainAvailability({
      ...base,
      fold: foldCandidates(['2026-12-02', '2026-12-03'].map((candidate) => ({ candidate, outcome: 'EMPTY' as const }))),
    });
    expect(none).toMatchObject({ lookAhead: { status: 'NO_RESULTS', confirmedThroughDate: '2026-12-03' }, next: null });
    const broken = trainAvailability({
      ...base,
      fold: foldCandidates([
        { candidate: '2026-12-02', outcome: 'EMPTY' },
        { candidate: '2026-12-03', outcome: 'FAILED' },
        { candidate: '2026-12-04', outcome: 'FOUND' },
      ]),
    });
    expect(broken).toMatchObject({ lookAhead: { status: 'INCOMPLETE', confirmedThroughDate: '2026-12-02' }, next: null });
  });

  it('links keep only the canonical parameters', () => {
    expect(trainSearchLink('https://api.example', { from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-03', lookAheadDays: 2 })).toBe(
      'https://api.example/api/trip/train/search?from=DAR%3ASGR%3A0&to=DOD%3ASGR%3A0&date=2026-12-03&lookAheadDays=2',
    );
  });
});
