import type { DuffelAccessToken } from '../../../../shared/config/flight-supplier.config';
import type { DuffelApiErrorItem } from './duffel.types';

/** The API version every request names (Duffel-Version header); the shapes in duffel.types.ts are v2's. */
export const DUFFEL_API_VERSION = 'v2';

/** Bodies larger than this are refused unread: no Duffel answer the adapter asks for comes near it. */
const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

export type DuffelFailureKind = 'api' | 'timeout' | 'network' | 'invalid';

/**
 * A Duffel call that did not answer data: `api` with Duffel's HTTP status and `errors[]`, `timeout` when it took
 * longer than the configured time (it may still have happened), `network` when no answer came, `invalid` when the
 * answer was not Duffel's JSON. The message never contains the access token.
 */
export class DuffelHttpError extends Error {
  constructor(
    readonly kind: DuffelFailureKind,
    message: string,
    readonly status: number | null = null,
    readonly errors: DuffelApiErrorItem[] = [],
    /** RateLimit-Reset of a 429, as Duffel sends it (epoch seconds or an HTTP date), for the log line. */
    readonly rateLimitReset: string | null = null,
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = 'DuffelHttpError';
  }

  /** Whether any of Duffel's errors has one of these codes. */
  hasCode(...codes: string[]): boolean {
    return this.errors.some((e) => e.code !== undefined && codes.includes(e.code));
  }

  hasType(...types: string[]): boolean {
    return this.errors.some((e) => e.type !== undefined && types.includes(e.type));
  }
}

export interface DuffelHttpOptions {
  baseUrl: string;
  token: DuffelAccessToken;
  timeoutMs: number;
}

/**
 * Duffel's HTTP API over Node's fetch. Not `@duffel/api`: its client (4.x) sends requests through node-fetch 2 with
 * no timeout and no AbortSignal, so a hanging Duffel call would hold a reservation's lease for ever; every call here
 * is bounded by DUFFEL_TIMEOUT_MS, and the HTTP status and RateLimit headers of a failure are kept for the mapping.
 */
export class DuffelHttpClient {
  constructor(private readonly options: DuffelHttpOptions) {}

  async request<T>(method: 'GET' | 'POST', path: string, query: Record<string, string | string[]> = {}, body?: object): Promise<T> {
    const url = new URL(path.replace(/^\//, ''), `${this.options.baseUrl}/`);
    for (const [key, value] of Object.entries(query)) for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Duffel-Version': DUFFEL_API_VERSION,
          Authorization: `Bearer ${this.options.token.value()}`,
          'User-Agent': 'safiri-flight-supplier',
        },
        body: body === undefined ? undefined : JSON.stringify({ data: body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new DuffelHttpError('timeout', `Duffel ${method} ${url.pathname} took longer than ${this.options.timeoutMs} ms`);
      }
      throw new DuffelHttpError('network', `Duffel ${method} ${url.pathname} failed: ${(error as Error).message}`);
    }
    const text = await this.readBody(response, method, url.pathname);
    let parsed: { data?: T; errors?: DuffelApiErrorItem[]; meta?: { request_id?: string } } | null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!response.ok || parsed?.errors) {
      const errors = Array.isArray(parsed?.errors) ? parsed.errors.slice(0, 20) : [];
      const first = errors[0];
      const detail = first ? `${first.code ?? first.type ?? 'error'}: ${first.message ?? first.title ?? ''}` : `HTTP ${response.status}`;
      const reset = response.status === 429 ? response.headers.get('ratelimit-reset') : null;
      throw new DuffelHttpError(
        'api',
        `Duffel ${method} ${url.pathname} answered ${response.status} (${detail.slice(0, 300)})${reset ? `; rate limit resets at ${reset.slice(0, 40)}` : ''}`,
        response.status,
        errors,
        reset,
        parsed?.meta?.request_id ?? response.headers.get('x-request-id'),
      );
    }
    if (!parsed || parsed.data === undefined) throw new DuffelHttpError('invalid', `Duffel ${method} ${url.pathname} answered without data`, response.status);
    return parsed.data;
  }

  private async readBody(response: Response, method: string, path: string): Promise<string> {
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > MAX_RESPONSE_BYTES) {
      await response.body?.cancel();
      throw new DuffelHttpError('invalid', `Duffel ${method} ${path} answered ${length} bytes, more than ${MAX_RESPONSE_BYTES}`, response.status);
    }
    try {
      return await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new DuffelHttpError('timeout', `Duffel ${method} ${path}: the answer did not arrive in time`);
      throw new DuffelHttpError('network', `Duffel ${method} ${path}: the answer broke off (${(error as Error).message})`);
    }
  }
}
