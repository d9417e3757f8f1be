import { z } from 'zod';
import { AppError, PlatformException } from '../../shared/errors/app-error.exception';
import { valueAt } from './rest-input.reader';
import type { RestRequest } from './rest-route.types';

/**
 * What a REST route promises, declared next to its path: the OpenAPI document is generated from these
 * (bin/openapi.cli.ts), the router validates input with the same schemas, and the e2e suites check
 * every answer against the document. So the 400s, the document and the answers cannot disagree.
 *
 * Request schemas are derived from the GraphQL arguments (graphql-shapes/rest-input.builder.ts) and check JSON
 * types and presence as GraphQL does; a rule about values is written once, in the owning module's validator
 * (`validate`, run here and by the subgraph) or, when it needs data (a known station, a seat that exists), in the
 * subgraph alone, whose error REST answers as it is.
 */
export interface RouteContract {
  /** One line for the operation list, e.g. "Search flight offers". */
  summary: string;
  description?: string;
  /** The spec document section it belongs to: Flight, Train, Bus, Tickets, Companies, Reverse proxy, Webhooks, Platform. */
  tag: RouteTag;
  /** Unique across the document; defaults to one built from the method and path. */
  operationId?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Documented request headers (Content-Language, If-Match, X-External-User-Id …), lower-case names. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /**
   * The owning module's validator of this input (shared/api-contract/*.validator.ts), when the subgraph checks the same
   * input with it: it replaces the body schema's check, so REST and GraphQL answer one list of problems, written once.
   * The body schema then only documents the request.
   */
  validate?: (request: RestRequest) => InputProblem[];
  /**
   * The input `validate` checks in place of its schema: the body (the default), the query string of a GET route, or the
   * path (a route whose path names what it acts on, e.g. a payment reference).
   */
  validates?: 'body' | 'query' | 'params';
  /** Success answers by status. */
  responses: Partial<Record<number, SuccessResponse>>;
  /** Documented error statuses and what each means; the body is always the error object. */
  errors: Partial<Record<number, string>>;
  /** The error object of a status whose `data` a client acts on, documented in full (ErrorBodySchema extended). */
  errorSchemas?: Partial<Record<number, z.ZodType>>;
  /** Response headers some of those errors carry, by status and lower-case name (e.g. 429: retry-after). */
  errorHeaders?: Partial<Record<number, Record<string, string>>>;
  /**
   * A route whose spec names its own code for a missing input (train search: FROM_STOP_ID_REQUIRED)
   * maps the failed input check to that error; otherwise it is a 400 BAD_REQUEST naming each field.
   */
  invalidInput?: (fields: InputProblem[]) => AppError;
}

export type RouteTag = 'Flight' | 'Train' | 'Bus' | 'Tickets' | 'Companies' | 'Reverse proxy' | 'Webhooks' | 'Platform';

export interface SuccessResponse {
  description: string;
  /** JSON body; omitted for 204 and for bodies that are not JSON (give `contentType`). */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
  /** Documented response headers by lower-case name, e.g. etag or cache-control. */
  headers?: Record<string, string>;
}

export interface InputProblem {
  field: string;
  message: string;
}

/** The error object of both spec documents. `error` is always an object, `{}` when there is nothing to add. */
export const ErrorBodySchema = z
  .object({
    errorCode: z.string().meta({ description: 'Stable machine-readable code, e.g. FLIGHT_OFFER_EXPIRED.' }),
    errorMessage: z.string().meta({ description: 'What went wrong, for a person.' }),
    status: z.number().int().meta({ description: 'The HTTP status of this answer.' }),
    data: z.looseObject({}).optional().meta({ description: 'Structured details: fields[], retryable, price change, reconciliation identifiers …' }),
    error: z.looseObject({}).meta({ description: 'May carry name, and seatId for seat conflicts; {} when there is nothing to add.' }),
  })
  .meta({ id: 'ErrorBody', description: 'The error object every REST error answers with.' });

/** The 429 of every search route and the headers it carries (shared/rate-limit/search-rate-limiter.service.ts). */
export const SEARCH_RATE_LIMIT_ERRORS: Pick<RouteContract, 'errors' | 'errorHeaders'> = {
  errors: {
    429:
      'SEARCH_RATE_LIMITED: this account searches faster than it may (by default 10 searches a second with bursts of 50, one budget for ' +
      'flight, train and bus searches). Retry-After and data.retryAfterSeconds say when to try again.',
  },
  errorHeaders: {
    429: {
      'retry-after': 'Whole seconds to wait before the next search (rounded up).',
      'ratelimit-policy': 'The quota policy (draft-ietf-httpapi-ratelimit-headers-11), e.g. "search";q=50;w=5: 50 searches within 5 seconds.',
      ratelimit: 'The service limit now (draft-ietf-httpapi-ratelimit-headers-11), e.g. "search";r=0;t=1: none available within the next second.',
    },
  },
};

