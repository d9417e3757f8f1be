import { IncomingHttpHeaders, request } from 'node:http';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire: still compressed when Content-Encoding says so. */
  body: Buffer;
}

/**
 * The "REST contract" HTTP conventions legacy clients expect: compression, HEAD, 415, ETag/304.
 * node:http, not fetch: fetch sends its own Accept-Encoding and decompresses, hiding what is tested.
 */
describe('HTTP conventions on the gateway', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let token: string;

  beforeAll(async () => {
    env = await startTestStack();
    token = (await FlightClient.create(env.baseUrl, env.stack.platform, 'http.conventions@safiri.test', 'THIRD_PARTY_AGENT')).token;
  });
  afterAll(() => env.close());

  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> =>
    new Promise((resolve, reject) => {
      const req = request(`${env.baseUrl}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  describe('415 for a request body that is not JSON', () => {
    const logon = (headers: Record<string, string>, body = JSON.stringify({ email: 'nobody@safiri.test', password: 'not the password' })) =>
      send('POST', '/api/logon', headers, body);

    it('refuses a text/plain, form or untyped body with 415 UNSUPPORTED_MEDIA_TYPE in the error shape', async () => {
      const refused: Array<Record<string, string>> = [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, {}];
      for (const headers of refused) {
        const reply = await logon(headers);
        expect(reply.status).toBe(415);
        expect(reply.headers['content-type']).toMatch(/^application\/json/);
        const body = JSON.parse(reply.body.toString('utf8'));
        expect(body).toEqual({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', errorMessage: expect.stringMatching(/JSON/), status: 415, error: expect.any(Object) });
      }
    });

    it('accepts application/json with parameters and +json types', async () => {
      for (const type of ['application/json; charset=utf-8', 'application/vnd.safiri+json']) {
        const reply = await logon({ 'content-type': type });
        expect({ type, status: reply.status }).toEqual({ type, status: 401 });
        expect(JSON.parse(reply.body.toString('utf8')).errorCode).toBe('LOGIN_FAILED');
      }
    });

    it('refuses a non-JSON PATCH body with 415 before anything else looks at it', async () => {
      const reply = await send('PATCH', '/api/admin/reverse-proxy/configs/shop.co.tz', { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, 'x');
      expect(reply.status).toBe(415);
      expect(JSON.parse(reply.body.toString('utf8'))).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    });

    it('keeps accepting an empty body on a route that needs none, and refuses a non-JSON one there', async () => {
      const path = '/api/flight/payments/no-such-payment/confirm';
      const auth = { authorization: `Bearer ${token}` };
      const empty = await send('POST', path, auth);
      // An agent may not confirm: the 403 comes from the flight subgraph, so the body check let it through.
      expect(empty.status).toBe(403);
      expect(JSON.parse(empty.body.toString('utf8')).errorCode).toBe('FORBIDDEN');
      expect((await send('POST', path, { ...auth, 'content-type': 'application/json' }, '{}')).status).toBe(empty.status);
      expect((await send('POST', path, { ...auth, 'content-type': 'text/plain' }, '')).status).toBe(empty.status);
      const text = await send('POST', path, { ...auth, 'content-type': 'text/plain' }, 'confirm please');
      expect(text.status).toBe(415);
      expect(JSON.parse(text.body.toString('utf8'))).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    });
  });
});
