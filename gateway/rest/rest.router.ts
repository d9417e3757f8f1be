import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServer } from '@apollo/server';
import { LRUCache } from 'lru-cache';
import { AppError, ErrorBody, isErrorBody, PlatformErrorCode, PlatformException } from '../../shared/errors/app-error.exception';
import { errorBodyFromExtensions } from '../../shared/errors/graphql-errors.mapper';
import type { Logger } from '../../shared/logging/logger';
import type { GatewayContext } from '../gateway.context';
import type { HttpMethod, RestReply, RestRequest, RestRoute } from './rest-route.types';
import { JsonBytes, PreparedReply, prepareReply, sendPreparedReply } from './prepared-reply.writer';
import { IDEMPOTENCY_KEY_HEADER, keyProblem, REPLAYED_HEADER, requestFingerprint } from '../idempotency/idempotency-key.policy';
import { IdempotencyException } from '../idempotency/idempotency.exception';
import { takesIdempotencyKey } from '../idempotency/idempotency.contract';
import type { IdempotentRequests } from '../idempotency/idempotent-requests.service';
import { readRouteBody } from './request-body.reader';
import { checkInput } from './rest-input.validator';
import type { DirectFetches, OperationOutcome } from '../fast-path/direct-fetch.service';
import type { TokenService } from '../../shared/auth/token.service';
import { InvalidatedCache } from '../../shared/cache/invalidated.cache';
import { TRUST_WINDOW_MS } from '../../shared/cache/invalidation-bus.service';
import type { InvalidationBus } from '../../shared/cache/invalidation-bus.service';
import { currentScope, runForEveryClient } from '../../shared/context/request-scope.state';
import { databaseFailure } from '../../shared/database/database.exception';
import { isRateLimitState, rateLimitHeaders } from '../../shared/rate-limit/rate-limit-headers.mapper';

/**
 * Replies kept at once. A cached route makes one per value of its key (the station lists: three in
 * all), so this bound only stops a route keyed on something unbounded from growing without end.
 */
export const MAX_CACHED_REPLIES = 32;
/**
 * A reply with a topic is read through the subgraph's own caches, in another process under docker-compose, which may
 * apply an invalidation after this one: by a few milliseconds, or, its link to Redis broken, only when its trust
 * window ends. A reply loaded that soon after a change lives this long rather than the route's seconds.
 */
export const UPSTREAM_SETTLE_MS = 2 * TRUST_WINDOW_MS;

/** What replies of routes whose data changes at run time need: the bus that says when, and token checks. */
export interface LiveReplies {
  bus: InvalidationBus;
  tokens: TokenService;
}

interface CompiledRoute {
  route: RestRoute;
  segments: string[];
}

/** Matches REST paths to routes, runs their GraphQL operation through the gateway, maps the answer. */
export class RestRouter {
  private readonly routes: CompiledRoute[];

  /**
   * Promises, so that requests arriving while a reply is built wait for that one build. A reply is
   * kept as sent (serialised, tagged, with its compressed forms) so a hit does none of that again.
   */
  private readonly replies = new LRUCache<string, Promise<PreparedReply>>({ max: MAX_CACHED_REPLIES });
  /** Replies of routes with a cache topic, one cache per topic, emptied by its invalidations. */
  private readonly liveReplies = new Map<string, InvalidatedCache<string, PreparedReply>>();

