import { isFinalAnswer, keyProblem, requestFingerprint } from './idempotency-key.policy';

describe('the idempotency key policy', () => {
  it('takes 1 to 255 visible ASCII characters', () => {
    expect(keyProblem('a')).toBeNull();
    expect(keyProblem('3f1c9a7e-0b1d-4d7e-9e8a-2f6b5c4d3e21')).toBeNull();
    expect(keyProblem('x'.repeat(255))).toBeNull();
    for (const bad of ['', 'x'.repeat(256), 'has space', 'tab\there', 'naïve']) expect(keyProblem(bad)).toBe('must be 1 to 255 visible ASCII characters');
  });

  it('tells requests apart by method, path with query, and body', () => {
    const base = requestFingerprint('POST', '/api/flight/cancel', { a: 1 });
    expect(requestFingerprint('POST', '/api/flight/cancel', { a: 1 })).toBe(base);
    expect(requestFingerprint('POST', '/api/flight/cancel', { a: 2 })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/flight/cancel?x=1', { a: 1 })).not.toBe(base);
    expect(requestFingerprint('PATCH', '/api/flight/cancel', { a: 1 })).not.toBe(base);
  });

  it('keeps outcomes, not answers that ask the client to come back', () => {
    expect(isFinalAnswer(201, {}, { id: 1 })).toBe(true);
    expect(isFinalAnswer(409, {}, { errorCode: 'FLIGHT_PRICE_CHANGED', status: 409 })).toBe(true);
    expect(isFinalAnswer(404, {}, { errorCode: 'NOT_FOUND', status: 404 })).toBe(true);
    expect(isFinalAnswer(202, {}, { errorCode: 'FLIGHT_RESERVATION_IN_PROGRESS', status: 202 })).toBe(false);
    expect(isFinalAnswer(503, {}, { errorCode: 'QUERY_TIMEOUT', status: 503 })).toBe(false);
    expect(isFinalAnswer(409, { 'retry-after': '2' }, {})).toBe(false);
    expect(isFinalAnswer(429, {}, {})).toBe(false);
    expect(isFinalAnswer(401, {}, {})).toBe(false);
  });
});
