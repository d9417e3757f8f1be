import { gzipSync } from 'node:zlib';
import { JsonBytes, prepareReply } from './prepared-reply.writer';

describe('prepareReply', () => {
  const body = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `offer ${i}`, price: { total: `${i}.50` } }));
  const identity = Buffer.from(JSON.stringify(body));

  it('compresses a reply for one request cheaply, and a cached (tagged) reply thoroughly', async () => {
    const once = prepareReply({ body }, { tagged: false });
    const cached = prepareReply({ body }, { tagged: true });
    expect(once.bodies!.identity.equals(identity)).toBe(true);
    expect((await once.bodies!.get('gzip')).equals(gzipSync(identity, { level: 1 }))).toBe(true);
    expect((await cached.bodies!.get('gzip')).equals(gzipSync(identity, { level: 6 }))).toBe(true);
  });

  it('sends a body already serialised as JSON as it is, with the JSON content type', async () => {
    const reply = prepareReply({ body: new JsonBytes(identity), headers: { 'cache-control': 'no-store' } }, { tagged: false });
    expect(reply.bodies!.identity).toBe(identity);
    expect(reply.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    expect((await reply.bodies!.get('gzip')).equals(gzipSync(identity, { level: 1 }))).toBe(true);
  });
});
