import { createHmac } from 'node:crypto';

/** The header every webhook delivery carries (docs/decisions.md "Webhooks"). */
export const SIGNATURE_HEADER = 'safiri-signature';
export const EVENT_ID_HEADER = 'safiri-event-id';
export const EVENT_TYPE_HEADER = 'safiri-event-type';

/** hex HMAC-SHA256 of "<t>.<raw body>" with one endpoint secret. */
export function signaturePart(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>]`: one v1 per secret that signs now, the current one first, then a rotated-out
 * one while its overlap lasts, so a receiver that still has the old secret keeps verifying (Stripe's and Duffel's form).
 */
export function signatureHeader(secrets: string[], timestamp: number, rawBody: string | Buffer): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signaturePart(secret, timestamp, rawBody)}`)].join(',');
}
