import type { IncomingHttpHeaders } from 'node:http';
import { FORWARDED_HEADERS } from '../shared/context/request-context';
import { CLIENT_ADDRESS_HEADER } from '../shared/http/client-address';

/** The gateway's per-request context: the request id and the headers subgraphs must see. */
export interface GatewayContext {
  requestId: string;
  forwardedHeaders: Record<string, string>;
}

export function gatewayContext(requestId: string, headers: IncomingHttpHeaders, clientAddress: string): GatewayContext {
  const forwardedHeaders: Record<string, string> = { 'x-request-id': requestId, [CLIENT_ADDRESS_HEADER]: clientAddress };
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name];
    if (name !== 'x-request-id' && typeof value === 'string') forwardedHeaders[name] = value;
  }
  return { requestId, forwardedHeaders };
}