  constructor(
    routes: RestRoute[],
    private readonly apollo: ApolloServer<GatewayContext>,
    private readonly logger: Logger,
    private readonly maxBodyBytes: number,
    /** Operations the gateway plans as one fetch to one subgraph go straight to it (see fast-path/direct-fetch.service.ts). */
    private readonly direct?: DirectFetches,
    /** Without it, routes with a cache topic are not cached (unit tests). */
    private readonly live?: LiveReplies,
    /** Without it, Idempotency-Key is not read (unit tests); with it, `live` verifies whose key it is. */
    private readonly idempotency?: IdempotentRequests,
  ) {
    this.routes = routes.map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }));
  }

  /** How many replies the cache holds now. */
  get cachedReplies(): number {
    return this.replies.size + [...this.liveReplies.values()].reduce((sum, cache) => sum + cache.size, 0);
  }

  /** The path pattern of the route this request goes to (the metrics route label, never the raw path with its ids). */
  routeTemplate(method: string | undefined, pathname: string): string | undefined {
    const matches = this.match(pathname);
    const wanted = method === 'HEAD' ? 'GET' : method;
    return (matches.find((m) => m.route.method === wanted) ?? matches[0])?.route.path;
  }

  /** Returns false when no route has this path, so the caller can answer 404. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, context: GatewayContext): Promise<boolean> {
    const matches = this.match(url.pathname);
    if (matches.length === 0) return false;
    // HEAD runs the GET route and sends its headers without the body.
    const method = req.method === 'HEAD' ? 'GET' : (req.method as HttpMethod);
    const hit = matches.find((m) => m.route.method === method);
    const headers: Record<string, string> = { 'x-request-id': context.requestId };
    if (!hit) {
      const methods = new Set<string>(matches.map((m) => m.route.method));
      if (methods.has('GET')) methods.add('HEAD');
      const allowed = [...methods].join(', ');
      const body = new AppError(PlatformErrorCode.METHOD_NOT_ALLOWED, 405, `${req.method} is not supported on ${url.pathname}; use ${allowed}`).toBody();
      await sendPreparedReply(req, res, prepareReply({ status: 405, body }, { tagged: false }), { ...headers, allow: allowed }, context.clientIsLoopback);
      return true;
    }
    const key = this.idempotency && takesIdempotencyKey(hit.route) ? req.headers[IDEMPOTENCY_KEY_HEADER] : undefined;
    let reply: PreparedReply;
    try {
      reply =
        key === undefined
          ? await this.cached(hit.route, { params: hit.params, query: url.searchParams, body: undefined, headers: req.headers }, req, () =>
              this.run(hit.route, hit.params, req, url, context),
            )
          : await this.keyed(hit.route, hit.params, Array.isArray(key) ? key.join(',') : key, req, url, context);
    } catch (error) {
      reply = prepareReply(this.errorReply(error, context.requestId), { tagged: false });
    }
    await sendPreparedReply(req, res, reply, { ...headers, ...hit.route.alwaysHeaders }, context.clientIsLoopback);
    return true;
  }

  /**
   * A change sent with an Idempotency-Key (docs/decisions.md "Idempotency keys"): the first request runs and its
   * final answer, success or refusal, is kept for the account and key; a retry of the same request gets it again with
   * `Idempotent-Replayed: true`. Without a verified token there is no account to keep it for: the route answers its 401.
   */
  private async keyed(
    route: RestRoute,
    params: Record<string, string>,
    key: string,
    req: IncomingMessage,
    url: URL,
    context: GatewayContext,
  ): Promise<PreparedReply> {
    const problem = keyProblem(key);
    if (problem) throw IdempotencyException.invalidKey(problem);
    const principal = await this.live?.tokens.principalOrNull(req.headers.authorization);
    if (!principal) return prepareReply(await this.run(route, params, req, url, context), { tagged: false });
    const body = await readRouteBody(req, route, this.maxBodyBytes);
    const fingerprint = requestFingerprint(route.method, `${url.pathname}${url.search}`, body);
    const answer = await this.idempotency!.run(principal.accountId, key, fingerprint, async () => {
      try {
        const reply = await this.run(route, params, req, url, context, { body });
        const text = reply.body instanceof JsonBytes ? reply.body.bytes.toString('utf8') : undefined;
        return { status: reply.status ?? 200, headers: reply.headers ?? {}, body: reply.body, text };
      } catch (error) {
        const reply = this.errorReply(error, context.requestId);
        return { status: reply.status, headers: reply.headers, body: reply.body };
      }
    });
    const headers = { ...answer.headers, ...(answer.replayed ? { [REPLAYED_HEADER]: 'true' } : {}) };
    return prepareReply({ status: answer.status, headers, body: new JsonBytes(Buffer.from(answer.body)) }, { tagged: false });
  }

  /** An error as the REST answer a client reads: its body, and Retry-After and RateLimit headers where it has them. */
  private errorReply(error: unknown, requestId: string): RestReply & { status: number; headers: Record<string, string> } {
    const body = this.toErrorBody(error, requestId);
    const headers: Record<string, string> = {};
    const retryAfter = body.data?.retryAfterSeconds;
    if (typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
    if (isRateLimitState(body.data?.rateLimit)) Object.assign(headers, rateLimitHeaders(body.data.rateLimit));
    return { status: body.status, headers, body };
  }

  /**
   * Reference lists (airports, stations, companies) are the same for everyone allowed to read them: a route
   * with `cache` keeps its reply instead of rebuilding thousands of rows through GraphQL on every request.
   * Public lists change only with a deployment and live `seconds`; a list with a topic is forgotten when the
   * topic is invalidated (every process, within the bus's second). A failed build is not kept, so the next
   * request retries. Only cached replies carry our ETag: their hash is paid once, not on every request.
   */
  private async cached(route: RestRoute, request: RestRequest, req: IncomingMessage, produce: () => Promise<RestReply>): Promise<PreparedReply> {
    const uncached = async () => prepareReply(await produce(), { tagged: false });
    if (!route.cache || route.method !== 'GET') return uncached();
    if (route.auth && !route.cache.topic) return uncached();
    // Without a verified token the route runs as usual and answers its own 401, before any input check.
    if (route.cache.topic && (!this.live || (route.auth && !(await this.live.tokens.principalOrNull(req.headers.authorization))))) return uncached();
    const key = `${route.path}\u0000${route.cache.key(request)}`;
    // Kept replies serve every client: the one whose request builds it leaving must not stop it.
    const build = () => runForEveryClient(produce).then((built) => prepareReply(built, { tagged: true }));
    if (route.cache.topic) return this.liveCache(route.cache.topic, route.cache.seconds).getOrLoad(key, build);
    const cached = this.replies.get(key);
    if (cached) return cached;
    const reply = build();
    this.replies.set(key, reply, { ttl: route.cache.seconds * 1000 });
    reply.catch(() => {
      if (this.replies.peek(key) === reply) this.replies.delete(key);
    });
    return reply;
  }

  private liveCache(topic: string, seconds: number): InvalidatedCache<string, PreparedReply> {
    let cache = this.liveReplies.get(topic);
    if (!cache)
      this.liveReplies.set(
        topic,
        (cache = new InvalidatedCache(this.live!.bus, { topic, max: MAX_CACHED_REPLIES, ttlMs: seconds * 1000, settleMs: UPSTREAM_SETTLE_MS })),
      );
    return cache;
  }

  /** `read` is the body when the caller has read it already (a keyed request fingerprints it first). */
  private async run(route: RestRoute, params: Record<string, string>, req: IncomingMessage, url: URL, context: GatewayContext, read?: { body: unknown }) {
    if (route.auth && !req.headers.authorization) throw PlatformException.unauthenticated();
    const body = read ? read.body : await readRouteBody(req, route, this.maxBodyBytes);
    const request: RestRequest = { params, query: url.searchParams, body, headers: req.headers };
    checkInput(route.contract, request);
    const operation = route.operation(request);
    const planned = this.direct?.planned(operation.query);
    const outcome = (planned && (await this.direct!.run(planned, operation, context))) ?? (await this.throughGateway(operation, context));
    const { data, errors } = outcome;
    if (errors?.length) {
      const first = errors[0];
      throw errorBodyFromExtensions(first.message, first.extensions) ?? new Error(`GraphQL error without a body: ${first.message}`);
    }
    return route.reply(data, request);
  }

  private async throughGateway(operation: ReturnType<RestRoute['operation']>, context: GatewayContext): Promise<OperationOutcome> {
    const response = await this.apollo.executeOperation(operation, { contextValue: context });
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by REST routes');
    return response.body.singleResult;
  }

  private toErrorBody(error: unknown, requestId: string): ErrorBody {
    if (error instanceof AppError) return error.toBody();
    if (isErrorBody(error)) return error;
    if (currentScope()?.signal?.aborted) return PlatformException.clientClosed().toBody();
    const database = databaseFailure(error);
    if (database) return database.toBody();
    this.logger.error('REST route failed', { requestId, reason: error instanceof Error ? error.message : String(error) });
    return PlatformException.internal(requestId).toBody();
  }

  private match(pathname: string): Array<{ route: RestRoute; params: Record<string, string> }> {
    const parts = pathname.split('/').filter(Boolean);
    const found: Array<{ route: RestRoute; params: Record<string, string> }> = [];
    for (const { route, segments } of this.routes) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        if (segments[i].startsWith(':')) {
          try {
            params[segments[i].slice(1)] = decodeURIComponent(parts[i]);
          } catch {
            ok = false;
          }
        } else ok = segments[i] === parts[i];
      }
      if (ok) found.push({ route, params });
    }
    return found;
  }
}
