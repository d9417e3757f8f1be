import { gcra } from './gcra.calculator';
import { isRateLimitState, rateLimitHeaders } from './rate-limit-headers.mapper';

describe('GCRA (the search rate arithmetic)', () => {
  const limits = { intervalMs: 100, burst: 50 };

  /** Runs `count` requests at `now` against one bucket; the decisions in order. */
  function burst(count: number, now: number, start: number | null = null) {
    let tat = start;
    return Array.from({ length: count }, () => {
      const decision = gcra(tat, now, limits);
      tat = decision.tat;
      return decision;
    });
  }

  it('lets the burst of a full bucket through at once, then refuses until one interval has passed', () => {
    const decisions = burst(51, 1_000_000);
    expect(decisions.slice(0, 50).every((d) => d.allowed)).toBe(true);
    expect(decisions.map((d) => d.remaining).slice(0, 3)).toEqual([49, 48, 47]);
    expect(decisions[49]).toMatchObject({ allowed: true, remaining: 0, resetMs: 5000 });
    expect(decisions[50]).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 100, resetMs: 5000 });
    // The refused request took nothing: one interval later exactly one more goes.
    const tat = decisions[49].tat;
    expect(gcra(tat, 1_000_099, limits).allowed).toBe(false);
    expect(gcra(tat, 1_000_100, limits)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('refills at the sustained rate up to the burst, never beyond', () => {
    const tat = burst(50, 0).at(-1)!.tat;
    expect(gcra(tat, 1000, limits)).toMatchObject({ allowed: true, remaining: 9 });
    expect(gcra(tat, 60_000, limits)).toMatchObject({ allowed: true, remaining: 49, resetMs: 100 });
  });

  it('lets the last request of a burst through although the interval has a fraction', () => {
    const thirds = { intervalMs: 1000 / 3, burst: 7 };
    let tat: number | null = null;
    const allowed = Array.from({ length: 8 }, () => {
      const d = gcra(tat, 5000, thirds);
      tat = d.tat;
      return d.allowed;
    });
    expect(allowed).toEqual([true, true, true, true, true, true, true, false]);
  });

  it('formats the state as draft-ietf-httpapi-ratelimit-headers-11 fields, and accepts only a well-formed state', () => {
    const state = { policy: 'search', quota: 50, windowSeconds: 5, remaining: 0, resetSeconds: 1 };
    expect(rateLimitHeaders(state)).toEqual({ 'ratelimit-policy': '"search";q=50;w=5', ratelimit: '"search";r=0;t=1' });
    expect(isRateLimitState(state)).toBe(true);
    expect(isRateLimitState({ ...state, policy: 'a";q=1' })).toBe(false);
    expect(isRateLimitState({ ...state, remaining: -1 })).toBe(false);
    expect(isRateLimitState(undefined)).toBe(false);
  });
});
