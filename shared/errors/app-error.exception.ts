import type { RateLimitState } from '../rate-limit/rate-limit-headers.mapper';

/** The error object every REST answer carries, exactly as the spec gives it. */
export interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  status: number;
  data?: Record<string, unknown>;
  /** Always an object (`{}` when there is nothing to add): the train document lists it in every error body. */
  error: Record<string, unknown>;
}

/** Whether a parsed JSON value is an ErrorBody (a subgraph's 4xx, an error passed through). */
export function isErrorBody(value: unknown): value is ErrorBody {
  const v = value as ErrorBody;
  return typeof v === 'object' && v !== null && typeof v.errorCode === 'string' && typeof v.status === 'number';
}

/**
 * The one error type of the platform. `status` is the HTTP status the REST layer answers;
 * subgraphs carry all of it in GraphQL error extensions and the gateway maps it back.
 * Each domain subclasses it with its own codes (Twenty's "one coded exception per domain").
 */
export class AppError extends Error {
  constructor(
    readonly errorCode: string,
    readonly status: number,
    readonly errorMessage: string,
    readonly data?: Record<string, unknown>,
    readonly error?: Record<string, unknown>,
  ) {
    super(errorMessage);
    this.name = new.target.name;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { errorCode: this.errorCode, errorMessage: this.errorMessage, status: this.status, error: this.error ?? {} };
    if (this.data !== undefined) body.data = this.data;
    return body;
  }
}

export const PlatformErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  LOGIN_FAILED: 'LOGIN_FAILED',
  LOGIN_THROTTLED: 'LOGIN_THROTTLED',
  SEARCH_RATE_LIMITED: 'SEARCH_RATE_LIMITED',
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  CLIENT_CLOSED_REQUEST: 'CLIENT_CLOSED_REQUEST',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

/** Cross-cutting failures: input shape, authentication, authorization, availability. */
export class PlatformException extends AppError {
  static badRequest(message: string, data?: Record<string, unknown>): PlatformException {
    return new PlatformException(PlatformErrorCode.BAD_REQUEST, 400, message, data);
  }
  static unauthenticated(message = 'Authentication required: send a valid bearer token'): PlatformException {
    return new PlatformException(PlatformErrorCode.UNAUTHENTICATED, 401, message);
  }
  static forbidden(message = 'Your account is not allowed to do this'): PlatformException {
    return new PlatformException(PlatformErrorCode.FORBIDDEN, 403, message);
  }
  static notFound(message: string): PlatformException {
    return new PlatformException(PlatformErrorCode.NOT_FOUND, 404, message);
  }
  static unavailable(message: string, data?: Record<string, unknown>): PlatformException {
    return new PlatformException(PlatformErrorCode.SERVICE_UNAVAILABLE, 503, message, data);
  }
  /** The client went away before its answer (nginx's 499): what it left unfinished failed, and nobody reads this. */
  static clientClosed(): PlatformException {
    return new PlatformException(PlatformErrorCode.CLIENT_CLOSED_REQUEST, 499, 'The client closed the connection before the answer was sent');
  }
  /** 429: the account searched faster than its search rate allows; data.rateLimit becomes the REST RateLimit headers. */
  static searchRateLimited(retryAfterSeconds: number, rateLimit: RateLimitState): PlatformException {
    return new PlatformException(PlatformErrorCode.SEARCH_RATE_LIMITED, 429, 'Too many searches from this account: wait and try again', {
      retryAfterSeconds,
      rateLimit,
    });
  }
  static internal(requestId?: string): PlatformException {
    return new PlatformException(PlatformErrorCode.INTERNAL_ERROR, 500, 'Something went wrong on our side; retry later', requestId ? { requestId } : undefined);
  }
}
