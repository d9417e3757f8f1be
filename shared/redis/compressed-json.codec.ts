import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * JSON kept in Redis compressed: lists of flight offers repeat the same names and codes and shrink 10–30 times
 * (a 9-offer snapshot from 30 KB to 2.7 KB, a 50-offer one from 170 KB to 5.4 KB), for about 0.1 ms per write
 * at Brotli's fastest quality, less than the JSON.stringify before it. Redis memory per search is then bounded
 * by the search key rather than by the offers (docs/operating.md "Redis: queues, caches and memory").
 */
export function compressJson(value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value));
  return brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
}

export function decompressJson<T>(compressed: Buffer): T {
  return JSON.parse(brotliDecompressSync(compressed).toString()) as T;
}
