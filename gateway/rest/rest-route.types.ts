import type { IncomingHttpHeaders } from 'node:http';
import type { RouteContract } from './rest.contract';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
}

/**
 * A JSON object: a request body (the router has checked it is one), or a GraphQL result object a route passes
 * through or reshapes. Fields a route only copies stay unknown; a route narrows those it computes with.
 */
export type JsonObject = Record<string, unknown>;

export interface GraphQLOperation {
  query: string;
  variables?: Record<string, unknown>;
  /**
   * When the operation goes straight to its one subgraph (fast-path/direct-fetch.service.ts), its answer as the subgraph
   * sent it, unparsed: what to hand to `reply` as data, or undefined to have it parsed as usual. For an
   * answer too large to parse and serialise again (the flight search).
   */
  fromAnswerBytes?(answer: Buffer): unknown;
}

export interface RestReply {
  status?: number;
  /** Sent as JSON (a JsonBytes is JSON already), or as-is when a Buffer (give its content-type in headers, e.g. application/pdf); ignored with status 204. */
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * One documented REST path, translated into one GraphQL operation run through the gateway.
 * `operation` may throw an AppError for input the REST contract rejects before GraphQL.
 */
export interface RestRoute {
  method: HttpMethod;
  /** Literal segments and `:name` parameters, e.g. /api/trip/train/ticket/:paymentReference/issue */
  path: string;
  /** A bearer token is required: missing means 401 before anything runs. */
  auth: boolean;
  /** JSON body expected (POST, PUT, PATCH): Content-Type must be JSON. */
  jsonBody?: boolean;
  /**
   * GET routes answering reference lists: the reply is reused for `seconds`, per value of `key`.
   * The key is built from what the route reads (e.g. `mini`), never the raw query string, so query
   * strings the route ignores cannot make new entries. It may throw an AppError, like `operation`.
   * A route with `topic` (data that changes at run time) forgets its replies whenever that topic is
   * published on the invalidation bus; with `auth`, a reply is served only to a caller whose token
   * verifies, so such a route must answer every signed-in caller alike.
   */
  cache?: { seconds: number; key(request: RestRequest): string; topic?: string };
  /** Headers sent with every answer of this route, errors included (e.g. seat/release: Cache-Control no-store). */
  alwaysHeaders?: Record<string, string>;
  /** Request and response schemas: the OpenAPI document, the input check and the contract tests all read them. */
  contract: RouteContract;
  operation(request: RestRequest): GraphQLOperation;
  /** `data` is the operation's result; each route declares the shape its own query selects. */
  reply(data: unknown, request: RestRequest): RestReply;
}
