import type { Server } from 'node:http';

/** Listens and resolves with the bound port (0 picks a free one, as tests do). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** How long a stopping listener lets requests in flight finish: the Kubernetes grace periods are sized on it. */
export const SERVER_CLOSE_GRACE_MS = 5000;

/**
 * Stops accepting, lets requests in flight finish for up to `graceMs`, then drops what is left:
 * a keep-alive connection still busy at close would otherwise hold shutdown for its whole timeout.
 */
export function closeServer(server: Server, graceMs = SERVER_CLOSE_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
