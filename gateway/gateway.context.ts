import type { IncomingHttpHeaders } from 'node:http';
import { FORWARDED_HEADERS } from '../shared/context/request.context';
import { CLIENT_ADDRESS_HEADER, isLoopbackAddress } from '../shared/http/client-address.reader';

/** The per-request context: the request id, the headers subgraphs must see, and who wrote the operation. */
export interface GatewayContext {
  requestId: string;
  forwardedHeaders: Record<string, string>;
  /** `graphql`: a client's operation on /graphql; `rest`: the fixed operation of a REST route. */
  source: 'graphql' | 'rest';
  /** The client is on this host's loopback (shared/http/client-address.reader.ts): its per-request answers are not compressed. */
  clientIsLoopback: boolean;
}

export function gatewayContext(
  requestId: string,
  headers: IncomingHttpHeaders,
  clientAddress: string,
  source: GatewayContext['source'] = 'graphql',
): GatewayContext {
  const forwardedHeaders: Record<string, string> = { 'x-request-id': requestId, [CLIENT_ADDRESS_HEADER]: clientAddress };
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name];
    if (name !== 'x-request-id' && typeof value === 'string') forwardedHeaders[name] = value;
  }
  return { requestId, forwardedHeaders, source, clientIsLoopback: isLoopbackAddress(clientAddress) };
}
