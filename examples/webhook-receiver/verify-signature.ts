import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies a Safiri webhook delivery: copy this file into your receiver (it needs only node:crypto).
 *
 * `header` is the Safiri-Signature header, `t=<unix seconds>,v1=<hex>[,v1=<hex>]`; `rawBody` the request body exactly
 * as received (before any JSON parsing); `secret` your endpoint's signing secret. A delivery is genuine when one v1 is
 * the hex HMAC-SHA256 of "<t>.<raw body>" with your secret, and fresh when t is within `toleranceSeconds` of now (a
 * replayed old delivery is refused). Deduplicate on the Safiri-Event-Id header: a delivery may come more than once.
 */
export function verifySafiriSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): { valid: true; timestamp: number } | { valid: false; reason: string } {
  if (!header) return { valid: false, reason: 'no Safiri-Signature header' };
  let timestamp = NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't') timestamp = Number(value);
    else if (name === 'v1' && value) signatures.push(value);
  }
  if (!Number.isInteger(timestamp)) return { valid: false, reason: 'no timestamp in the header' };
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return { valid: false, reason: 'timestamp outside the tolerance' };
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { valid: true, timestamp } : { valid: false, reason: 'no signature matches the secret' };
}
