import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The content codings the gateway sends; deflate is left out (ambiguous framing in old clients, and never smaller than gzip). */
export type ContentCoding = 'br' | 'gzip';

/** Bodies smaller than this go out as they are: below a KiB compression saves a few hundred bytes at best. */
export const COMPRESSION_MIN_BYTES = 1024;

/**
 * How hard to compress. `prepared`: a reply compressed once and sent many times (the station and airport
 * lists, the OpenAPI document): brotli quality 5 and gzip level 6 shrink the 1.8 MB airport list to about
 * 300 KB and 370 KB in about 80 ms and 30 ms, once (quality 11, zlib's default, saves another 13% but takes
 * about 3 s). `dynamic`: a reply compressed for one request (a search, a GraphQL answer): brotli quality 1
 * and gzip level 1. Measured on search answers (one core, synchronous; issue 23): brotli 1 takes 41 µs for a
 * 24 KB flight search (2.3 KB out) and 92 µs for a 132 KB one (4.2 KB), against 96 and 249 µs at quality 3
 * (2.0 and 4.0 KB) and 73 and 156 µs at gzip 1 (2.4 and 7.0 KB): a tenth more bytes for half the CPU.
 * Per-request replies to a client on this host's loopback go out as they are (see replyCoding).
 */
export type CompressionEffort = 'prepared' | 'dynamic';

export const COMPRESSION_LEVELS: Record<CompressionEffort, { brotliQuality: number; gzipLevel: number }> = {
  prepared: { brotliQuality: 5, gzipLevel: 6 },
  dynamic: { brotliQuality: 1, gzipLevel: 1 },
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses on libuv's thread pool, so the event loop keeps serving while a large body is encoded. */
export function compress(body: Buffer, coding: ContentCoding, effort: CompressionEffort = 'prepared'): Promise<Buffer> {
  const levels = COMPRESSION_LEVELS[effort];
  if (coding === 'gzip') return gzipAsync(body, { level: levels.gzipLevel });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: levels.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * The coding the client prefers among br and gzip, by q-value (RFC 9110 §12.5.3): `*` stands for
 * a coding not named, q=0 refuses, a tie goes to br (smaller). Null: send the body as it is, also
 * when the header is missing (old clients that send none may not decode anything).
 */
export function negotiateContentCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const named = new Map<string, number>();
  for (const entry of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((part) => part.trim());
      if (name === 'q') q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    named.set(coding, q);
  }
  const weight = (coding: ContentCoding) => named.get(coding) ?? named.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Text-like types compress well; PDFs, images, archives and octet streams are already compressed or opaque. */
export function isCompressibleType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (!type) return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'application/graphql-response+json' ||
    type === 'image/svg+xml' ||
    /^application\/[a-z0-9.+-]+\+(json|xml)$/.test(type)
  );
}

/**
 * The coding a reply goes out in, or null for as-is: never for a reply without a body (204, 304),
 * one already encoded, a type not worth compressing or a body under COMPRESSION_MIN_BYTES.
 * HEAD gets the same answer as GET, so its headers are those GET would send.
 */
export function replyCoding(
  acceptEncoding: string | string[] | undefined,
  status: number,
  headers: Record<string, string>,
  length: number,
): ContentCoding | null {
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return null;
  if (headers['content-encoding'] || !isCompressibleType(headers['content-type']) || length < COMPRESSION_MIN_BYTES) return null;
  return negotiateContentCoding(acceptEncoding);
}

/** A Vary value with Accept-Encoding added once, keeping what was there. */
export function varyOnAcceptEncoding(vary: string | number | string[] | undefined): string {
  const fields = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.some((field) => field === '*' || field.toLowerCase() === 'accept-encoding')) return fields.join(', ');
  return [...fields, 'Accept-Encoding'].join(', ');
}

/**
 * One body and its compressed forms, each made at most once: a cached reply keeps this with it,
 * so a cache hit never compresses again, and requests arriving together share one compression.
 */
export class EncodedBodies {
  private readonly encoded = new Map<ContentCoding, Promise<Buffer>>();

  constructor(
    readonly identity: Buffer,
    readonly effort: CompressionEffort = 'prepared',
  ) {}

  get(coding: ContentCoding | null): Promise<Buffer> {
    if (coding === null) return Promise.resolve(this.identity);
    let body = this.encoded.get(coding);
    if (!body) {
      const made = compress(this.identity, coding, this.effort);
      made.catch(() => {
        if (this.encoded.get(coding) === made) this.encoded.delete(coding);
      });
      this.encoded.set(coding, (body = made));
    }
    return body;
  }
}

/**
 * The Accept-Encoding a reply made for this one request is negotiated with: none for a client on this host's
 * loopback. There compression only costs: brotli 1 of a 24 KB search is about 40 µs of CPU on the thread pool
 * plus the hand-off, while the 22 KB it saves never leave the host (a few µs more of copying into the socket).
 * A proxy on this host forwarding a remote client is not loopback once TRUST_PROXY names it (clientAddress).
 */
export function perRequestAcceptEncoding(req: IncomingMessage, clientIsLoopback: boolean): string | string[] | undefined {
  return clientIsLoopback ? undefined : req.headers['accept-encoding'];
}

/**
 * Ends a response whose status and headers are set (a GraphQL answer), compressing the body when
 * replyCoding says so, with the dynamic effort (it is compressed for this request only); never for a client on
 * loopback (perRequestAcceptEncoding). Incremental (multipart) answers are streamed and do not come through here.
 */
export async function endCompressed(req: IncomingMessage, res: ServerResponse, body: Buffer, clientIsLoopback = false): Promise<void> {
  const contentType = String(res.getHeader('content-type') ?? '');
  const contentEncoding = res.getHeader('content-encoding');
  const headers = { 'content-type': contentType, ...(contentEncoding ? { 'content-encoding': String(contentEncoding) } : {}) };
  const coding = replyCoding(perRequestAcceptEncoding(req, clientIsLoopback), res.statusCode, headers, body.length);
  if (isCompressibleType(contentType)) res.setHeader('vary', varyOnAcceptEncoding(res.getHeader('vary')));
  const sent = coding ? await compress(body, coding, 'dynamic') : body;
  if (coding) res.setHeader('content-encoding', coding);
  res.setHeader('content-length', sent.length);
  res.end(req.method === 'HEAD' ? undefined : sent);
}
