import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWebhook } from './webhook-sender.client';

describe('sendWebhook', () => {
  let server: http.Server;
  const received: Array<{ host: string | undefined; body: string; signature: string | undefined }> = [];
  let answer = 204;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ host: req.headers.host, body, signature: req.headers['safiri-signature'] as string | undefined });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const port = () => (server.address() as AddressInfo).port;
  const resolvesTo = (address: string) => async () => [{ address, family: 4 }];
  const request = (url: string) => ({ url, body: '{"id":"evt_1"}', headers: { 'safiri-signature': 't=1,v1=ab' }, timeoutMs: 2000 });

  it('refuses for good, sending nothing, a name that resolves to a private address when it is sent (DNS rebinding)', async () => {
    const before = received.length;
    const outcome = await sendWebhook(request(`https://rebind.example.com:${port()}/hook`), { allowPrivate: false, lookup: resolvesTo('127.0.0.1') });
    expect(outcome).toEqual({
      delivered: false,
      status: null,
      latencyMs: null,
      error: 'refused: host rebind.example.com resolves to a private, loopback, link-local or reserved address',
      final: true,
    });
    expect(received).toHaveLength(before);
  });

  it('retries a name that does not resolve when it is sent', async () => {
    const lookup = async () => {
      throw new Error('getaddrinfo EAI_AGAIN');
    };
    const outcome = await sendWebhook(request('https://agent.example.com/hook'), { allowPrivate: false, lookup });
    expect(outcome).toMatchObject({ delivered: false, final: false, error: 'host agent.example.com does not resolve' });
  });

  it('connects to the address it checked, with the URL host in the Host header and the signed bytes as sent', async () => {
    answer = 202;
    const outcome = await sendWebhook(request(`http://agent.example.com:${port()}/hook`), { allowPrivate: true, lookup: resolvesTo('127.0.0.1') });
    expect(outcome).toMatchObject({ delivered: true, status: 202 });
    expect(received.at(-1)).toEqual({ host: `agent.example.com:${port()}`, body: '{"id":"evt_1"}', signature: 't=1,v1=ab' });
  });

  it('counts an answer other than 2xx, and no answer at all, as a failed attempt to retry', async () => {
    answer = 500;
    expect(await sendWebhook(request(`http://127.0.0.1:${port()}/hook`), { allowPrivate: true })).toMatchObject({
      delivered: false,
      status: 500,
      final: false,
      error: 'answered 500',
    });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await sendWebhook(request(`http://127.0.0.1:${gone}/hook`), { allowPrivate: true })).toMatchObject({ delivered: false, status: null, final: false });
  });
});
