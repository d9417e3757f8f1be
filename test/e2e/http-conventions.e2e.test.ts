import { createHash } from 'node:crypto';
import { IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';

const in30Days = addDays(todayIn('Africa/Nairobi', new Date()), 30);

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
    // One proxy trusted: a request with X-Forwarded-For stands for a remote client, one without for a client on loopback.
    env = await startTestStack({ TRUST_PROXY: '1' });
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
  const get = (path: string, headers: Record<string, string> = {}) => send('GET', path, headers);

  /**
   * HEAD over a bare socket, reading until the server closes: node's client would silently drop
   * body bytes after a HEAD, this sees every byte the server sent after the headers.
   */
  const head = (path: string, headers: Record<string, string> = {}): Promise<RawReply & { afterHeaders: Buffer }> =>
    new Promise((resolve, reject) => {
      const { hostname, port } = new URL(env.baseUrl);
      const socket = connect(Number(port), hostname);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('end', () => {
        const all = Buffer.concat(chunks);
        const end = all.indexOf('\r\n\r\n');
        const [statusLine, ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
        const parsed: IncomingHttpHeaders = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: Buffer.alloc(0), afterHeaders: all.subarray(end + 4) });
      });
      const lines = [`HEAD ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });

  const decode = (reply: RawReply): Buffer => {
    const encoding = reply.headers['content-encoding'];
    if (encoding === 'gzip') return gunzipSync(reply.body);
    if (encoding === 'br') return brotliDecompressSync(reply.body);
    if (encoding === undefined) return reply.body;
    throw new Error(`unexpected content-encoding ${encoding}`);
  };
  const varies = (reply: RawReply) =>
    String(reply.headers.vary ?? '')
      .toLowerCase()
      .split(',')
      .map((v) => v.trim())
      .includes('accept-encoding');
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

  const AIRPORTS = '/stops/flight/api/stops';
  /** A client elsewhere, as the trusted proxy names it. */
  const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

  describe('compression', () => {
    it('sends the airport list gzip-compressed when asked, with Vary, decompressing to exactly the identity bytes', async () => {
      const plain = await get(AIRPORTS);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(varies(plain)).toBe(true);
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      expect(plain.body.length).toBeGreaterThan(1_000_000);
      expect((JSON.parse(plain.body.toString('utf8')) as unknown[]).length).toBeGreaterThan(8000);

      const gzipped = await get(AIRPORTS, { 'accept-encoding': 'gzip' });
      expect(gzipped.status).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(varies(gzipped)).toBe(true);
      expect(gzipped.headers['content-type']).toBe(plain.headers['content-type']);
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
      expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
      expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    });

    it('chooses br or gzip by the q-values of Accept-Encoding, br on a tie, nothing when neither is acceptable', async () => {
      const plain = await get(AIRPORTS);
      const cases: Array<[string, string | undefined]> = [
        ['gzip, deflate, br', 'br'],
        ['br', 'br'],
        ['gzip;q=1.0, br;q=0.8', 'gzip'],
        ['br;q=0.9, gzip;q=0.5', 'br'],
        ['GZIP;Q=0.5, BR;Q=0.4', 'gzip'],
        ['br;q=0, *', 'gzip'],
        ['*', 'br'],
        ['gzip;q=0, *;q=0.1', 'br'],
        ['*;q=0', undefined],
        ['gzip;q=0, br;q=0', undefined],
        ['identity', undefined],
        ['deflate', undefined],
        ['', undefined],
      ];
      for (const [acceptEncoding, expected] of cases) {
        const reply = await get(AIRPORTS, { 'accept-encoding': acceptEncoding });
        expect({ acceptEncoding, encoding: reply.headers['content-encoding'] }).toEqual({ acceptEncoding, encoding: expected });
        expect(varies(reply)).toBe(true);
        expect(decode(reply).equals(plain.body)).toBe(true);
      }
    });

    it('sends a reply under 1 KiB as it is', async () => {
      const jwks = await get('/api/uts/jwk', { 'accept-encoding': 'br, gzip' });
      expect(jwks.status).toBe(200);
      expect(jwks.body.length).toBeLessThan(1024);
      expect(jwks.headers['content-encoding']).toBeUndefined();
      // The type is compressible, so a cache must still keep answers apart by Accept-Encoding.
      expect(varies(jwks)).toBe(true);
      expect(JSON.parse(jwks.body.toString('utf8')).keys[0].alg).toBe('RS256');
    });

    it('compresses large GraphQL answers too, and leaves small ones alone', async () => {
      const post = (query: string) =>
        send('POST', '/graphql', { ...REMOTE, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' }, JSON.stringify({ query }));
      const large = await post('{ airports(limit: 10000) { stopId } }');
      expect(large.status).toBe(200);
      expect(large.headers['content-encoding']).toBe('br');
      expect(varies(large)).toBe(true);
      expect(Number(large.headers['content-length'])).toBe(large.body.length);
      expect(JSON.parse(decode(large).toString('utf8')).data.airports.length).toBeGreaterThan(8000);

      const small = await post('{ jwks { keys { kid } } }');
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString('utf8')).data.jwks.keys).toHaveLength(1);
    });

    it('sends answers made for one request to a client on loopback as they are; kept lists stay compressed', async () => {
      const search = (headers: Record<string, string>) =>
        send(
          'POST',
          '/api/flight/search',
          { ...headers, 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
          JSON.stringify({ originLocationCode: 'MBA', destinationLocationCode: 'ZNZ', departureDate: in30Days, adults: 1 }),
        );
      const remote = await search(REMOTE);
      const local = await search({});
      expect([remote.status, local.status]).toEqual([200, 200]);
      expect(remote.headers['content-encoding']).toBe('br');
      expect(local.headers['content-encoding']).toBeUndefined();
      // Both may be cached by the Accept-Encoding they were answered for.
      expect([varies(remote), varies(local)]).toEqual([true, true]);
      const offers = (reply: RawReply) => (JSON.parse(decode(reply).toString('utf8')) as { data: unknown[] }).data.length;
      expect(offers(local)).toBe(50);
      expect(offers(remote)).toBe(50);

      const graphql = await send(
        'POST',
        '/graphql',
        { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        JSON.stringify({ query: '{ airports(limit: 10000) { stopId } }' }),
      );
      expect(graphql.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(graphql.body.toString('utf8')).data.airports.length).toBeGreaterThan(8000);
      expect((await get(AIRPORTS, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    });
  });

  describe('HEAD', () => {
    const SAME = ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary'];
    const expectHeadLikeGet = async (path: string, headers: Record<string, string> = {}) => {
      const full = await get(path, headers);
      const bare = await head(path, headers);
      expect(bare.status).toBe(full.status);
      for (const name of SAME) expect({ name, value: bare.headers[name] }).toEqual({ name, value: full.headers[name] });
      expect(Number(bare.headers['content-length'])).toBe(full.body.length);
      expect(bare.afterHeaders.length).toBe(0);
      return { full, bare };
    };

    it('answers HEAD on the airport list with the status and headers of GET, Content-Length included, and no body', async () => {
      for (const acceptEncoding of [undefined, 'gzip', 'br']) {
        const { full } = await expectHeadLikeGet(AIRPORTS, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
        expect(full.status).toBe(200);
        expect(full.headers['content-encoding']).toBe(acceptEncoding);
      }
    });

    it('answers HEAD on every kind of GET route: uncached, authenticated, refused, and the gateway’s own', async () => {
      expect((await expectHeadLikeGet('/api/uts/jwk')).full.status).toBe(200);
      expect((await expectHeadLikeGet('/stops/train/api/stops?mini=true', { 'accept-encoding': 'gzip' })).full.status).toBe(200);
      expect((await expectHeadLikeGet('/api/companies?mini=true', { authorization: `Bearer ${token}` })).full.status).toBe(200);
      expect((await expectHeadLikeGet('/api/companies')).full.status).toBe(401);
      expect((await expectHeadLikeGet('/stops/train/api/stops?mini=maybe')).full.status).toBe(400);
      expect((await expectHeadLikeGet('/.well-known/api-discovery')).full.status).toBe(200);
      expect((await expectHeadLikeGet('/health')).full.status).toBe(200);
    });

    it('is still 405 on a path that has no GET, with Allow', async () => {
      const bare = await head('/api/logon');
      expect(bare.status).toBe(405);
      expect(bare.headers.allow).toBe('POST');
      expect(bare.afterHeaders.length).toBe(0);
    });
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

  describe('ETag and If-None-Match on the public station lists', () => {
    it('tags the airport list with the hash of its JSON bytes and answers a matching If-None-Match with 304', async () => {
      const first = await get(AIRPORTS);
      const tag = first.headers.etag as string;
      expect(tag).toBe(`"${sha256(first.body)}"`);
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      expect((await get(AIRPORTS)).headers.etag).toBe(tag);

      for (const ifNoneMatch of [tag, '*', `"stale", ${tag}`, `W/${tag}`]) {
        const reply = await get(AIRPORTS, { 'if-none-match': ifNoneMatch });
        expect({ ifNoneMatch, status: reply.status }).toEqual({ ifNoneMatch, status: 304 });
        expect(reply.headers.etag).toBe(tag);
        expect(reply.headers['cache-control']).toBe('public, max-age=3600');
        expect(reply.headers['content-encoding']).toBeUndefined();
        expect(reply.body.length).toBe(0);
      }
      const stale = await get(AIRPORTS, { 'if-none-match': '"stale"' });
      expect(stale.status).toBe(200);
      expect(stale.body.equals(first.body)).toBe(true);
    });

    it('gives each compressed form its own strong tag, and a tag of any form of the same list still answers 304', async () => {
      const plain = await get(AIRPORTS);
      const hash = sha256(plain.body);
      const gzipped = await get(AIRPORTS, { 'accept-encoding': 'gzip' });
      const brotli = await get(AIRPORTS, { 'accept-encoding': 'br' });
      expect(gzipped.headers.etag).toBe(`"${hash}-gzip"`);
      expect(brotli.headers.etag).toBe(`"${hash}-br"`);

      const revalidated = await get(AIRPORTS, { 'accept-encoding': 'gzip', 'if-none-match': gzipped.headers.etag as string });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.etag).toBe(`"${hash}-gzip"`);
      expect(varies(revalidated)).toBe(true);
      const switched = await get(AIRPORTS, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
      expect(switched.status).toBe(304);
      expect(switched.headers.etag).toBe(`"${hash}-br"`);
      expect((await head(AIRPORTS, { 'if-none-match': plain.headers.etag as string })).status).toBe(304);
    });

    it('tags the full and the mini train station lists apart', async () => {
      const full = await get('/stops/train/api/stops');
      const mini = await get('/stops/train/api/stops?mini=true');
      expect(full.headers.etag).toBe(`"${sha256(full.body)}"`);
      expect(mini.headers.etag).toBe(`"${sha256(mini.body)}"`);
      expect(mini.headers.etag).not.toBe(full.headers.etag);
      expect((await get('/stops/train/api/stops?mini=true', { 'if-none-match': mini.headers.etag as string })).status).toBe(304);
      expect((await get('/stops/train/api/stops', { 'if-none-match': full.headers.etag as string })).status).toBe(304);
      const crossed = await get('/stops/train/api/stops', { 'if-none-match': mini.headers.etag as string });
      expect(crossed.status).toBe(200);
      expect(crossed.body.equals(full.body)).toBe(true);
    });
  });
});
