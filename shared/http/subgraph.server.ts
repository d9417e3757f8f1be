import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { GraphQLSchema } from 'graphql';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { Metrics } from '../metrics/metrics.registry';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Platform } from '../platform/platform.wiring';
import { RequestContext, requestIdFrom } from '../context/request.context';
import { currentScope, runInRequestScope } from '../context/request-scope.state';
import { sharedApolloOptions } from './apollo.config';
import { handleGraphQLRequest } from './apollo-http.handler';
import { closeServer, listen } from './listen.server';
import { sendJson } from './json-response.writer';
import { forwardedClientAddress } from './client-address.reader';
import { ACCOUNT_HEADER, logAccess, operationNamePlugin } from './access-log.middleware';
import { OPS_PATHS, opsEndpoints } from './ops-endpoints.handler';
import { checkAll, dependencyChecks } from './readiness.probe';
import { observeHttp } from '../metrics/http-metrics.middleware';
import { pathOf } from './request-path.reader';
import { graphqlMetricsPlugin } from '../metrics/graphql-metrics.plugin';
import { ReferenceField, ReferenceReplies } from './reference-replies.cache';
import { compiledExecution } from '../graphql/compiled-execution.adapter';
import { clientDisconnectSignal } from './client-disconnect.middleware';
import type { AnswerShortcutFactory } from './answer-shortcut.port';

/** The route label values of a subgraph listener (anything else is "unmatched"). */
const SUBGRAPH_PATHS: string[] = ['/graphql', '/health', ...OPS_PATHS];

/** What every resolver receives as its context. */
export interface GraphQLContext {
  req: RequestContext;
  /** The client's IP address, as the gateway saw it (see client-address.reader.ts for why it is trusted). */
  clientAddress: string;
  /** Work a module's AnswerShortcut did for this request before Apollo ran it, for the resolver to take up (answer-shortcut.port.ts). */
  prepared?: object;
}

export interface RunningServer {
  name: string;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * No landing page; and no cache-control plugin, which Apollo installs unless told otherwise and
 * which hooks every resolved field to fold cache hints that no type here declares (the REST layer
 * caches its public lists itself). Then the access log's operation name and the GraphQL metrics.
 */
export function subgraphPlugins(name: string, metrics: Metrics): ApolloServerPlugin<GraphQLContext>[] {
  return [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), operationNamePlugin(), graphqlMetricsPlugin(metrics, name)];
}

/**
 * Serves one subgraph: POST /graphql for the gateway, GET /health for the gateway's health check, and the
 * operator paths (/livez, /readyz, /metrics: ops-endpoints.handler.ts).
 * Subgraphs are internal: they bind SUBGRAPH_HOST (loopback by default) and show no landing page.
 */
export async function startSubgraphServer(
  name: string,
  schema: GraphQLSchema,
  platform: Platform,
  port: number,
  referenceFields: readonly ReferenceField[] = [],
  shortcutFactories: readonly AnswerShortcutFactory[] = [],
): Promise<RunningServer> {
  const logger = platform.logger.child({ service: name });
  const apollo = new ApolloServer<GraphQLContext>({
    gateway: compiledExecution(schema),
    ...sharedApolloOptions(logger, { production: platform.config.nodeEnv === 'production' }),
    // The gateway composes from the committed supergraph; introspection is for tooling in development.
    introspection: platform.config.nodeEnv !== 'production',
    plugins: subgraphPlugins(name, platform.metrics),
  });
  await apollo.start();

  const replies = new ReferenceReplies(referenceFields, platform.invalidations, platform.tokens, (operationName) =>
    platform.metrics.graphqlOperations.inc({ service: name, operation: platform.metrics.operationLabel(operationName ?? undefined), outcome: 'ok' }),
  );
  const shortcuts = shortcutFactories.map((make) => make(schema));
  const ops = opsEndpoints(platform, () => checkAll(dependencyChecks(platform)));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req);
    observeHttp(platform.metrics, name, req, res, () => (SUBGRAPH_PATHS.includes(path) ? path : 'unmatched'));
    const requestId = requestIdFrom(req.headers);
    // The gateway closes its fetch when its own client goes (or its fetch is cut): the broad reads of this request then stop.
    runInRequestScope(
      requestId,
      async () => {
        logAccess(logger, req, res);
        if (path === '/health' && req.method === 'GET') return sendJson(res, 200, { status: 'ok', service: name });
        if (path !== '/graphql') {
          if (await ops(req, res, path)) return;
          return sendJson(res, 404, { errorCode: 'NOT_FOUND', errorMessage: `No route ${path}`, status: 404 });
        }
        return handleGraphQLRequest(apollo, req, res, {
          maxBodyBytes: platform.config.maxBodyBytes,
          context: async () => ({ req: new RequestContext(req.headers, platform.tokens, logger), clientAddress: forwardedClientAddress(req) }),
          extraHeaders: { 'x-request-id': requestId },
          replies,
          shortcuts,
          withPrepared: (context, prepared) => ({ ...context, prepared }),
          lateHeaders: (): Record<string, string> => {
            const accountId = currentScope()?.accountId;
            return accountId ? { [ACCOUNT_HEADER]: accountId } : {};
          },
        });
      },
      clientDisconnectSignal(res),
    ).catch((error) => {
      logger.error('subgraph request failed', { requestId, reason: (error as Error).message });
      if (!res.headersSent) sendJson(res, 500, { errorCode: 'INTERNAL_ERROR', errorMessage: 'Internal error', status: 500 });
      else res.end();
    });
  });
  server.keepAliveTimeout = 65_000;
  const bound = await listen(server, port, platform.config.subgraphHost);
  const host = platform.config.subgraphHost === '0.0.0.0' ? '127.0.0.1' : platform.config.subgraphHost;
  return {
    name,
    port: bound,
    url: `http://${host}:${bound}/graphql`,
    close: async () => {
      await closeServer(server);
      await apollo.stop();
    },
  };
}
