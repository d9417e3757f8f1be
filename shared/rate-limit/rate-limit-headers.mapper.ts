/**
 * A limit's state as an error's `data.rateLimit` carries it from a subgraph to the REST layer, which sends it
 * as the RateLimit-Policy and RateLimit fields of draft-ietf-httpapi-ratelimit-headers-11 (see docs/decisions.md
 * "Bounded Redis" for the version and how a token bucket maps onto a quota and a window).
 */
export interface RateLimitState {
  /** The quota policy's name, e.g. "search". */
  policy: string;
  /** Requests allowed within `windowSeconds` (the burst). */
  quota: number;
  windowSeconds: number;
  /** Requests available now. */
  remaining: number;
  /** Seconds within which no more than `remaining` may be used (whole, rounded up). */
  resetSeconds: number;
}

export function isRateLimitState(value: unknown): value is RateLimitState {
  const v = value as RateLimitState;
  return (
    typeof v === 'object' &&
    v !== null &&
    /^[a-z][a-z0-9-]{0,31}$/.test(String(v.policy)) &&
    [v.quota, v.windowSeconds, v.remaining, v.resetSeconds].every((n) => Number.isSafeInteger(n) && n >= 0)
  );
}

/** `RateLimit-Policy: "search";q=50;w=5` and `RateLimit: "search";r=0;t=1` (Structured Field lists of one item). */
export function rateLimitHeaders(state: RateLimitState): { 'ratelimit-policy': string; ratelimit: string } {
  return {
    'ratelimit-policy': `"${state.policy}";q=${state.quota};w=${state.windowSeconds}`,
    ratelimit: `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
