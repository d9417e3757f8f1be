import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { Logger } from '../logging/logger';
import { currentScope, noteOperation } from '../context/request-scope.state';
import { pathOf } from './request-path.reader';

/**
 * Internal: a subgraph tells the gateway which account's token it verified, so the gateway's access line names the
 * account without verifying the token a second time. The gateway never passes a subgraph's headers on to clients.
 */
export const ACCOUNT_HEADER = 'x-safiri-account-id';

/** Probes and scrapes: logged at debug, so an orchestrator polling every few seconds does not drown the requests. */
const QUIET_PATHS = new Set(['/health', '/livez', '/readyz', '/metrics']);

/**
 * Writes one line per HTTP request when its response is done (or the client went away): method, path (never the
 * query string, which may hold search terms or personal data), status, duration, request id, the GraphQL operation
 * and the verified account when known. Call it inside the request's scope.
 */
export function logAccess(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  const scope = currentScope();
  res.once('close', () => {
    const path = pathOf(req);
    const fields: Record<string, unknown> = {
      method: req.method,
      path,
      status: res.statusCode,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      // The close event fires outside the request's async scope: the id is passed, not mixed in.
      requestId: scope?.requestId,
    };
    if (scope?.operation) fields.operation = scope.operation;
    if (scope?.accountId) fields.accountId = scope.accountId;
    if (!res.writableFinished) fields.aborted = true;
    if (QUIET_PATHS.has(path)) logger.debug('request', fields);
    else logger.info('request', fields);
  });
}

/** Names the request's GraphQL operation for its access line (REST routes run named operations too). */
export function operationNamePlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operationName }) {
          noteOperation(operationName);
        },
      };
    },
  };
}
