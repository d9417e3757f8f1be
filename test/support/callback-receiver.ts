import { createServer, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackReceiver {
  /** http://127.0.0.1:<port>; callbacks to it need SGR_CALLBACK_ALLOW_PRIVATE=true. */
  url: string;
  /** Every request so far, in arrival order, with its JSON body. */
  received: Array<{ path: string; body: unknown }>;
  close(): Promise<void>;
}

/** A local HTTP endpoint for agent callbacks: answers 204 to everything and keeps what it got. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: CallbackReceiver['received'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: text ? JSON.parse(text) : null });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
