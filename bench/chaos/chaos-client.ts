import { randomUUID } from 'node:crypto';

/** The statuses after which a client asks again, with the same Idempotency-Key: nothing was decided, or it is unknown. */
const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
/**
 * How long a logical request is asked again: well past the idempotency lease (10 s), which a gateway killed
 * mid-request holds until it lapses, and past a replica's restart on a loaded machine.
 */
const RETRY_FOR_MS = 75_000;
/** A request that gets no answer within this long is given up and asked again (a stalled upstream). */
const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer<T> {
  /** The last answer's status; 0: no answer at all (connection refused or cut, timeout) even after every retry. */
  status: number;
  body: T;
  attempts: number;
}

/** What the load saw, per operation: final answers by status, and how many extra attempts the retries took. */
export class LoadStats {
  readonly byOperation = new Map<string, { total: number; statuses: Map<string, number>; retries: number }>();
  /** The first body of each refusal or failure, by "operation status": what an operator reads to tell why. */
  readonly examples = new Map<string, string>();

  record(operation: string, status: string, retries: number, body?: unknown): void {
    let entry = this.byOperation.get(operation);
    if (!entry) this.byOperation.set(operation, (entry = { total: 0, statuses: new Map(), retries: 0 }));
    entry.total++;
    entry.retries += retries;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    const key = `${operation} ${status}`;
    if (!/^[23]/.test(status) && !this.examples.has(key) && this.examples.size < 50) this.examples.set(key, JSON.stringify(body ?? null).slice(0, 300));
  }

  /** Operations that ended without any answer or with a 5xx after every retry: a client would have had to give up. */
  get unanswered(): number {
    let n = 0;
    for (const entry of this.byOperation.values()) {
      for (const [status, count] of entry.statuses) if (status === '0' || status.startsWith('5')) n += count;
    }
    return n;
  }
}

/**
 * A client the way the README tells integrators to be one: every authenticated POST/PATCH/DELETE carries an
 * Idempotency-Key made once per logical request, and an answer that decided nothing (a dropped connection, 502/503/504,
 * 429, `IDEMPOTENCY_KEY_IN_USE`) is asked again with the same key, backing off, so a request cut off by a killed
 * replica is neither lost nor done twice.
 */
export class ChaosClient {
  constructor(
    readonly baseUrl: string,
    private readonly stats: LoadStats,
    readonly token?: string,
  ) {}

  withToken(token: string): ChaosClient {
    return new ChaosClient(this.baseUrl, this.stats, token);
  }

  /** One logical request under `operation` (the row of the summary table); the body is parsed JSON, or null. */
  async call<T = unknown>(operation: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.token && method !== 'GET') headers['idempotency-key'] = randomUUID();
    const until = Date.now() + RETRY_FOR_MS;
    let last: Answer<T> = { ...(await this.once<T>(method, path, body, headers)), attempts: 1 };
    while (this.shouldRetry(last) && Date.now() <= until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * last.attempts, 2_000)));
      last = { ...(await this.once<T>(method, path, body, headers)), attempts: last.attempts + 1 };
    }
    this.stats.record(operation, String(last.status), last.attempts - 1, last.body);
    return last;
  }

  private shouldRetry(answer: { status: number; body: unknown }): boolean {
    if (answer.status === 0 || RETRYABLE.has(answer.status)) return true;
    return answer.status === 409 && (answer.body as { errorCode?: string } | null)?.errorCode === 'IDEMPOTENCY_KEY_IN_USE';
  }

  private async once<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: T }> {
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = { text: text.slice(0, 200) };
      }
      return { status: res.status, body: parsed as T };
    } catch {
      return { status: 0, body: null as T };
    }
  }
}
