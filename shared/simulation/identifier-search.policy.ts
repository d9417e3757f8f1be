/** The simulators' bounded search for a free identifier (PNRs, record locators, ticket numbers). */

/** Answered by a candidate already in use: the search goes on with the next one. */
export const TAKEN = Symbol('taken');

/**
 * Looks for a free identifier among at most `attempts` deterministic candidates: `tryCandidate(attempt)` answers a
 * result, or TAKEN. After the bound it throws `exhausted()`, so a crowded or colliding identifier space fails with a
 * clear provider error instead of looping for ever.
 */
export async function firstFree<T>(attempts: number, tryCandidate: (attempt: number) => Promise<T | typeof TAKEN>, exhausted: () => Error): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const result = await tryCandidate(attempt);
    if (result !== TAKEN) return result;
  }
  throw exhausted();
}
