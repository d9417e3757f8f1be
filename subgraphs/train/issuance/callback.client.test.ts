import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackRefused, sendCallback } from './callback.client';

describe('sendCallback', () => {
  let server: http.Server;
  const received: Array<{ host: string | undefined; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ host: req.headers.host, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const port = () => (server.address() as AddressInfo).port;
  const resolvesTo = (address: string) => async () => [{ address, family: 4 }];

  it('refuses, sending nothing, a name that resolves to a private address when it is sent (DNS rebinding)', async () => {
    const before = received.length;
    const sending = sendCallback(`https://rebind.example.com:${port()}/hook`, { a: 1 }, { allowPrivate: false, lookup: resolvesTo('127.0.0.1') });
    await expect(sending).rejects.toBeInstanceOf(CallbackRefused);
    await expect(sending).rejects.toThrow('callback host rebind.example.com resolves to a private, loopback, link-local or reserved address');
    expect(received).toHaveLength(before);
  });

  it('retries (a plain error, not a refusal) a name that does not resolve when it is sent', async () => {
    const lookup = async () => {
      throw new Error('getaddrinfo EAI_AGAIN');
    };
    const sending = sendCallback('https://agent.example.com/hook', {}, { allowPrivate: false, lookup });
    await expect(sending).rejects.toThrow('callback host agent.example.com does not resolve');
    await expect(sending).rejects.not.toBeInstanceOf(CallbackRefused);
  });

  it('connects to the address it checked, with the URL host in the Host header', async () => {
    const sent = await sendCallback(`http://agent.example.com:${port()}/hook`, { ok: true }, { allowPrivate: true, lookup: resolvesTo('127.0.0.1') });
    expect(sent).toEqual({ status: 204, address: '127.0.0.1' });
    expect(received.at(-1)).toEqual({ host: `agent.example.com:${port()}`, body: '{"ok":true}' });
  });
});
