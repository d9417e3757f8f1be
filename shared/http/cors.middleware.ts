import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Request headers a browser app may send: the spec's headers, Apollo's CSRF header, the client identification
 * Apollo Client sends (name, version, operation name; urql and graphql-request need only safelisted ones plus
 * Content-Type and Authorization), conditional requests.
 */
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Content-Language',
  'Content-Currency',
  'X-External-User-Id',
  'x-authentication-context',
  'apollo-require-preflight',
  'apollographql-client-name',
  'apollographql-client-version',
  'x-apollo-operation-name',
  'If-Match',
  'If-None-Match',
  'x-request-id',
  'Idempotency-Key',
].join(', ');
/** Response headers a browser app may read. */
const EXPOSED_HEADERS = 'x-request-id, ETag, Retry-After, Idempotent-Replayed';
const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE, OPTIONS';
/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

/**
 * CORS for every gateway path (GraphQL and REST). Call first: it sets the CORS headers of an allowed
 * origin on the response, and answers a preflight itself (204) before CSRF prevention, the token check
 * or any route runs, returning true. A request from an origin that is not allowed gets no CORS headers
 * (the browser then refuses to hand the answer to the page); requests without Origin are untouched.
 */
export function corsHandler(origins: '*' | string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = origins === '*' ? null : new Set(origins);
  return (req, res) => {
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
    if (allowed) res.setHeader('vary', 'Origin');
    const permitted = typeof origin === 'string' && (allowed === null || allowed.has(origin));
    if (permitted) {
      res.setHeader('access-control-allow-origin', allowed === null ? '*' : origin);
      res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    }
    if (!preflight) return false;
    req.resume();
    const headers: Record<string, string> = {};
    if (permitted) {
      headers['access-control-allow-methods'] = ALLOWED_METHODS;
      headers['access-control-allow-headers'] = ALLOWED_HEADERS;
      headers['access-control-max-age'] = PREFLIGHT_MAX_AGE;
    }
    res.writeHead(204, headers);
    res.end();
    return true;
  };
}
