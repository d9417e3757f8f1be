import { IdempotencyStore } from './idempotency/idempotency.store';
import { IdempotentRequests } from './idempotency/idempotent-requests.service';
import { idempotencyPlugin } from './idempotency/idempotency.plugin';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloGateway, GraphQLDataSourceProcessOptions, RemoteGraphQLDataSource } from '@apollo/gateway';
import type { GraphQLError } from 'graphql';
import type { Platform } from '../shared/platform/platform.wiring';
import type { Logger } from '../shared/logging/logger';
import type { SubgraphName } from '../shared/config/platform.config';
import { requestIdFrom } from '../shared/context/request.context';
import { subgraphClientError } from '../shared/errors/graphql-errors.mapper';
import { noteAccount, runInRequestScope } from '../shared/context/request-scope.state';
import { ACCOUNT_HEADER, logAccess, operationNamePlugin } from '../shared/http/access-log.middleware';
import { sharedApolloOptions } from '../shared/http/apollo.config';
import { handleGraphQLRequest } from '../shared/http/apollo-http.handler';
import { sendJson } from '../shared/http/json-response.writer';
import { closeServer, listen } from '../shared/http/listen.server';
import { clientAddress, isLoopbackAddress } from '../shared/http/client-address.reader';
import { corsHandler } from '../shared/http/cors.middleware';
import { securityHeaders } from '../shared/http/security-headers.policy';
import { LoginShedder } from './login-shedder.service';
import { platformLogin, queueDashboard } from './queue-dashboard.handler';
import type { RunningServer } from '../shared/http/subgraph.server';
import { costLimitPlugin, documentLimitsCheck } from './graphql-limits.validator';
import { gatewayReadiness, healthReport } from './health.probe';
import { subgraphFetcher } from './fast-path/subgraph.fetcher';
import type { Metrics } from '../shared/metrics/metrics.registry';
import { observeHttp } from '../shared/metrics/http-metrics.middleware';
import { graphqlMetricsPlugin } from '../shared/metrics/graphql-metrics.plugin';
import { OPS_PATHS, operatorAsks, opsEndpoints } from '../shared/http/ops-endpoints.handler';
import { withoutDetails } from '../shared/http/readiness.probe';
import { integrationsOf } from '../shared/config/integrations.view';
import { discoveryDocument } from './discovery.view';
import { explorerHandler, withExplorerLink } from './explorer.handler';
import { GatewayContext, gatewayContext } from './gateway.context';
import { RestRouter } from './rest/rest.router';
import { REST_ROUTES } from './rest/routes';
import { buildOpenApiDocument } from './rest/openapi-document.builder';
import { PreparedReply, prepareReply, sendPreparedReply } from './rest/prepared-reply.writer';
import { DirectFetches } from './fast-path/direct-fetch.service';
import { clientDisconnectSignal } from '../shared/http/client-disconnect.middleware';
import { LIVE_STREAM_PATH, liveStreamRoute, type LiveStreamRoute } from './live/live-stream.handler';

/** Passes the client's headers (token, language, currency, ids) on to every subgraph call. */
class ForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly subgraph: string,
    private readonly metrics: Metrics,
  ) {
    // A keep-alive node:http fetcher instead of Apollo's default (make-fetch-happen): see fast-path/subgraph.fetcher.ts.
    super({ url, fetcher: subgraphFetcher });
  }

  /** Times every fetch of this subgraph (safiri_gateway_subgraph_fetch_duration_seconds). */
  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): ReturnType<RemoteGraphQLDataSource<GatewayContext>['process']> {
    const end = this.metrics.subgraphFetchDuration.startTimer({ subgraph: this.subgraph });
    try {
      const response = await super.process(options);
      end({ outcome: response.errors?.length ? 'error' : 'ok' });
      return response;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    for (const [name, value] of Object.entries(context?.forwardedHeaders ?? {})) request.http?.headers.set(name, String(value));
  }

  /** The account a subgraph verified goes into this request's access line. */
  override didReceiveResponse({ response }: Parameters<NonNullable<RemoteGraphQLDataSource['didReceiveResponse']>>[0]) {
    noteAccount(response.http?.headers.get(ACCOUNT_HEADER) ?? undefined);
    return response;
  }

  /** A subgraph's 4xx keeps its status and body (413 for a field too large, 400 for a bad variable) instead of becoming a 500. */
  override async errorFromResponse(response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0]): Promise<GraphQLError> {
    const error = await super.errorFromResponse(response);
    const answer = error.extensions.response as { status: number; body: unknown } | undefined;
    return (answer && subgraphClientError(answer.status, answer.body)) ?? error;
  }
}

