import type { IncomingHttpHeaders } from 'node:http';
import { FORWARDED_HEADERS } from '../shared/context/request-context';

/** The gateway's per-request context: the request id and the headers subgraphs must see. */
export interface GatewayContext {
  requestId: string;
  forwardedHeaders: Record<string, string>;
}

export function gatewayContext(requestId: string, headers: IncomingHttpHeaders): GatewayContext {
  const forwardedHeaders: Record<string, string> = { 'x-request-id': requestId };
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name];
    if (name !== 'x-request-id' && typeof value === 'string') forwardedHeaders[name] = value;
  }
  return { requestId, forwardedHeaders };
}
