/**
 * The look-ahead rule of both flight and train search (OpenAPI `FlightAvailability`, `TrainAvailability`): when the requested date has no
 * results, later candidates are checked and the earliest one confirmed to have results is
 * suggested. A candidate can only be suggested when every earlier one was confirmed empty: if
 * an earlier one failed, it might have been the earliest, so the answer is INCOMPLETE.
 */

export type CandidateOutcome = 'FOUND' | 'EMPTY' | 'FAILED';
export type LookAheadStatus = 'NOT_NEEDED' | 'FOUND' | 'NO_RESULTS' | 'INCOMPLETE';

export interface LookAheadFold<T> {
  status: Exclude<LookAheadStatus, 'NOT_NEEDED'>;
  firstChecked: T | null;
  /** The last candidate of the unbroken run of confirmed results from the first one. */
  confirmedThrough: T | null;
  next: T | null;
}

/** Folds candidates' outcomes, given in chronological order. */
export function foldCandidates<T>(outcomes: ReadonlyArray<{ candidate: T; outcome: CandidateOutcome }>): LookAheadFold<T> {
  const firstChecked = outcomes[0]?.candidate ?? null;
  let confirmedThrough: T | null = null;
  for (const { candidate, outcome } of outcomes) {
    if (outcome === 'FOUND') return { status: 'FOUND', firstChecked, confirmedThrough: candidate, next: candidate };
    if (outcome === 'FAILED') return { status: 'INCOMPLETE', firstChecked, confirmedThrough, next: null };
    confirmedThrough = candidate;
  }
  return { status: 'NO_RESULTS', firstChecked, confirmedThrough, next: null };
}

/** Runs every candidate check concurrently, each bounded by `timeoutMs`; a throw or timeout is FAILED. */
export async function checkCandidates<T>(
  candidates: readonly T[],
  check: (candidate: T) => Promise<boolean>,
  timeoutMs: number,
  onFailure?: (candidate: T, error: unknown) => void,
): Promise<Array<{ candidate: T; outcome: CandidateOutcome }>> {
  return Promise.all(
    candidates.map(async (candidate) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const found = await Promise.race([
          check(candidate),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs))),
        ]);
        return { candidate, outcome: (found ? 'FOUND' : 'EMPTY') as CandidateOutcome };
      } catch (error) {
        onFailure?.(candidate, error);
        return { candidate, outcome: 'FAILED' as CandidateOutcome };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}
