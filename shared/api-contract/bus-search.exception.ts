import { AppError } from '../errors/app-error.exception';
import type { BusSearchProblemKind } from './bus-search.validator';

/**
 * The bus domain's coded errors for search input. Every problem is listed in data.fields[]; the code names the most
 * basic one: missing (FROM_STOP_ID_REQUIRED, as the train search), then malformed (BAD_REQUEST), then a well-formed
 * stop id that is not in the stop list (UNKNOWN_STOP_ID, 400: the query is wrong, the path exists).
 */
export class BusSearchException extends AppError {
  /** A problem without a kind (one the REST layer found in the request's JSON types) counts as malformed. */
  static of(problems: ReadonlyArray<{ field: string; message: string; kind?: BusSearchProblemKind }>): BusSearchException {
    const code = problems.some((p) => p.kind === 'missing')
      ? 'FROM_STOP_ID_REQUIRED'
      : problems.some((p) => (p.kind ?? 'malformed') === 'malformed')
        ? 'BAD_REQUEST'
        : 'UNKNOWN_STOP_ID';
    const message = problems.map((p) => `${p.field} ${p.message}`).join('; ');
    return new BusSearchException(code, 400, message, { fields: problems.map(({ field, message: m }) => ({ field, message: m })) });
  }
}
