import type { IncomingMessage, ServerResponse } from 'node:http';
import { EncodedBodies, isCompressibleType, perRequestAcceptEncoding, replyCoding, varyOnAcceptEncoding } from '../../shared/http/compression.codec';
import { bodyTag, entityTag, ifNoneMatchHits } from './conditional-get.policy';
import type { RestReply } from './rest-route.types';

/**
 * A reply in the bytes it is sent as: JSON serialised once, compressed at most once per coding,
 * and for a cached reply its strong ETag hashed once. The REST reply cache keeps these.
 */
export interface PreparedReply {
  status: number;
  /** Content-Type included; Content-Length, Content-Encoding, Vary and ETag are added when sent. */
  headers: Record<string, string>;
  /** Null for 204. */
  bodies: EncodedBodies | null;
  /** The opaque part of the ETag (hash of the uncompressed bytes), or null for no ETag of ours. */
  tag: string | null;
}

/** Headers a 304 carries: those a 200 would have that describe caching (RFC 9110 §15.4.5), and the request id. */
const NOT_MODIFIED_HEADERS = new Set(['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary', 'x-request-id']);

/** A JSON body already serialised (a route that maps bytes to bytes): sent as it is. */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

export function prepareReply(reply: RestReply, { tagged }: { tagged: boolean }): PreparedReply {
  const status = reply.status ?? 200;
  if (status === 204) return { status, headers: { ...reply.headers }, bodies: null, tag: null };
  const binary = Buffer.isBuffer(reply.body);
  const body = binary ? (reply.body as Buffer) : reply.body instanceof JsonBytes ? reply.body.bytes : Buffer.from(JSON.stringify(reply.body), 'utf8');
  const headers = { 'content-type': binary ? 'application/octet-stream' : 'application/json; charset=utf-8', ...reply.headers };
  // A tagged reply is the cached kind, sent many times: worth compressing harder once.
  return { status, headers, bodies: new EncodedBodies(body, tagged ? 'prepared' : 'dynamic'), tag: tagged ? bodyTag(body) : null };
}

/**
 * Sends a prepared reply: compressed when the client accepts it (see replyCoding), 304 when
 * If-None-Match names a tagged reply, and for HEAD the headers GET would send without the body. A reply made
 * for this request goes to a client on loopback as it is (perRequestAcceptEncoding); a kept one, compressed
 * once already, is sent compressed to anyone who accepts it.
 */
export async function sendPreparedReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: PreparedReply,
  extraHeaders: Record<string, string>,
  clientIsLoopback = false,
): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders, ...reply.headers };
  if (!reply.bodies) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const acceptEncoding = reply.bodies.effort === 'dynamic' ? perRequestAcceptEncoding(req, clientIsLoopback) : req.headers['accept-encoding'];
  const coding = replyCoding(acceptEncoding, reply.status, headers, reply.bodies.identity.length);
  // Keeps a Vary set on the response already (CORS: Origin) next to Accept-Encoding.
  const vary = headers.vary ?? (res.getHeader('vary') as string | undefined);
  if (isCompressibleType(headers['content-type'])) headers.vary = varyOnAcceptEncoding(vary);
  if (reply.tag !== null) {
    headers.etag = entityTag(reply.tag, coding);
    if (reply.status === 200 && ifNoneMatchHits(req.headers['if-none-match'], reply.tag)) {
      res.writeHead(304, Object.fromEntries(Object.entries(headers).filter(([name]) => NOT_MODIFIED_HEADERS.has(name.toLowerCase()))));
      res.end();
      return;
    }
  }
  const body = await reply.bodies.get(coding);
  if (coding) headers['content-encoding'] = coding;
  headers['content-length'] = String(body.length);
  res.writeHead(reply.status, headers);
  // Node sends no body after HEAD either; ending without one keeps the intent plain.
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
