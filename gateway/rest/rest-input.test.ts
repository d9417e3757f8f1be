import { booleanQuery, requireString } from './rest-input';

describe('REST input readers', () => {
  it('reads mini=true case-insensitively, absent as false, and refuses other values', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(booleanQuery(q('mini=true'), 'mini')).toBe(true);
    expect(booleanQuery(q('mini=TRUE'), 'mini')).toBe(true);
    expect(booleanQuery(q('mini=False'), 'mini')).toBe(false);
    expect(booleanQuery(q(''), 'mini')).toBe(false);
    expect(() => booleanQuery(q('mini=yes'), 'mini')).toThrow(expect.objectContaining({ status: 400, errorCode: 'BAD_REQUEST' }));
  });

  it('requires non-empty strings and names the field', () => {
    expect(requireString({ email: 'a@b.co' }, 'email')).toBe('a@b.co');
    for (const body of [{}, { email: '' }, { email: 5 }, { email: null }]) {
      expect(() => requireString(body, 'email')).toThrow(expect.objectContaining({ status: 400, data: { field: 'email' } }));
    }
  });
});
