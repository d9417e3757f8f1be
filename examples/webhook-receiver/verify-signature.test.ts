import { signatureHeader } from '../../shared/webhooks/webhook-signature.codec';
import { verifySafiriSignature } from './verify-signature';

describe('verifySafiriSignature (the receiver example)', () => {
  const body = '{"id":"evt_1","type":"webhook.ping","data":{}}';
  const now = 1_790_000_000_000;
  const t = now / 1000;

  it('accepts what the platform signs, and a known vector', () => {
    expect(verifySafiriSignature(body, signatureHeader(['whsec_new'], t, body), 'whsec_new', { now })).toEqual({ valid: true, timestamp: t });
    // HMAC-SHA256 of "1790000000.{}" with key whsec_test, from `printf '1790000000.{}' | openssl dgst -sha256 -hmac whsec_test`.
    const vector = 't=1790000000,v1=1c2847ad1f8158a1da978f36627ac1f07f7fd027321ac9ad40bccc06743f8396';
    expect(signatureHeader(['whsec_test'], t, '{}')).toBe(vector);
    expect(verifySafiriSignature('{}', vector, 'whsec_test', { now })).toEqual({ valid: true, timestamp: t });
  });

  it('verifies with either secret while a rotated one overlaps', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], t, body);
    expect(verifySafiriSignature(body, header, 'whsec_new', { now }).valid).toBe(true);
    expect(verifySafiriSignature(body, header, 'whsec_old', { now }).valid).toBe(true);
    expect(verifySafiriSignature(body, header, 'whsec_other', { now })).toEqual({ valid: false, reason: 'no signature matches the secret' });
  });

  it('refuses a changed body, a stale or future timestamp, and a missing or malformed header', () => {
    const header = signatureHeader(['whsec_new'], t, body);
    expect(verifySafiriSignature(`${body} `, header, 'whsec_new', { now }).valid).toBe(false);
    expect(verifySafiriSignature(body, header, 'whsec_new', { now: now + 301_000 })).toEqual({ valid: false, reason: 'timestamp outside the tolerance' });
    expect(verifySafiriSignature(body, header, 'whsec_new', { now: now - 301_000 }).valid).toBe(false);
    expect(verifySafiriSignature(body, undefined, 'whsec_new', { now })).toEqual({ valid: false, reason: 'no Safiri-Signature header' });
    expect(verifySafiriSignature(body, 'v1=abc', 'whsec_new', { now })).toEqual({ valid: false, reason: 'no timestamp in the header' });
    expect(verifySafiriSignature(body, `t=${t},v1=zz`, 'whsec_new', { now }).valid).toBe(false);
  });
});
