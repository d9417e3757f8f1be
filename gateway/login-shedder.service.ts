import { LRUCache } from 'lru-cache';
import type { LoginConfig } from '../shared/config/platform.config';
import { throttleAddress } from '../shared/http/client-address.reader';

/** Addresses one gateway process keeps counts for; an evicted address simply starts a new window. */
const MAX_ADDRESSES = 100_000;

/**
 * A cheap first line in front of the admin subgraph's login throttle (which stays the authority, in Redis):
 * the gateway counts POST /api/logon per client address in this process, with the same per-address attempt
 * budget, and answers an address over it with 429 itself. A flood from one address then costs the platform a
 * map lookup per request instead of a REST translation, a subgraph call and a Redis round trip, so it cannot
 * slow other clients' requests down.
 */
export class LoginShedder {
  private readonly windows: LRUCache<string, { count: number; resetAt: number }>;

  constructor(
    private readonly limits: Pick<LoginConfig, 'addressMaxAttempts' | 'addressAttemptWindowSeconds'>,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache({ max: MAX_ADDRESSES });
  }

  /** Null when the attempt may go on; otherwise the seconds until this address may try again. */
  admit(clientAddress: string): number | null {
    const key = throttleAddress(clientAddress);
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limits.addressAttemptWindowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > this.limits.addressMaxAttempts ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : null;
  }

  get trackedAddresses(): number {
    return this.windows.size;
  }
}
