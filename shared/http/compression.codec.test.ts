import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import {
  compress,
  COMPRESSION_LEVELS,
  COMPRESSION_MIN_BYTES,
  EncodedBodies,
  isCompressibleType,
  negotiateContentCoding,
  replyCoding,
  varyOnAcceptEncoding,
} from './compression.codec';

describe('negotiateContentCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0.8', 'gzip'],
    ['br;q=0.9, gzip;q=0.5', 'br'],
    ['GZIP;Q=0.5, BR;Q=0.4', 'gzip'],
    ['gzip ; q=0.7 , br ; q=0.7', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['*;q=0', null],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['deflate, compress', null],
    ['br;q=2, gzip', 'gzip'],
    ['br;q=0.0001, gzip;q=0.5', 'gzip'],
  ])('Accept-Encoding %p gives %p', (header, expected) => {
    expect(negotiateContentCoding(header)).toBe(expected);
  });

  it('reads a header sent twice as one list', () => {
    expect(negotiateContentCoding(['gzip;q=0.5', 'br;q=0.2'])).toBe('gzip');
  });
});

describe('what is compressed', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/graphql-response+json', true],
    ['application/problem+json', true],
    ['text/html; charset=utf-8', true],
    ['image/svg+xml', true],
    ['application/pdf', false],
    ['image/png', false],
    ['application/octet-stream', false],
    ['application/zip', false],
    [undefined, false],
  ])('%p compressible: %p', (type, expected) => {
    expect(isCompressibleType(type)).toBe(expected);
  });

  const json = { 'content-type': 'application/json' };
  it('never compresses a reply without a body, an encoded one, a small one or a PDF', () => {
    expect(replyCoding('gzip', 200, json, COMPRESSION_MIN_BYTES)).toBe('gzip');
    expect(replyCoding('gzip', 200, json, COMPRESSION_MIN_BYTES - 1)).toBeNull();
    expect(replyCoding('gzip', 204, json, 5000)).toBeNull();
    expect(replyCoding('gzip', 304, json, 5000)).toBeNull();
    expect(replyCoding('gzip', 200, { ...json, 'content-encoding': 'br' }, 5000)).toBeNull();
    expect(replyCoding('gzip', 200, { 'content-type': 'application/pdf' }, 5000)).toBeNull();
    expect(replyCoding('gzip', 404, json, 5000)).toBe('gzip');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnAcceptEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnAcceptEncoding('*')).toBe('*');
  });
});

describe('EncodedBodies', () => {
  const identity = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ stop_id: `X${i}`, stop_name: 'Station' }))));

  it('compresses each coding once, however many ask and when they ask together', async () => {
    const bodies = new EncodedBodies(identity);
    const [a, b] = await Promise.all([bodies.get('gzip'), bodies.get('gzip')]);
    expect(a).toBe(b);
    expect(await bodies.get('gzip')).toBe(a);
    expect(gunzipSync(a).equals(identity)).toBe(true);
    const br = await bodies.get('br');
    expect(await bodies.get('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(identity)).toBe(true);
    expect(await bodies.get(null)).toBe(identity);
  });
});

describe('compression effort', () => {
  const body = Buffer.from(JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ offerReference: `ref-${i}`, total: `${i}.00`, currency: 'USD' }))));
  const brotli = (quality: number) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });

  it('a reply made for one request is compressed at the cheap levels, a prepared one at the thorough levels', async () => {
    expect(COMPRESSION_LEVELS.dynamic).toEqual({ brotliQuality: 1, gzipLevel: 1 });
    expect((await compress(body, 'gzip', 'dynamic')).equals(gzipSync(body, { level: 1 }))).toBe(true);
    expect((await compress(body, 'br', 'dynamic')).equals(brotli(1))).toBe(true);
    expect((await new EncodedBodies(body, 'dynamic').get('br')).equals(brotli(1))).toBe(true);
    expect((await compress(body, 'gzip')).equals(gzipSync(body, { level: 6 }))).toBe(true);
    expect((await new EncodedBodies(body).get('br')).equals(brotli(5))).toBe(true);
  });
});
