import { createHash } from 'node:crypto';
import type { ContentCoding } from '../../shared/http/compression.codec';

/** The opaque part of a strong ETag for a body: its SHA-256, base64url. Computed once per cached reply. */
export function bodyTag(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url');
}

/**
 * The ETag of one representation. A content coding makes a different representation, whose strong
 * tag must differ (RFC 9110 §8.8.3.3): `"<hash>"` as is, `"<hash>-gzip"`, `"<hash>-br"`.
 */
export function entityTag(tag: string, coding: ContentCoding | null): string {
  return coding ? `"${tag}-${coding}"` : `"${tag}"`;
}

/**
 * Whether If-None-Match names this reply: `*`, or any listed tag (weak comparison, as RFC 9110
 * §13.1.2 asks) of any coding of the same body, since the client's copy holds the same data.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  for (const [, opaque] of value.matchAll(/(?:W\/)?"([^"]*)"/g)) {
    if (opaque === tag || opaque === `${tag}-gzip` || opaque === `${tag}-br`) return true;
  }
  return false;
}
