import { booleanQuery, isJsonObject, valueAt } from './rest-input.reader';

describe('REST input readers', () => {
  it('reads mini=true case-insensitively, absent as false, and refuses other values', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(booleanQuery(q('mini=true'), 'mini')).toBe(true);
    expect(booleanQuery(q('mini=TRUE'), 'mini')).toBe(true);
    expect(booleanQuery(q('mini=False'), 'mini')).toBe(false);
    expect(booleanQuery(q(''), 'mini')).toBe(false);
    expect(() => booleanQuery(q('mini=yes'), 'mini')).toThrow(expect.objectContaining({ status: 400, errorCode: 'BAD_REQUEST' }));
  });

  it('reads nested JSON values as optional chaining does', () => {
    const body: unknown = { trip: { departure: { stop: { stop_id: 'DAR' }, date: '2026-12-01' } }, list: [{ date: 'x' }], text: 'abc', none: null };
    expect(valueAt(body, 'trip', 'departure', 'stop', 'stop_id')).toBe('DAR');
    expect(valueAt(body, 'trip', 'departure', 'date')).toBe('2026-12-01');
    for (const path of [['trip', 'arrival', 'stop', 'stop_id'], ['none', 'date'], ['text', 'date'], ['list', 'date'], ['missing']]) {
      expect(valueAt(body, ...path)).toBeUndefined();
    }
    expect(valueAt(null, 'trip')).toBeUndefined();
    expect(valueAt(body, 'list', 0, 'date')).toBe('x');
    expect(valueAt(body, 'trip', 0)).toBeUndefined();
    expect([{}, { a: 1 }].every(isJsonObject)).toBe(true);
    expect([null, [], 'x', 1, undefined].some(isJsonObject)).toBe(false);
  });
});
