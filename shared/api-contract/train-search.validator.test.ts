import { checkTrainSearch, trainSearchRefusal } from './train-search.validator';

const problems = (checked: ReturnType<typeof checkTrainSearch>) => ('problems' in checked ? checked.problems : []);

describe('the train search validator (REST and GraphQL alike)', () => {
  it('answers the search trimmed, lookAheadDays as a number', () => {
    expect(checkTrainSearch({ from: ' DAR:SGR:0 ', to: 'DOD:SGR:0', date: '2026-12-01', lookAheadDays: '2' })).toEqual({
      search: { from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01', lookAheadDays: 2 },
    });
    expect(checkTrainSearch({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01', lookAheadDays: null })).toMatchObject({
      search: { lookAheadDays: null },
    });
  });

  it('lists every problem at once, in member order, every text bounded', () => {
    expect(problems(checkTrainSearch({ from: 'D'.repeat(65), to: 'DOD:SGR:0', date: '2026-02-30', lookAheadDays: '4' }))).toEqual([
      { field: 'from', message: 'must be at most 64 characters' },
      { field: 'date', message: 'must be a real date in YYYY-MM-DD form' },
      { field: 'lookAheadDays', message: 'must be exactly 1, 2 or 3' },
    ]);
  });

  it('a missing from, to or date is FROM_STOP_ID_REQUIRED naming only those; other problems are BAD_REQUEST', () => {
    const missing = problems(checkTrainSearch({ from: ' ', to: 'DOD:SGR:0', lookAheadDays: '9' }));
    expect(trainSearchRefusal(missing)).toEqual({
      errorCode: 'FROM_STOP_ID_REQUIRED',
      message: 'from, to and date are required (missing: from, date)',
      fields: [
        { field: 'from', message: 'is required' },
        { field: 'date', message: 'is required' },
      ],
    });
    expect(trainSearchRefusal([{ field: 'lookAheadDays', message: 'must be exactly 1, 2 or 3' }])).toMatchObject({ errorCode: 'BAD_REQUEST' });
  });
});
