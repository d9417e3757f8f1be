import pino from 'pino';
import type { LogLevel } from '../config/platform.config';
import { currentScope } from '../context/request-scope.state';
import { currentTraceIds } from '../telemetry/tracing.service';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Where lines go: stdout by default; a test passes a function that collects them. */
export type LogDestination = ((line: string) => void) | pino.DestinationStream;

/** What the redaction writes in place of a secret or a piece of personal data. */
export const REDACTED = '[REDACTED]';

/**
 * Keys whose values never reach a log line: credentials and personal data. Matched at the top of a line's fields
 * and one or two objects down (pino's paths do not recurse, and deeper wildcards cost on every line).
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'cardToken',
  'secretKey',
  'webhookSecretHash',
  'cardNumber',
  'cvv',
  'email',
  'phone',
  'phoneNumber',
  'passport',
  'passportNumber',
  'passportExpiry',
  'passportExpiryDate',
  'dateOfBirth',
  'passengers',
  'passenger',
];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/**
 * One JSON object per line (what log shippers and `jq` read), written by pino: `level` as a word, `time` in ISO 8601,
 * `message`, then the fields. Every line written while a request or a job is served carries its `requestId` (and the
 * job's `queue`/`job`/`jobId`), taken from the request scope by pino's mixin, so no call site has to pass it; with
 * tracing on, the current span's `trace_id` and `span_id` too.
 */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, destination?: LogDestination): Logger {
  const root = pino(
    {
      level,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      mixin: scopeFields,
    },
    toStream(destination),
  );
  return wrap(Object.keys(base).length ? root.child(base) : root);
}

function scopeFields(): Record<string, unknown> {
  const scope = currentScope();
  const trace = currentTraceIds();
  if (!scope && !trace) return {};
  const fields: Record<string, unknown> = {};
  if (scope?.requestId) fields.requestId = scope.requestId;
  if (scope?.job) Object.assign(fields, { queue: scope.job.queue, job: scope.job.name, jobId: scope.job.id });
  // With tracing on, a line leads to its span (the names log backends link on).
  if (trace) Object.assign(fields, { trace_id: trace.traceId, span_id: trace.spanId });
  return fields;
}

function wrap(p: pino.Logger): Logger {
  const at =
    (lvl: LogLevel) =>
    (message: string, fields?: Record<string, unknown>): void =>
      fields ? p[lvl](fields, message) : p[lvl](message);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: (fields) => wrap(p.child(fields)) };
}

function toStream(destination: LogDestination | undefined): pino.DestinationStream {
  // Synchronous on stdout: a line logged just before an exit is not lost.
  if (destination === undefined) return pino.destination({ dest: 1, sync: true });
  if (typeof destination === 'function') return { write: (chunk: string) => destination(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) };
  return destination;
}

/** Masks an email or phone for logs: enough to correlate, not enough to identify. */
export function maskRecipient(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  return value.length > 4 ? `***${value.slice(-3)}` : '***';
}