/**
 * The public face: GraphQL at /graphql (Sandbox in a browser outside production), the REST
 * compatibility layer, /health and the discovery document. Subgraph URLs come from configuration,
 * not from the supergraph file, so one committed supergraph serves every deployment.
 */
export async function startGateway(
  platform: Platform,
  supergraphSdl: string,
  subgraphUrls: Record<SubgraphName, string>,
  port: number,
): Promise<RunningServer> {
  const { config } = platform;
  const logger = platform.logger.child({ service: 'gateway' });
  const idempotency = new IdempotentRequests(new IdempotencyStore(platform.redis, config.queuePrefix), logger);
  const { apollo, direct } = await startApollo(platform, logger, supergraphSdl, subgraphUrls, idempotency);
  const rest = new RestRouter(REST_ROUTES, apollo, logger, config.maxBodyBytes, direct, { bus: platform.invalidations, tokens: platform.tokens }, idempotency);
  const live = liveStreamRoute(platform, apollo, logger);
  const handle = gatewayHandler(platform, apollo, rest, subgraphUrls, live);
  const server = gatewayServer(platform, logger, rest, handle);
  server.keepAliveTimeout = 65_000;
  const bound = await listen(server, port, config.host);
  return {
    name: 'gateway',
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      // Open live streams would hold the server open: they complete first.
      await live.close();
      await closeServer(server);
      await apollo.stop();
    },
  };
}

/** Apollo's gateway over the subgraphs, with the limits, metrics and landing page of this platform, started. */
async function startApollo(
  platform: Platform,
  logger: Logger,
  supergraphSdl: string,
  subgraphUrls: Record<SubgraphName, string>,
  idempotency: IdempotentRequests,
): Promise<{ apollo: ApolloServer<GatewayContext>; direct: DirectFetches }> {
  const { config } = platform;
  const production = config.nodeEnv === 'production';
  // Apollo's gateway otherwise reports usage to Apollo and probes cloud metadata addresses at start:
  // a booking platform sends nothing out unless its operator opts in (set it to "false" to allow).
  process.env.APOLLO_TELEMETRY_DISABLED ??= 'true';
  const apolloOptions = sharedApolloOptions<GatewayContext>(logger, { production });
  // Operations the gateway plans as a single fetch skip its result shaping: see fast-path/direct-fetch.service.ts.
  const direct = new DirectFetches(logger, platform.metrics, apolloOptions.formatError!);
  const gateway = new ApolloGateway({
    supergraphSdl,
    experimental_didResolveQueryPlan: direct.observe,
    buildService: ({ name }) => new ForwardingDataSource(subgraphUrls[name as SubgraphName] ?? missingSubgraph(name), name, platform.metrics),
  });
  const apollo = new ApolloServer<GatewayContext>({
    // /graphql operations planned as one fetch skip the gateway's result shaping too (fast-path/direct-fetch.service.ts).
    gateway: direct.wrap(gateway),
    ...apolloOptions,
    // No CSRF prevention on /graphql, so urql's default GET queries run (docs/decisions.md, "urql's GET queries"):
    // it authenticates by bearer header only, never by cookie or address, so a cross-site request carries no
    // credential. Apollo still refuses mutations over GET, and a POST without a JSON body runs nothing.
    csrfPrevention: false,
    introspection: !production,
    // Apollo parses every document again (the REST layer's too), stopping at the same token limit.
    parseOptions: { maxTokens: config.graphqlMaxTokens },
    plugins: [
      operationNamePlugin(),
      costLimitPlugin({ authenticated: config.graphqlMaxCost, public: config.graphqlMaxCostPublic }),
      // It claims a key only once every plugin's checks have passed (its responseForOperation).
      idempotencyPlugin(idempotency, platform.tokens),
      graphqlMetricsPlugin(platform.metrics, 'gateway'),
      production
        ? ApolloServerPluginLandingPageDisabled()
        : config.explorerEnabled
          ? withExplorerLink(ApolloServerPluginLandingPageLocalDefault({ embed: true }))
          : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
    ],
  });
  await apollo.start();
  return { apollo, direct };
}

