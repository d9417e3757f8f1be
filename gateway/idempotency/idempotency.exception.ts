import { AppError, PlatformException } from '../../shared/errors/app-error.exception';

export const IdempotencyErrorCode = {
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_IN_USE: 'IDEMPOTENCY_KEY_IN_USE',
  IDEMPOTENCY_KEY_LIMIT: 'IDEMPOTENCY_KEY_LIMIT',
} as const;

/** A request's Idempotency-Key could not be honoured: named by REST and GraphQL alike. */
export class IdempotencyException extends AppError {
  /** A malformed key is bad input like any other: the platform's 400 naming the header. */
  static invalidKey(message: string): AppError {
    return PlatformException.badRequest(`Idempotency-Key ${message}`, { fields: [{ field: 'Idempotency-Key', message }] });
  }
  static reused(): IdempotencyException {
    return new IdempotencyException(
      IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED,
      422,
      'This Idempotency-Key was used for a different request (method, path or body); use a new key for a new request',
    );
  }
  static inUse(retryAfterSeconds: number): IdempotencyException {
    return new IdempotencyException(
      IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE,
      409,
      'A request with this Idempotency-Key is still being handled; send it again after Retry-After for its answer',
      { retryAfterSeconds },
    );
  }
  static limit(retryAfterSeconds: number, perDay: number): IdempotencyException {
    return new IdempotencyException(
      IdempotencyErrorCode.IDEMPOTENCY_KEY_LIMIT,
      429,
      `This account used ${perDay} idempotency keys within a day; send further requests without a key or after Retry-After`,
      { retryAfterSeconds },
    );
  }
}
