import { GraphQLError } from 'graphql';
import { AppError } from './app-error.exception';
import { createErrorFormatter, errorBodyFromExtensions, subgraphClientError } from './graphql-errors.mapper';
import { createLogger } from '../logging/logger';
import { QueryFailedError } from 'typeorm';
import { runInRequestScope } from '../context/request-scope.state';

describe('GraphQL error formatting', () => {
  const logged: string[] = [];
  const format = createErrorFormatter(createLogger('error', {}, (line) => logged.push(line)));

  it('carries an AppError body in extensions, without http', () => {
    const error = new AppError('SEAT_ALREADY_BOOKED', 400, 'Seat taken', undefined, { name: 'SeatConflict', seatId: '12A' });
    const formatted = format({ message: 'x' }, new GraphQLError('x', { originalError: error }));
    expect(formatted.extensions).toEqual({
      code: 'SEAT_ALREADY_BOOKED',
      errorCode: 'SEAT_ALREADY_BOOKED',
      errorMessage: 'Seat taken',
      status: 400,
      error: { name: 'SeatConflict', seatId: '12A' },
    });
    expect(errorBodyFromExtensions(formatted.message, formatted.extensions)).toEqual({
      errorCode: 'SEAT_ALREADY_BOOKED',
      errorMessage: 'Seat taken',
      status: 400,
      error: { name: 'SeatConflict', seatId: '12A' },
    });
  });

  it('keeps a body passed through from a subgraph but drops serviceName and stack traces', () => {
    const formatted = format(
      {
        message: 'gone',
        extensions: {
          errorCode: 'FLIGHT_OFFER_EXPIRED',
          errorMessage: 'gone',
          status: 410,
          data: { refreshSearch: true },
          serviceName: 'flight',
          stacktrace: ['at x'],
        },
      },
      new GraphQLError('gone'),
    );
    expect(formatted.extensions).toEqual({
      code: 'FLIGHT_OFFER_EXPIRED',
      errorCode: 'FLIGHT_OFFER_EXPIRED',
      errorMessage: 'gone',
      status: 410,
      data: { refreshSearch: true },
      error: {},
    });
  });

  it('turns a client mistake into a 400 body', () => {
    const formatted = format(
      { message: 'Cannot query field "x"', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      new GraphQLError('Cannot query field "x"'),
    );
    expect(formatted.extensions).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400 });
  });

  it('cuts "Did you mean" suggestions from every message when schema details are hidden, and only then', () => {
    const hiding = createErrorFormatter(createLogger('error'), { hideSchemaDetails: true });
    const validation = { message: 'Cannot query field "airport" on type "Query". Did you mean "airports"?', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    expect(hiding(validation, new GraphQLError(validation.message))).toMatchObject({
      message: 'Cannot query field "airport" on type "Query".',
      extensions: { errorMessage: 'Cannot query field "airport" on type "Query".' },
    });
    expect(format(validation, new GraphQLError(validation.message)).message).toMatch(/Did you mean "airports"\?$/);
    const coercion =
      'Variable "$input" got invalid value { firstNam: "Asha" } at "input.passengers[0]"; Field "firstNam" is not defined by type "FlightPassengerInput". Did you mean "firstName" or "lastName"?';
    const formatted = hiding({ message: coercion, extensions: { code: 'BAD_USER_INPUT' } }, new GraphQLError(coercion));
    expect(JSON.stringify(formatted)).not.toMatch(/did you mean/i);
    expect(formatted.extensions).toMatchObject({ errorCode: 'BAD_REQUEST', data: { fields: [{ field: 'passengers[0]' }] } });
  });

  it('answers a document over the parser token limit as QUERY_TOO_COMPLEX', () => {
    const message = 'Syntax Error: Document contains more that 5000 tokens. Parsing aborted.';
    expect(format({ message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, new GraphQLError(message)).extensions).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      errorCode: 'QUERY_TOO_COMPLEX',
      errorMessage: 'The document has more than 5000 tokens; the limit is 5000',
      status: 400,
      error: {},
    });
  });

  it('reads a subgraph 4xx answer, flat or as GraphQL errors, as the client error it is', () => {
    const tooLarge = subgraphClientError(413, {
      errorCode: 'PAYLOAD_TOO_LARGE',
      errorMessage: 'The request body is larger than 1024 bytes',
      status: 413,
      other: 1,
    });
    expect(tooLarge?.extensions).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      errorCode: 'PAYLOAD_TOO_LARGE',
      errorMessage: 'The request body is larger than 1024 bytes',
      status: 413,
      error: {},
    });
    const coercion = subgraphClientError(400, {
      errors: [
        {
          message: 'bad',
          extensions: { code: 'BAD_REQUEST', errorCode: 'BAD_REQUEST', errorMessage: 'ageCategory has the wrong type', status: 400, data: { fields: [] } },
        },
      ],
    });
    expect(coercion?.message).toBe('ageCategory has the wrong type');
    expect(coercion?.extensions).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { fields: [] } });
    expect(subgraphClientError(500, { errorCode: 'INTERNAL_ERROR', errorMessage: 'x', status: 500 })).toBeUndefined();
    expect(subgraphClientError(400, '<html>bad gateway</html>')).toBeUndefined();
  });

  it('masks an unexpected failure as a 500 and logs it', () => {
    const formatted = format(
      { message: 'ER_NO_SUCH_TABLE: secret detail' },
      new GraphQLError('x', { originalError: new Error('ER_NO_SUCH_TABLE: secret detail') }),
    );
    expect(formatted.message).not.toMatch(/secret/);
    expect(formatted.extensions).toMatchObject({ errorCode: 'INTERNAL_ERROR', status: 500 });
    expect(logged.join('\n')).toMatch(/ER_NO_SUCH_TABLE/);
  });

  /** A statement the server stopped, as TypeORM throws it: the driver's errno on the error. */
  const stopped = (errno: number, message: string) => new QueryFailedError('SELECT 1', [], Object.assign(new Error(message), { errno }));

  it('answers a statement over its time limit as 503 QUERY_TIMEOUT with Retry-After, MariaDB and MySQL alike, without the server text', () => {
    for (const error of [
      stopped(1969, 'Query execution was interrupted (max_statement_time exceeded)'),
      stopped(3024, 'Query execution was interrupted, maximum statement execution time exceeded'),
    ]) {
      logged.length = 0;
      const formatted = format({ message: error.message }, new GraphQLError(error.message, { originalError: error }));
      expect(formatted.extensions).toMatchObject({ errorCode: 'QUERY_TIMEOUT', status: 503, data: { retryable: true, retryAfterSeconds: 1 } });
      expect(formatted.message).not.toMatch(/interrupted/);
      expect(logged.join('\n')).not.toMatch(/unhandled/);
    }
  });

  it('answers a killed statement as 503 QUERY_CANCELLED, and anything failing after the client left as 499, unlogged', async () => {
    const killed = stopped(1317, 'Query execution was interrupted');
    expect(format({ message: killed.message }, new GraphQLError(killed.message, { originalError: killed })).extensions).toMatchObject({
      errorCode: 'QUERY_CANCELLED',
      status: 503,
    });
    logged.length = 0;
    const client = new AbortController();
    client.abort();
    const formatted = await runInRequestScope(
      'req-gone-0001',
      async () => format({ message: 'aborted' }, new GraphQLError('aborted', { originalError: new Error('aborted') })),
      client.signal,
    );
    expect(formatted.extensions).toMatchObject({ errorCode: 'CLIENT_CLOSED_REQUEST', status: 499 });
    expect(logged).toEqual([]);
  });
});
