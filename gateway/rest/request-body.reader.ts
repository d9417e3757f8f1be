import type { IncomingMessage } from 'node:http';
import { AppError, PlatformErrorCode, PlatformException } from '../../shared/errors/app-error.exception';
import { isJsonContentType, parseJsonBody, readBody } from '../../shared/http/body.reader';
import type { RestRoute } from './rest-route.types';

function unsupportedMediaType(): AppError {
  return new AppError(PlatformErrorCode.UNSUPPORTED_MEDIA_TYPE, 415, 'Send the body as JSON with "Content-Type: application/json"', undefined, {
    name: 'UnsupportedMediaType',
  });
}

/**
 * The JSON object a route's body holds, or undefined for a route that takes none. A body that is
 * not declared JSON (Content-Type missing, or neither application/json nor a +json type) is a 415,
 * also on a POST, PUT or PATCH route that reads no body, when one is sent; an empty body there is
 * fine. Bodies are read up to `maxBodyBytes` (413 beyond), so a refusal never buffers more.
 */
export async function readRouteBody(req: IncomingMessage, route: RestRoute, maxBodyBytes: number): Promise<unknown> {
  const json = isJsonContentType(req.headers['content-type']);
  if (!route.jsonBody) {
    if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
      // A JSON body is ignored unread, as before; anything else is read only to see whether it is empty.
      if (!json && (await readBody(req, maxBodyBytes)).length > 0) throw unsupportedMediaType();
    }
    return undefined;
  }
  const raw = await readBody(req, maxBodyBytes);
  if (!json) throw unsupportedMediaType();
  const body = parseJsonBody(raw);
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw PlatformException.badRequest('The request body must be a JSON object');
  }
  return body;
}
