import type { ServerResponse } from 'node:http';

/**
 * Aborted when the connection of this request closes before its answer was sent in full: the client has gone (or
 * its proxy gave up), so the work done only for it can stop. An answer sent in full never aborts it.
 */
export function clientDisconnectSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection before the answer was sent'));
  });
  return controller.signal;
}
