/**
 * The generic cell rate algorithm (GCRA): a token bucket kept as one number, the theoretical arrival time
 * (TAT) of the next request, so a bucket is one value with a TTL. The same arithmetic runs in Redis
 * (search-rate-limiter.service.ts, Lua) and in this process when Redis does not answer.
 */
export interface GcraLimits {
  /** Milliseconds between two requests at the sustained rate (1000 / rate). */
  intervalMs: number;
  /** Requests that may go at once after a quiet spell. */
  burst: number;
}

export interface GcraDecision {
  allowed: boolean;
  /** The TAT to keep (unchanged when refused). */
  tat: number;
  /** Requests that could go right now after this one. */
  remaining: number;
  /** Refused: ms until one request may go. Allowed: 0. */
  retryAfterMs: number;
  /** Ms until the bucket is full again (the bucket's key may expire then). */
  resetMs: number;
}

/** Float arithmetic on fractional intervals must not refuse the burst's last request by a rounding error. */
const EPSILON_MS = 0.001;

/** One request at `now` (epoch ms) against a bucket whose TAT is `tat` (null: no bucket, full). */
export function gcra(tat: number | null, now: number, { intervalMs, burst }: GcraLimits): GcraDecision {
  const start = Math.max(tat ?? now, now);
  const next = start + intervalMs;
  const tolerance = burst * intervalMs;
  if (next - now > tolerance + EPSILON_MS) {
    return { allowed: false, tat: start, remaining: 0, retryAfterMs: next - tolerance - now, resetMs: start - now };
  }
  return {
    allowed: true,
    tat: next,
    remaining: Math.max(0, Math.floor((tolerance - (next - now)) / intervalMs + EPSILON_MS)),
    retryAfterMs: 0,
    resetMs: next - now,
  };
}