type GatewayHandler = (req: IncomingMessage, res: ServerResponse, requestId: string) => Promise<void>;

/** Every path the gateway serves, in the order they are tried; the REST routes last, then 404. */
function gatewayHandler(
  platform: Platform,
  apollo: ApolloServer<GatewayContext>,
  rest: RestRouter,
  subgraphUrls: Record<SubgraphName, string>,
  live: LiveStreamRoute,
): GatewayHandler {
  const { config } = platform;
  const checkDocument = documentLimitsCheck({
    maxTokens: config.graphqlMaxTokens,
    maxDepth: config.graphqlMaxDepth,
    maxSelections: config.graphqlMaxSelections,
    maxAliases: config.graphqlMaxAliases,
    maxFragmentSpreads: config.graphqlMaxFragmentSpreads,
  });
  const logins = new LoginShedder(platform.redis, config.queuePrefix, config.login);
  const cors = corsHandler(config.corsOrigins);
  const explorer = config.explorerEnabled ? explorerHandler() : null;
  const dashboard = config.queueDashboardEnabled ? queueDashboard(platform) : null;
  const ops = opsEndpoints(platform, () => gatewayReadiness(platform, subgraphUrls), { publicListener: true });
  // Built on first request, then sent as prepared (serialised, tagged, compressed once).
  let openApi: PreparedReply | undefined;

  return async (req, res, requestId) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const idHeader = { 'x-request-id': requestId };
    const address = clientAddress(req, config.trustProxy);
    // Before CORS: the dashboard is for pages of this origin only.
    const login = () => platformLogin(apollo, logins, gatewayContext(requestId, req.headers, address, 'rest'), address);
    if (dashboard && (await dashboard(req, res, url.pathname, login))) return;
    if (cors(req, res)) return;
    if (url.pathname === '/api/logon' && req.method === 'POST' && (await refuseThrottledLogin(platform, logins, address, req, res, idHeader))) return;
    if (url.pathname === LIVE_STREAM_PATH) return live.handle(req, res, requestId, address);
    if (url.pathname === '/graphql') {
      return handleGraphQLRequest(apollo, req, res, {
        maxBodyBytes: config.maxBodyBytes,
        context: async () => gatewayContext(requestId, req.headers, address, 'graphql'),
        extraHeaders: idHeader,
        refuse: checkDocument,
        compress: true,
        clientIsLoopback: isLoopbackAddress(address),
      });
    }
    // HEAD is GET without the body: node's ServerResponse sends none after a HEAD.
    const get = req.method === 'GET' || req.method === 'HEAD';
    if (url.pathname === '/health' && get) {
      const report = await healthReport(platform, subgraphUrls);
      // Operators also see which supplier and payment provider are active, and whether live or test.
      const shown = operatorAsks(req, config.metrics.token)
        ? { ...report, body: { ...report.body, integrations: integrationsOf(config) } }
        : withoutDetails(report);
      return sendJson(res, shown.httpStatus, shown.body, { ...idHeader, 'cache-control': 'no-store' });
    }
    if (await ops(req, res, url.pathname)) return;
    if (url.pathname === '/.well-known/api-discovery' && get) {
      return sendJson(res, 200, discoveryDocument(config), { ...idHeader, 'cache-control': 'public, max-age=3600' });
    }
    if (explorer && url.pathname.startsWith('/explorer') && (await explorer(req, res, url.pathname, idHeader))) return;
    if (url.pathname === '/openapi.json' && get) {
      openApi ??= prepareReply({ body: buildOpenApiDocument(REST_ROUTES), headers: { 'cache-control': 'public, max-age=300' } }, { tagged: true });
      return sendPreparedReply(req, res, openApi, idHeader);
    }
    if (await rest.handle(req, res, url, gatewayContext(requestId, req.headers, address, 'rest'))) return;
    sendJson(res, 404, { errorCode: 'NOT_FOUND', errorMessage: `No route for ${req.method} ${url.pathname}`, status: 404, error: {} }, idHeader);
  };
}

