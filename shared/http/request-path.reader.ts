import type { IncomingMessage } from 'node:http';

/** The path of a request without its query string (which may hold search terms or personal data). */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
