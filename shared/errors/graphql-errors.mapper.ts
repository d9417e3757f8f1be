import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { AppError, ErrorBody, isErrorBody, PlatformErrorCode, PlatformException } from './app-error.exception';
import type { Logger } from '../logging/logger';
import { currentRequestId, currentScope } from '../context/request-scope.state';
import { databaseFailure } from '../database/database.exception';

/** Apollo's own codes for a request the client got wrong: all are a 400. */
const CLIENT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'OPERATION_RESOLUTION_FAILURE', 'BAD_REQUEST']);

/**
 * The automatic-persisted-query answers (a hash the server does not know yet; APQ turned off). Not
 * failures but steps of Apollo's protocol: Apollo answers them 200 with no-cache, and clients
 * (Apollo Client, urql, Apollo iOS/Kotlin) resend the query text when they read this code or
 * message, so both stay as Apollo gives them.
 */
const PERSISTED_QUERY_CODES = new Set(['PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED']);

/** Puts an AppError into GraphQL error extensions (no extensions.http: the gateway would rewrite it). */
export function appErrorExtensions(error: AppError): Record<string, unknown> {
  const body = error.toBody();
  return { code: body.errorCode, ...body };
}

export function toGraphQLError(error: AppError): GraphQLError {
  return new GraphQLError(error.errorMessage, { extensions: appErrorExtensions(error) });
}

/** An error that refuses a whole request before execution (a plugin's): Apollo answers its HTTP status. */
export function toRequestError(error: AppError): GraphQLError {
  return new GraphQLError(error.errorMessage, { extensions: { ...appErrorExtensions(error), http: { status: error.status } } });
}

/**
 * A subgraph's 4xx answer as the client error it is: a body over its limit (its 413 ErrorBody) or a
 * variable it could not coerce (its 400 with our error extensions). The gateway's data source would
 * otherwise turn any non-2xx answer into an error without a body, which is masked as a 500.
 */
export function subgraphClientError(status: number, body: unknown): GraphQLError | undefined {
  if (status < 400 || status >= 500) return undefined;
  const first = (body as { errors?: Array<{ message?: unknown; extensions?: Record<string, unknown> }> } | null)?.errors?.[0];
  const errorBody = isErrorBody(body)
    ? errorBodyFromExtensions(body.errorMessage, body as unknown as Record<string, unknown>)
    : typeof first?.message === 'string'
      ? errorBodyFromExtensions(first.message, first.extensions)
      : undefined;
  return errorBody && new GraphQLError(errorBody.errorMessage, { extensions: { code: errorBody.errorCode, ...errorBody } });
}

/**
 * formatError for subgraphs and the gateway: AppErrors keep their body; client mistakes become a
 * 400 body; anything else is masked as a 500 with the request id, and logged in full. With
 * `hideSchemaDetails` (production), "Did you mean …?" suggestions are cut from every message: they
 * would list the schema's field, type and enum names to anyone probing it.
 */
export function createErrorFormatter(logger: Logger, options: { hideSchemaDetails?: boolean } = {}) {
  const format = errorFormatter(logger);
  return (formatted: GraphQLFormattedError, raw: unknown): GraphQLFormattedError =>
    options.hideSchemaDetails ? withoutSuggestions(format(formatted, raw)) : format(formatted, raw);
}

function errorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, raw: unknown): GraphQLFormattedError => {
    const original = unwrapOriginal(raw);
    if (original instanceof AppError) {
      return { message: original.errorMessage, path: formatted.path, extensions: appErrorExtensions(original) };
    }
    // Whatever failed after the client left failed because it left (a fetch cut, a statement killed): not our error.
    if (currentScope()?.signal?.aborted) {
      const gone = PlatformException.clientClosed();
      logger.debug('request stopped: its client went away', { requestId: currentRequestId(), path: formatted.path });
      return { message: gone.errorMessage, path: formatted.path, extensions: appErrorExtensions(gone) };
    }
    // A statement over its time limit, or stopped: the client can retry; the operator reads which path it was.
    const database = databaseFailure(original);
    if (database) {
      logger.warn('database statement stopped', { requestId: currentRequestId(), errorCode: database.errorCode, path: formatted.path });
      return { message: database.errorMessage, path: formatted.path, extensions: appErrorExtensions(database) };
    }
    const ext = (formatted.extensions ?? {}) as Record<string, unknown>;
    if (typeof ext.errorCode === 'string' && typeof ext.status === 'number') {
      // Already one of ours (an error passed through from a subgraph): keep the body, drop the rest.
      const body = errorBodyFromExtensions(formatted.message, ext)!;
      return { message: formatted.message, path: formatted.path, extensions: { code: body.errorCode, ...body } };
    }
    const code = typeof ext.code === 'string' ? ext.code : undefined;
    if (code && PERSISTED_QUERY_CODES.has(code)) {
      return { message: formatted.message, extensions: appErrorExtensions(new AppError(code, 200, formatted.message)) };
    }
    const clientStatus = requestErrorStatus(original);
    if (clientStatus !== undefined && code === 'INTERNAL_SERVER_ERROR') {
      // Apollo refused the request itself with a 4xx but no code (an APQ hash that does not match the query).
      const error = new AppError(PlatformErrorCode.BAD_REQUEST, clientStatus, formatted.message);
      return { message: error.errorMessage, extensions: appErrorExtensions(error) };
    }
    if (code && CLIENT_CODES.has(code)) {
      const error =
        (code === 'BAD_USER_INPUT' && variableTypeError(formatted.message)) ||
        (code === 'GRAPHQL_PARSE_FAILED' && tokenLimitError(formatted.message)) ||
        PlatformException.badRequest(formatted.message);
      return { message: error.errorMessage, locations: formatted.locations, extensions: appErrorExtensions(error) };
    }
    const requestId = currentRequestId();
    logger.error('unhandled error', { requestId, error: describe(original), path: formatted.path });
    const internal = PlatformException.internal(requestId);
    return { message: internal.errorMessage, path: formatted.path, extensions: appErrorExtensions(internal) };
  };
}

/** The 4xx status Apollo set on an error of its own (extensions.http), if any. */
function requestErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof GraphQLError)) return undefined;
  const status = (error.extensions.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * A value of the wrong type in a variable (a REST body field, usually): named by its field, so
 * the client reads "adults has the wrong type" rather than GraphQL's variable paths.
 */
function variableTypeError(message: string): PlatformException | undefined {
  const match = /^Variable "\$\w+" got invalid value (.*?) at "\w+\.([\w.[\]]+)"; (.*)$/s.exec(message);
  if (!match) return undefined;
  const [, value, field, reason] = match;
  return PlatformException.badRequest(`${field} has the wrong type (got ${value}): ${reason}`, { fields: [{ field, message: reason }] });
}

/** The parser's refusal of a document over the token limit (graphql-js spells it "more that"). */
export function tokenLimitError(message: string): AppError | undefined {
  const match = /Document contains more tha[nt] (\d+) tokens/.exec(message);
  if (!match) return undefined;
  return new AppError(PlatformErrorCode.QUERY_TOO_COMPLEX, 400, `The document has more than ${match[1]} tokens; the limit is ${match[1]}`);
}

/** graphql-js ends a message with its suggestions: ' Did you mean "airports"?'. */
const SUGGESTION = / ?Did you mean .+\?$/s;

function withoutSuggestions(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const strip = (text: unknown) => (typeof text === 'string' ? text.replace(SUGGESTION, '') : text);
  const ext = formatted.extensions as (Record<string, unknown> & { data?: { fields?: unknown } }) | undefined;
  const fields = ext?.data?.fields;
  return {
    ...formatted,
    message: strip(formatted.message) as string,
    ...(ext && {
      extensions: {
        ...ext,
        ...(typeof ext.errorMessage === 'string' && { errorMessage: strip(ext.errorMessage) }),
        ...(Array.isArray(fields) && {
          data: { ...ext.data, fields: fields.map((f) => (f && typeof f === 'object' ? { ...f, message: strip(f.message) } : f)) },
        }),
      },
    }),
  };
}

/** The error a resolver (or reference resolver, or plugin) threw, under any GraphQLError wrapping. */
function unwrapOriginal(raw: unknown): unknown {
  let current = raw;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/** Reads an ErrorBody back from GraphQL error extensions, if it is one. */
export function errorBodyFromExtensions(message: string, ext: Record<string, unknown> | undefined): ErrorBody | undefined {
  if (!ext || typeof ext.errorCode !== 'string' || typeof ext.status !== 'number') return undefined;
  const body: ErrorBody = {
    errorCode: ext.errorCode,
    errorMessage: typeof ext.errorMessage === 'string' ? ext.errorMessage : message,
    status: ext.status,
    error: typeof ext.error === 'object' && ext.error !== null && !Array.isArray(ext.error) ? (ext.error as Record<string, unknown>) : {},
  };
  if (ext.data !== undefined && ext.data !== null) body.data = ext.data as Record<string, unknown>;
  return body;
}

export function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
