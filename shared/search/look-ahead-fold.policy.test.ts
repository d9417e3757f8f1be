import { checkCandidates, foldCandidates } from './look-ahead-fold.policy';

describe('look-ahead candidates', () => {
  it('a check that throws or outlives its bound is FAILED; the others keep their answers, in order', async () => {
    const failures: string[] = [];
    const outcomes = await checkCandidates(
      ['d1', 'd2', 'd3', 'd4'],
      async (d) => {
        if (d === 'd2') throw new Error('provider down');
        if (d === 'd3') return new Promise<boolean>(() => undefined);
        return d === 'd4';
      },
      50,
      (d) => failures.push(d),
    );
    expect(outcomes).toEqual([
      { candidate: 'd1', outcome: 'EMPTY' },
      { candidate: 'd2', outcome: 'FAILED' },
      { candidate: 'd3', outcome: 'FAILED' },
      { candidate: 'd4', outcome: 'FOUND' },
    ]);
    expect(failures.sort()).toEqual(['d2', 'd3']);
    expect(foldCandidates(outcomes)).toEqual({ status: 'INCOMPLETE', firstChecked: 'd1', confirmedThrough: 'd1', next: null });
  });

  it('no candidates at all: NO_RESULTS with nothing checked', () => {
    expect(foldCandidates([])).toEqual({ status: 'NO_RESULTS', firstChecked: null, confirmedThrough: null, next: null });
  });
});