/** Statuses any operation may answer although no table lists them (body over the limit, wrong media type, …). */
export const COMMON_ERRORS: Record<number, string> = {
  413: 'The body is larger than the gateway accepts.',
  415: 'A body was sent that is not JSON.',
  500: 'Retryable local failure; the body carries a request id.',
  503: 'QUERY_TIMEOUT: a database statement ran past its time limit; retryable, Retry-After says when.',
};

/** Reads a URLSearchParams into an object for validation: a repeated name keeps its first value. */
export function queryObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of query) if (!(name in out)) out[name] = value;
  return out;
}

/** Problems of a failed zod parse, each naming its field the way the client wrote it (a.b[2].c). */
export function inputProblems(error: z.ZodError, input: unknown): InputProblem[] {
  return error.issues.map((issue) => {
    let field = '';
    for (const step of issue.path) {
      if (typeof step === 'number') field += `[${step}]`;
      else field += field ? `.${String(step)}` : String(step);
    }
    if (issue.code === 'unrecognized_keys') field += (field ? '.' : '') + issue.keys.join(',');
    return {
      field: field || '(body)',
      message: problemMessage(issue, valueAt(input, ...issue.path.map((step) => (typeof step === 'number' ? step : String(step))))),
    };
  });
}

function problemMessage(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'invalid_type' && value === undefined) return `is required (${issue.expected})`;
  if (issue.code === 'invalid_type') return `must be ${article(issue.expected)}`;
  return issue.message;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** The problems of a shared validator's answer (`{ problems }` or its checked value), for a contract's `validate`. */
export const problemsOfCheck = (checked: { problems: InputProblem[] } | object): InputProblem[] => ('problems' in checked ? checked.problems : []);

/**
 * The `validate` of a route whose subgraph runs the module validator itself after it authorizes the caller or while it
 * reads data (the airports a search may name, the offer a reservation books): there a check made here first would
 * answer differently (a 400 for a caller the subgraph refuses 403, a list without the problems only the subgraph can
 * see). So a body GraphQL can carry (`schema`, derived from the arguments, accepts it) goes on and the subgraph's error,
 * from that validator, is REST's. A body GraphQL cannot carry (a required member missing, a JSON type wrong) is
 * answered here with the validator's problems, then the schema's for members the validator does not name.
 */
export function validateUncarried(schema: z.ZodType, check: (request: RestRequest) => InputProblem[]): (request: RestRequest) => InputProblem[] {
  return (request) => {
    const body = request.body ?? {};
    const carried = schema.safeParse(body);
    if (carried.success) return [];
    const problems = check(request);
    return [...problems, ...inputProblems(carried.error, body).filter((typed) => !problems.some((p) => p.field === typed.field))];
  };
}

/**
 * A `validate` whose problems come in the order of the body's members as `schema` documents them (a field such as
 * `notificationChannels[1]` by its member), a problem of no member (a rule over several: "give exactly one selector")
 * after them. For a route whose validator lists in its own order (the subgraph answers that order) but whose gateway
 * 400 has always listed by member: the order of the gateway's answer is kept.
 */
export function inMemberOrder(schema: z.ZodObject, validate: (request: RestRequest) => InputProblem[]): (request: RestRequest) => InputProblem[] {
  const members = Object.keys(schema.shape);
  const rank = (field: string) => {
    const at = members.indexOf(field.split(/[.[]/, 1)[0]);
    return at < 0 ? members.length : at;
  };
  // Array#sort is stable: problems of one member keep the validator's order.
  return (request) => [...validate(request)].sort((a, b) => rank(a.field) - rank(b.field));
}

/** The default answer to input that fails a route's schemas: a 400 listing every field. */
export function badInput(fields: InputProblem[]): AppError {
  const text = fields
    .slice(0, 5)
    .map((f) => `"${f.field}" ${f.message}`)
    .join('; ');
  return PlatformException.badRequest(`Invalid request: ${text}${fields.length > 5 ? ` (and ${fields.length - 5} more)` : ''}`, {
    field: fields[0].field,
    fields,
  });
}