/** A login from an address over its attempt budget is answered 429 before any password is hashed; true when it was. */
async function refuseThrottledLogin(
  platform: Platform,
  logins: LoginShedder,
  address: string,
  req: IncomingMessage,
  res: ServerResponse,
  idHeader: Record<string, string>,
): Promise<boolean> {
  const retryAfter = await logins.admit(address);
  if (retryAfter === null) return false;
  platform.metrics.loginThrottled.inc({ layer: 'gateway' });
  req.resume();
  const message = 'Too many login attempts from this address: wait and try again';
  sendJson(
    res,
    429,
    { errorCode: 'LOGIN_THROTTLED', errorMessage: message, status: 429, data: { retryAfterSeconds: retryAfter }, error: {} },
    { ...idHeader, 'retry-after': String(retryAfter) },
  );
  return true;
}

/** The HTTP server: metrics and the access log for every request, each run in its own request scope. */
function gatewayServer(platform: Platform, logger: Logger, rest: RestRouter, handle: GatewayHandler): Server {
  // The route label: a fixed path or a REST route's pattern, never the raw path (it carries ids).
  const routeLabel = (method: string | undefined, path: string): string =>
    (GATEWAY_PATHS.includes(path) && path) || (path.startsWith('/explorer') && '/explorer') || rest.routeTemplate(method, path) || 'unmatched';
  const security = securityHeaders(platform.config);
  return createServer((req, res) => {
    observeHttp(platform.metrics, 'gateway', req, res, () => routeLabel(req.method, new URL(req.url ?? '/', 'http://localhost').pathname));
    const requestId = requestIdFrom(req.headers);
    // Every answer names its request, whichever handler writes it (probes, metrics, the dashboard's redirects, CORS),
    // and carries the security headers (a page's own content security policy replaces the default one).
    res.setHeader('x-request-id', requestId);
    for (const [name, value] of security) res.setHeader(name, value);
    // A client that goes away takes its subgraph fetches with it (fast-path/subgraph.fetcher.ts), and they their broad reads.
    runInRequestScope(
      requestId,
      () => {
        logAccess(logger, req, res);
        return handle(req, res, requestId);
      },
      clientDisconnectSignal(res),
    ).catch((error) => {
      logger.error('gateway request failed', { requestId, reason: (error as Error).message });
      if (!res.headersSent) {
        sendJson(
          res,
          500,
          { errorCode: 'INTERNAL_ERROR', errorMessage: 'Something went wrong on our side; retry later', status: 500, data: { requestId }, error: {} },
          { 'x-request-id': requestId },
        );
      } else res.end();
    });
  });
}

const GATEWAY_PATHS: string[] = ['/graphql', LIVE_STREAM_PATH, '/health', '/.well-known/api-discovery', '/openapi.json', ...OPS_PATHS];

function missingSubgraph(name: string): never {
  throw new Error(`the supergraph names subgraph "${name}", which has no configured URL`);
}
