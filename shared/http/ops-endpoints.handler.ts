import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { MetricsConfig } from '../config/platform.config';
import type { Logger } from '../logging/logger';
import type { Metrics } from '../metrics/metrics.registry';
import { observeHttp } from '../metrics/http-metrics.middleware';
import { pathOf } from './request-path.reader';
import { sendJson } from './json-response.writer';
import { closeServer, listen } from './listen.server';
import { withoutDetails, type HealthReport } from './readiness.probe';

/** The operator paths every listener may answer, as they appear in the route label. */
export const OPS_PATHS = ['/livez', '/readyz', '/metrics'] as const;

export type OpsHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

/** What the operator endpoints use (a Platform has each under these names): the metrics settings and registry. */
export interface OpsPorts {
  config: { metrics: MetricsConfig };
  metrics: Metrics;
}

/**
 * /livez (the process answers: no dependency is asked), /readyz (`readiness`: 503 naming what is down; on a
 * `publicListener` the names only for the METRICS_TOKEN bearer, see operatorAsks) and /metrics.
 * On a public listener /metrics exists only when METRICS_TOKEN is set, and then needs it; on the metrics listener
 * (`metricsListener`) it is always there, and needs the token when one is set. Answers false for any other path.
 */
export function opsEndpoints(
  ports: OpsPorts,
  readiness: (() => Promise<HealthReport>) | null,
  options: { metricsListener?: boolean; publicListener?: boolean } = {},
): OpsHandler {
  const { token } = ports.config.metrics;
  return async (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (path === '/livez' && readiness) {
      sendJson(res, 200, { status: 'ok' }, { 'cache-control': 'no-store' });
      return true;
    }
    if (path === '/readyz' && readiness) {
      const report = await readiness();
      const shown = options.publicListener && !operatorAsks(req, token) ? withoutDetails(report) : report;
      sendJson(res, shown.httpStatus, shown.body, { 'cache-control': 'no-store' });
      return true;
    }
    if (path === '/metrics' && (token || options.metricsListener)) {
      if (token && !bearerMatches(req.headers.authorization, token)) {
        sendJson(
          res,
          401,
          { errorCode: 'UNAUTHENTICATED', errorMessage: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>', status: 401 },
          { 'www-authenticate': 'Bearer realm="metrics"' },
        );
        return true;
      }
      const text = await ports.metrics.text();
      res.writeHead(200, { 'content-type': ports.metrics.contentType, 'cache-control': 'no-store' });
      res.end(text);
      return true;
    }
    return false;
  };
}

/**
 * Whether the request carries the operators' METRICS_TOKEN as its bearer: on a public listener only they are told
 * which parts of the platform are up or down (what it runs on is no stranger's business). No token set: nobody.
 */
export function operatorAsks(req: IncomingMessage, token: string | null): boolean {
  return token !== null && bearerMatches(req.headers.authorization, token);
}

/** Compares digests, so the time taken says nothing about how much of the token matched. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export interface OpsServer {
  name: string;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** A small listener that answers only operator paths: the worker's (health + metrics) and METRICS_PORT's (metrics). */
export async function startOpsServer(
  name: string,
  ports: { logger: Logger; metrics: Metrics },
  port: number,
  host: string,
  handle: OpsHandler,
): Promise<OpsServer> {
  const logger = ports.logger.child({ service: name });
  const server = createServer((req, res) => {
    const path = pathOf(req);
    observeHttp(ports.metrics, name, req, res, () => ((OPS_PATHS as readonly string[]).includes(path) ? path : 'unmatched'));
    handle(req, res, path)
      .then((handled) => {
        if (!handled) sendJson(res, 404, { errorCode: 'NOT_FOUND', errorMessage: `No route ${path}`, status: 404 });
      })
      .catch((error) => {
        logger.error('operator endpoint failed', { path, reason: (error as Error).message });
        if (!res.headersSent) sendJson(res, 500, { errorCode: 'INTERNAL_ERROR', errorMessage: 'Internal error', status: 500 });
        else res.end();
      });
  });
  const bound = await listen(server, port, host);
  const local = host === '0.0.0.0' ? '127.0.0.1' : host;
  return { name, port: bound, url: `http://${local}:${bound}`, close: () => closeServer(server) };
}
