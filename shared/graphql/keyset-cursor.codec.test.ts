import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from './keyset-cursor.codec';

describe('keyset cursors', () => {
  it('round-trips a position and refuses anything else', () => {
    expect(decodeKeysetCursor('trip', encodeKeysetCursor('trip', '42'))).toBe('42');
    expect(decodeKeysetCursor('entry', encodeKeysetCursor('trip', '42'))).toBeNull();
    for (const bad of ['', 'bm90IGEgY3Vyc29y', encodeKeysetCursor('trip', '0'), encodeKeysetCursor('trip', '1 OR 1=1'), 'A'.repeat(65)]) {
      expect(decodeKeysetCursor('trip', bad)).toBeNull();
    }
  });

  it('pages one row fewer than it read, and says whether more follow', () => {
    const page = keysetPage(
      [3, 2, 1],
      2,
      (n) => `c${n}`,
      (n) => n * 10,
    );
    expect(page).toEqual({
      edges: [
        { cursor: 'c3', node: 30 },
        { cursor: 'c2', node: 20 },
      ],
      pageInfo: { hasNextPage: true, endCursor: 'c2' },
    });
    expect(keysetPage([], 2, String, String).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });
});
