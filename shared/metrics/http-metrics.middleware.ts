import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics.registry';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times one request when its answer ends (or the client goes away). `route` names the route
 * template (never the raw path, which carries ids) and is asked at the end, once routing is known.
 */
export function observeHttp(metrics: Metrics, service: string, req: IncomingMessage, res: ServerResponse, route: () => string): void {
  const end = metrics.httpDuration.startTimer();
  res.once('close', () => {
    const labels = {
      service,
      method: METHODS.has(req.method ?? '') ? req.method! : 'other',
      route: route(),
      status: res.writableFinished ? String(res.statusCode) : 'aborted',
    };
    end(labels);
    metrics.httpRequests.inc(labels);
  });
}
