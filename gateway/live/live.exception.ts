import { AppError } from '../../shared/errors/app-error.exception';

export const LiveErrorCode = {
  LIVE_STREAMS_EXHAUSTED: 'LIVE_STREAMS_EXHAUSTED',
  LIVE_GATEWAY_FULL: 'LIVE_GATEWAY_FULL',
  LIVE_STREAM_NOT_ACCEPTABLE: 'LIVE_STREAM_NOT_ACCEPTABLE',
  LIVE_STREAM_METHOD_NOT_ALLOWED: 'LIVE_STREAM_METHOD_NOT_ALLOWED',
  LIVE_STREAM_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
} as const;

/** The refusals of /graphql/stream, answered before a stream opens (REST-style error bodies). */
export class LiveException extends AppError {
  static streamsExhausted(limit: number, retryAfterSeconds: number): LiveException {
    return new LiveException(
      LiveErrorCode.LIVE_STREAMS_EXHAUSTED,
      429,
      `This account already has ${limit} live streams open: close one, or retry when one ends`,
      { limit, retryAfterSeconds },
    );
  }
  static gatewayFull(limit: number, retryAfterSeconds: number): LiveException {
    return new LiveException(LiveErrorCode.LIVE_GATEWAY_FULL, 503, 'This gateway serves as many live streams as it can: retry shortly', {
      limit,
      retryAfterSeconds,
    });
  }
  static notAcceptable(path: string): LiveException {
    return new LiveException(LiveErrorCode.LIVE_STREAM_NOT_ACCEPTABLE, 406, `${path} answers Accept: text/event-stream only (a graphql-sse client sends it)`);
  }
  static methodNotAllowed(path: string): LiveException {
    return new LiveException(
      LiveErrorCode.LIVE_STREAM_METHOD_NOT_ALLOWED,
      405,
      `${path} takes GET or POST (the graphql-sse protocol, distinct connections mode)`,
    );
  }
  static bodyTooLarge(maxBytes: number): LiveException {
    return new LiveException(LiveErrorCode.LIVE_STREAM_BODY_TOO_LARGE, 413, `The request body is larger than ${maxBytes} bytes`);
  }
}
